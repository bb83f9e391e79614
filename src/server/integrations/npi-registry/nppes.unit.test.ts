import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
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

  it('returns null for no results, another NPI or a nameless record', () => {
    expect(parseNppesResponse(NPI, { result_count: 0, results: [] })).toBeNull();
    expect(parseNppesResponse(NPI, { result_count: 0 })).toBeNull();
    expect(parseNppesResponse(NPI, { results: [result({ number: '1234567893' })] })).toBeNull();
    expect(parseNppesResponse(NPI, { results: [result({ basic: { first_name: 'ANA' } })] })).toBeNull();
  });

  it('turns the Errors envelope into a rejection carrying its description', () => {
    const error = rejection(() =>
      parseNppesResponse(NPI, { Errors: [{ description: 'Field number requires a 10-digit value', field: 'number', number: '03' }] }),
    );
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

describe('real NPPES answers (tests/fixtures/real/nppes, recorded by ropensci/npi)', () => {
  const dir = new URL('../../../../tests/fixtures/real/nppes/', import.meta.url);
  const answer = (file: string) =>
    JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { results: Array<{ number: string | number; enumeration_type: string }> };
  const records = (file: string) => {
    const body = answer(file);
    return body.results.filter((r) => r.enumeration_type === 'NPI-1').map((r) => parseNppesResponse(String(r.number), body)!);
  };

  it('keeps one specialty per taxonomy code, the primary one, and every state’s license', () => {
    for (const file of ['individuals-ga-10.json', 'individuals-ny-5.json', 'mixed-ga-10-with-organizations.json']) {
      for (const record of records(file)) {
        const codes = record.specialties.map((s) => s.code);
        expect(new Set(codes).size, `${file} ${record.npi_number}`).toBe(codes.length);
        expect(record.taxonomies.map((t) => t.code)).toEqual(codes);
      }
    }
    // Listed as 207P00000X in NY (not primary) and GA (primary).
    const oiyemhonlan = records('individuals-ga-10.json').find((r) => r.npi_number === '1568726677')!;
    expect(oiyemhonlan.specialties).toEqual([{ name: 'Emergency Medicine', code: '207P00000X', is_primary: true }]);
    expect(oiyemhonlan.primary_taxonomy).toMatchObject({ code: '207P00000X', state: 'GA', primary: true });
    expect(oiyemhonlan.licenses.map((l) => l.state).sort()).toEqual(['GA', 'NY']);
  });

  it('splits credentials written in one field into each credential', () => {
    const byNpi = new Map(records('individuals-ga-10.json').map((r) => [r.npi_number, r]));
    const values = (npi: string) => byNpi.get(npi)!.credentials.map((c) => c.value);
    expect(values('1013090240')).toEqual(['DC', 'PC']);
    expect(values('1508193921')).toEqual(['CPNP', 'DNP']);
    expect(values('1972547016')).toEqual(['M.A.', 'CCC-A']);
    expect(values('1063410173')).toEqual(['M.D']);
    expect(values('1932510609')).toEqual([]);
    expect(
      records('individuals-ny-5.json')
        .find((r) => r.npi_number === '1336333764')!
        .credentials.map((c) => c.value),
    ).toEqual(['MFA', 'MSW']);
  });

  it('reads one credential typed with a space inside as one (the spellings found in the registry, on a recorded record)', () => {
    // The recordings here hold none of them; the credential field of a real record is set to each spelling.
    const body = answer('individuals-ga-10.json') as unknown as { results: Array<{ number: number; basic: { credential?: string } }> };
    const record = body.results.find((r) => String(r.number) === '1063410173')!;
    const credentialsOf = (credential: string) => {
      const copy = structuredClone(body);
      copy.results.find((r) => r.number === record.number)!.basic.credential = credential;
      return parseNppesResponse('1063410173', copy)!.credentials.map((c) => c.value);
    };
    expect(['M. D.', 'Pharm D', 'L. Ac.', 'RN LPN', 'MA, LPC', 'OTR/L'].map(credentialsOf)).toEqual([
      ['MD'],
      ['PharmD'],
      ['LAc'],
      ['RN', 'LPN'],
      ['MA', 'LPC'],
      ['OTR/L'],
    ]);
  });

  it('cases names the registry writes in capitals, Mc and hyphenated names included', () => {
    const ga = records('individuals-ga-10.json');
    expect(ga.find((r) => r.npi_number === '1669960134')).toMatchObject({ first_name: 'Derek', last_name: 'McCranie' });
    expect(ga.find((r) => r.npi_number === '1083762025')).toMatchObject({ first_name: 'Kimberly', last_name: 'Hodge Spears' });
    expect(records('individuals-ny-5.json').find((r) => r.npi_number === '1336333764')).toMatchObject({ first_name: 'Claudia', last_name: 'Narvaez-Meza' });
  });

  it('says an organization’s number (NPI-2) belongs to an organization instead of "not found"', () => {
    for (const [file, npi] of [
      ['organization-1.json', '1568946812'],
      ['mixed-ga-10-with-organizations.json', '1467486373'],
    ] as const) {
      const error = rejection(() => parseNppesResponse(npi, answer(file)));
      expect(error).toMatchObject({ kind: 'organization', message: NPI_REGISTRY_MESSAGES.organization });
    }
  });
});
