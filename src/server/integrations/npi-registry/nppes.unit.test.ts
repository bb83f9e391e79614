import { describe, expect, it } from 'vitest';
import { computeNpiCheckDigit } from '../../../shared/npi';
import { TtlCache } from './cache';
import { createNppesRegistry, parseNppesResponse } from './nppes';
import { NPI_REGISTRY_MESSAGES, NpiRegistryError } from './types';

const NPI = `148729503${computeNpiCheckDigit('148729503')}`;

function result(overrides: Record<string, unknown> = {}) {
  return {
    number: NPI,
    enumeration_type: 'NPI-1',
    basic: { first_name: 'ANA', last_name: 'REYES', status: 'A' },
    addresses: [],
    taxonomies: [],
    ...overrides,
  };
}

const rejection = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as NpiRegistryError;
  }
  throw new Error('expected a throw');
};

describe('parseNppesResponse', () => {
  it('accepts the v2.0 shape with a numeric number and epochs', () => {
    const record = parseNppesResponse(NPI, { result_count: 1, results: [result({ number: Number(NPI), created_epoch: 1183953600000 })] });
    expect(record?.npi_number).toBe(NPI);
  });

  it('falls back to the first address without a LOCATION one, and to null without any', () => {
    const mailing = { address_purpose: 'MAILING', address_1: 'PO BOX 1', city: 'AUSTIN', state: 'TX', postal_code: '78701', country_code: 'US' };
    expect(parseNppesResponse(NPI, { results: [result({ addresses: [mailing] })] })?.primary_address).toMatchObject({ address_1: 'PO BOX 1', city: 'AUSTIN' });
    expect(parseNppesResponse(NPI, { results: [result({ addresses: undefined })] })?.primary_address).toBeNull();
  });

  it('uses the first taxonomy as primary when none is flagged, and null without taxonomies', () => {
    const taxonomies = [
      { code: '208D00000X', desc: 'General Practice', primary: false, state: 'TX', license: 'K1' },
      { code: '207Q00000X', desc: 'Family Medicine', primary: false, state: 'TX', license: 'K1' },
    ];
    const record = parseNppesResponse(NPI, { results: [result({ taxonomies })] });
    expect(record?.primary_taxonomy?.code).toBe('208D00000X');
    expect(record?.licenses).toHaveLength(1);
    expect(parseNppesResponse(NPI, { results: [result()] })?.primary_taxonomy).toBeNull();
  });

  it('returns null for no results, another NPI, an organization or a nameless record', () => {
    expect(parseNppesResponse(NPI, { result_count: 0, results: [] })).toBeNull();
    expect(parseNppesResponse(NPI, { result_count: 0 })).toBeNull();
    expect(parseNppesResponse(NPI, { results: [result({ number: '1234567893' })] })).toBeNull();
    expect(parseNppesResponse(NPI, { results: [result({ enumeration_type: 'NPI-2', basic: { organization_name: 'X LLC' } })] })).toBeNull();
    expect(parseNppesResponse(NPI, { results: [result({ basic: { first_name: 'ANA' } })] })).toBeNull();
  });

  it('turns the Errors envelope into a rejection carrying its description', () => {
    const error = rejection(() => parseNppesResponse(NPI, { Errors: [{ description: 'Field number requires a 10-digit value', field: 'number', number: '03' }] }));
    expect(error).toBeInstanceOf(NpiRegistryError);
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Field number requires a 10-digit value');
    expect(rejection(() => parseNppesResponse(NPI, { Errors: [{ field: 'number' }] })).message).toBe(NPI_REGISTRY_MESSAGES.invalidResponse);
  });

  it.each([null, 'text', 42, [], {}, { results: 'none' }, { results: [{ basic: {} }] }, { results: [result({ taxonomies: [{ desc: 'no code' }] })] }])(
    'calls %j an unexpected response',
    (payload) => {
      const error = rejection(() => parseNppesResponse(NPI, payload));
      expect(error.kind).toBe('invalid_response');
      expect(error.message).toBe(NPI_REGISTRY_MESSAGES.invalidResponse);
    },
  );
});

describe('createNppesRegistry', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('builds the v2.1 query on the configured base URL', async () => {
    const urls: string[] = [];
    const fetchImpl = (async (url: string | URL) => {
      urls.push(String(url));
      return json({ result_count: 0, results: [] });
    }) as typeof fetch;
    await createNppesRegistry({ baseUrl: 'https://registry.test/api/', fetchImpl }).lookup(NPI);
    expect(urls).toEqual([`https://registry.test/api/?version=2.1&number=${NPI}`]);
  });

  it('does not retry a 4xx but reports the registry as unavailable', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls += 1;
      return new Response('forbidden', { status: 403 });
    }) as unknown as typeof fetch;
    const error = await createNppesRegistry({ fetchImpl, sleep: async () => {} })
      .lookup(NPI)
      .catch((e: unknown) => e as NpiRegistryError);
    expect(error).toMatchObject({ kind: 'unavailable', upstreamStatus: 403, message: NPI_REGISTRY_MESSAGES.unavailable });
    expect(calls).toBe(1);
  });

  it('keeps at most cacheMaxEntries answers', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string | URL) => {
      asked.push(new URL(String(url)).searchParams.get('number') ?? '');
      return json({ result_count: 0, results: [] });
    }) as typeof fetch;
    const registry = createNppesRegistry({ fetchImpl, cacheMaxEntries: 2 });
    const npis = ['100000000', '100000001', '100000002'].map((first9) => `${first9}${computeNpiCheckDigit(first9)}`);
    for (const npi of npis) await registry.lookup(npi);
    await registry.lookup(npis[2]!);
    await registry.lookup(npis[0]!);
    expect(asked).toEqual([...npis, npis[0]]);
  });
});

describe('TtlCache', () => {
  it('expires entries after the TTL and evicts the least recently used', () => {
    let clock = 0;
    const cache = new TtlCache<string, number | null>(1_000, 2, () => clock);
    cache.set('a', 1);
    cache.set('b', null);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    clock = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
