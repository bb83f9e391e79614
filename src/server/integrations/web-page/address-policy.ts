import { isIP } from 'node:net';

/**
 * Which IP addresses a server-side page fetch may connect to. Anything that is not ordinary public
 * unicast space is refused, including the IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, IPv4-compatible), so "::ffff:127.0.0.1" cannot sneak past the IPv4 rules.
 */

export type BlockReason =
  'loopback' | 'private' | 'link-local' | 'carrier-grade NAT' | 'unique-local' | 'unspecified' | 'multicast' | 'reserved' | 'documentation';

interface Range {
  base: bigint;
  bits: number;
  reason: BlockReason;
}

const v4 = (dotted: string) => dotted.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);

const IPV4_RANGES: Range[] = [
  { base: v4('0.0.0.0'), bits: 8, reason: 'unspecified' },
  { base: v4('10.0.0.0'), bits: 8, reason: 'private' },
  { base: v4('100.64.0.0'), bits: 10, reason: 'carrier-grade NAT' },
  { base: v4('127.0.0.0'), bits: 8, reason: 'loopback' },
  { base: v4('169.254.0.0'), bits: 16, reason: 'link-local' },
  { base: v4('172.16.0.0'), bits: 12, reason: 'private' },
  { base: v4('192.0.0.0'), bits: 24, reason: 'reserved' },
  { base: v4('192.0.2.0'), bits: 24, reason: 'documentation' },
  { base: v4('192.88.99.0'), bits: 24, reason: 'reserved' },
  { base: v4('192.168.0.0'), bits: 16, reason: 'private' },
  { base: v4('198.18.0.0'), bits: 15, reason: 'reserved' },
  { base: v4('198.51.100.0'), bits: 24, reason: 'documentation' },
  { base: v4('203.0.113.0'), bits: 24, reason: 'documentation' },
  { base: v4('224.0.0.0'), bits: 4, reason: 'multicast' },
  { base: v4('240.0.0.0'), bits: 4, reason: 'reserved' },
];

function inRange(value: bigint, width: number, range: Range) {
  const shift = BigInt(width - range.bits);
  return value >> shift === range.base >> shift;
}

function checkIpv4(value: bigint): BlockReason | null {
  return IPV4_RANGES.find((range) => inRange(value, 32, range))?.reason ?? null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, trailing dotted quad allowed). */
export function ipv6Groups(address: string): number[] | null {
  let text = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = Number(v4(dotted[1]!));
    text = `${text.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function checkIpv6(address: string): BlockReason | null {
  const groups = ipv6Groups(address);
  if (!groups) return 'reserved';
  const value = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
  const embedded = (low32: bigint) => checkIpv4(low32 & 0xffffffffn);
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  const top = (bits: number) => value >> BigInt(128 - bits);
  // ::a.b.c.d (IPv4-compatible) and ::ffff:a.b.c.d (IPv4-mapped) reach the IPv4 address itself.
  if (top(96) === 0n || top(96) === 0xffffn) return embedded(value) ?? null;
  // ::ffff:0:a.b.c.d (IPv4-translated, ::ffff:0:0/96, RFC 2765) is another IPv4 form no public
  // host needs; refused whole rather than judged by its embedded address.
  if (top(96) === 0xffff0000n) return 'reserved';
  // 64:ff9b::/96 (NAT64) translates to the embedded IPv4 address.
  if (top(96) === 0x0064ff9b0000000000000000n) return embedded(value) ?? null;
  // 64:ff9b:1::/48 (local-use NAT64, RFC 8215) translates to IPv4 by a site's own rules, which may
  // reach anything inside it.
  if (top(48) === 0x0064ff9b0001n) return 'reserved';
  // 2002::/16 (6to4) tunnels to the IPv4 address in bits 16–48.
  if (top(16) === 0x2002n) return checkIpv4((value >> 80n) & 0xffffffffn);
  if (top(7) === 0x7en) return 'unique-local';
  if (top(10) === 0x3fan) return 'link-local';
  if (top(10) === 0x3fbn) return 'link-local';
  if (top(8) === 0xffn) return 'multicast';
  if (top(32) === 0x20010db8n) return 'documentation';
  // Teredo (2001::/32) hides its IPv4 endpoint; 100::/64 is the discard prefix.
  if (top(32) === 0x20010000n) return 'reserved';
  if (top(64) === 0x0100000000000000n) return 'reserved';
  return null;
}

/** Why an address is refused, or null when it is public unicast. */
export function blockedReason(address: string): BlockReason | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return checkIpv4(v4(bare));
  if (family === 6) return checkIpv6(bare);
  return 'reserved';
}
