import { describe, expect, it } from 'vitest';
import { blockedReason } from './address-policy';
import { createSafeFetcher, SafeFetchError, type LookupFn, type Transport } from './safe-fetch';

// Issue T3 1/7 item 15: the IPv6 forms that embed an IPv4 address by translation, and what a
// refusal says.

/** Every connection attempt is recorded and fails; nothing leaves the machine. */
function recordingFetcher(dns: Record<string, string[]> = {}) {
  const connections: string[] = [];
  const lookup: LookupFn = async (hostname) => {
    const addresses = dns[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const transport: Transport = async (request) => {
    connections.push(request.address);
    throw new Error('the test transport connects to nothing');
  };
  return { fetchPage: createSafeFetcher({ lookup, transport }), connections };
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('outbound address policy', () => {
  it.each([
    // ::ffff:0:0/96, IPv4-translated addresses, whatever they embed.
    ['::ffff:0:127.0.0.1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['::ffff:0:93.184.216.34', 'reserved'],
    // 64:ff9b:1::/48, local-use NAT64, whatever they embed.
    ['64:ff9b:1::7f00:1', 'reserved'],
    ['64:ff9b:1:ffff::a00:1', 'reserved'],
    ['64:ff9b:1::5db8:d822', 'reserved'],
    // 64:ff9b::/96, well-known NAT64: judged by the embedded IPv4 address.
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::c0a8:101', 'private'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
    expect(blockedReason(`[${address}]`)).toBe(reason);
  });

  it('still allows public addresses, including a public IPv4 address through well-known NAT64', () => {
    expect(blockedReason('64:ff9b::5db8:d822')).toBeNull();
    expect(blockedReason('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
    // Just outside the refused prefixes.
    expect(blockedReason('64:ff9b:2::1')).toBeNull();
  });

  it.each(['http://[::ffff:0:127.0.0.1]/', 'http://[64:ff9b:1::7f00:1]/', 'http://[64:ff9b::7f00:1]/'])(
    'refuses %s before any connection attempt',
    async (url) => {
      const { fetchPage, connections } = recordingFetcher();
      const error = await refusalOf(fetchPage(url));
      expect(error.code).toBe('BLOCKED_ADDRESS');
      expect(connections).toEqual([]);
    },
  );

  it('names the host but never the address it resolved to', async () => {
    const { fetchPage, connections } = recordingFetcher({ vm: ['127.0.0.1'], 'intranet.example.com': ['10.0.0.7'], 'v6.example.com': ['64:ff9b:1::a00:7'] });
    expect((await refusalOf(fetchPage('http://vm/'))).message).toBe('Refused to fetch vm: loopback addresses are not allowed');
    const intranet = await refusalOf(fetchPage('https://intranet.example.com/'));
    expect(intranet.message).toBe('Refused to fetch intranet.example.com: private addresses are not allowed');
    expect(intranet.message).not.toContain('10.0.0.7');
    expect((await refusalOf(fetchPage('https://v6.example.com/'))).message).not.toContain('64:ff9b');
    expect(connections).toEqual([]);
  });
});
