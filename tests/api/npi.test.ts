import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NpiRecord } from '../../src/shared/npi';
import { handleError } from '../../src/server/http/errors';
import type { AppBindings } from '../../src/server/http/types';
import { createNppesRegistry, type NppesRegistryOptions } from '../../src/server/integrations/npi-registry';
import { sharedRateLimiter } from '../../src/server/auth/rate-limit';
import type { DatabaseHandle } from '../../src/server/db/client';
import { NPI_RATE_LIMIT, npiRoutes, type NpiRoutesOptions } from '../../src/server/modules/npi/routes';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { uniqueSuffix } from '../support/factories';
import { createTestDatabase, databaseLabel } from '../support/test-database';

let fake: FakeNppes;
// The lookup limit is counted in the database, as every process of a deployment shares it.
let database: DatabaseHandle;
beforeAll(async () => {
  fake = await startFakeNppes();
  database = await createTestDatabase();
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});
beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
});

const FORMAT = { error: { code: 'VALIDATION_ERROR', message: 'NPI number must be exactly 10 digits' } };
const NOT_FOUND = { error: { code: 'NPI_NOT_FOUND', message: 'No provider found with the given NPI number' } };
const UNAVAILABLE = { error: { code: 'NPI_REGISTRY_ERROR', message: 'The NPI registry is not responding. Please try again later.' } };
const UNEXPECTED = { error: { code: 'NPI_REGISTRY_ERROR', message: 'The NPI registry returned an unexpected response' } };
const RATE_LIMITED = { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many attempts. Please wait a few minutes before trying again.' } };

/** A limit of its own for each app here (the real one is named `npi-lookup`), or a shared one. */
const limiterFor = (name = `npi-lookup-${uniqueSuffix()}`, now?: () => number) =>
  sharedRateLimiter(database.db, { name, ...NPI_RATE_LIMIT, ...(now ? { now } : {}) });

/** The NPI routes alone, as app.ts mounts them, on a fresh registry (fresh cache) and limiter. */
function buildApp(registryOptions: Partial<NppesRegistryOptions> = {}, routeOptions: Partial<NpiRoutesOptions> = {}) {
  const registry = createNppesRegistry({ baseUrl: fake.url, sleep: async () => {}, ...registryOptions });
  const app = new Hono<AppBindings>();
  app.route('/api', npiRoutes(registry, { trustProxy: true, limiter: limiterFor(), ...routeOptions }));
  app.onError(handleError);
  return app;
}

async function get(app: Hono<AppBindings>, path: string, ip = '203.0.113.7') {
  const response = await app.request(path, { headers: { 'x-forwarded-for': ip } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const cardiologist: NpiRecord = {
  npi_number: FAKE_NPIS.cardiologist,
  first_name: 'Margaret',
  last_name: 'Okafor',
  middle_name: 'Adaeze',
  name_prefix: 'Dr.',
  name_suffix: null,
  credential: 'MD',
  gender: 'F',
  enumeration_date: '2007-07-09',
  last_updated: '2021-04-06',
  status: 'active',
  primary_address: {
    address_1: '251 E HURON ST',
    address_2: 'SUITE 8-100',
    city: 'CHICAGO',
    state: 'IL',
    postal_code: '606114418',
    country_code: 'US',
    telephone_number: '312-555-0100',
    fax_number: '312-555-0101',
  },
  primary_taxonomy: { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', state: 'IL', license: '036123456', primary: true },
  licenses: [
    { license_number: '036123456', state: 'IL', taxonomy_code: '207RC0000X', taxonomy_desc: 'Internal Medicine, Cardiovascular Disease', status: 'active' },
  ],
  specialties: [
    { name: 'Internal Medicine, Cardiovascular Disease', code: '207RC0000X', is_primary: true },
    { name: 'Internal Medicine', code: '207R00000X', is_primary: false },
  ],
  credentials: [{ type: 'degree', value: 'MD', verified: true }],
  taxonomies: [
    { code: '207RC0000X', taxonomy_group: '', desc: 'Internal Medicine, Cardiovascular Disease', state: 'IL', license: '036123456', primary: true },
    { code: '207R00000X', taxonomy_group: '', desc: 'Internal Medicine', state: 'IL', license: '036123456', primary: false },
  ],
};

const familyPhysician: NpiRecord = {
  npi_number: FAKE_NPIS.familyPhysician,
  first_name: 'Daniel',
  last_name: 'Kowalski',
  middle_name: 'J',
  name_prefix: null,
  name_suffix: 'JR.',
  credential: 'DO',
  gender: 'M',
  enumeration_date: '2006-05-16',
  last_updated: '2023-01-02',
  status: 'active',
  primary_address: {
    address_1: '4815 LIBERTY AVE',
    address_2: null,
    city: 'PITTSBURGH',
    state: 'PA',
    postal_code: '152242158',
    country_code: 'US',
    telephone_number: '412-555-0175',
    fax_number: null,
  },
  primary_taxonomy: { code: '207Q00000X', desc: 'Family Medicine', state: 'PA', license: 'OS012345', primary: true },
  licenses: [
    { license_number: 'OS012345', state: 'PA', taxonomy_code: '207Q00000X', taxonomy_desc: 'Family Medicine', status: 'active' },
    { license_number: '25MB09876500', state: 'NJ', taxonomy_code: '207QS0010X', taxonomy_desc: 'Family Medicine, Sports Medicine', status: 'active' },
  ],
  specialties: [
    { name: 'Family Medicine', code: '207Q00000X', is_primary: true },
    { name: 'Family Medicine, Sports Medicine', code: '207QS0010X', is_primary: false },
  ],
  credentials: [{ type: 'degree', value: 'DO', verified: true }],
  taxonomies: [
    { code: '207Q00000X', taxonomy_group: '', desc: 'Family Medicine', state: 'PA', license: 'OS012345', primary: true },
    { code: '207QS0010X', taxonomy_group: '', desc: 'Family Medicine, Sports Medicine', state: 'NJ', license: '25MB09876500', primary: false },
  ],
};

const nursePractitioner: NpiRecord = {
  npi_number: FAKE_NPIS.nursePractitioner,
  first_name: 'Priya',
  last_name: 'Nair',
  middle_name: null,
  name_prefix: null,
  name_suffix: null,
  credential: null,
  gender: 'F',
  enumeration_date: '2015-01-01',
  last_updated: '2023-11-15',
  status: 'active',
  primary_address: {
    address_1: '6411 FANNIN ST',
    address_2: null,
    city: 'HOUSTON',
    state: 'TX',
    postal_code: '770302703',
    country_code: 'US',
    telephone_number: '713-555-0123',
    fax_number: null,
  },
  primary_taxonomy: { code: '363LF0000X', desc: 'Nurse Practitioner, Family', state: 'TX', license: 'AP123456', primary: true },
  licenses: [{ license_number: 'AP123456', state: 'TX', taxonomy_code: '363LF0000X', taxonomy_desc: 'Nurse Practitioner, Family', status: 'active' }],
  specialties: [
    { name: 'Nurse Practitioner, Family', code: '363LF0000X', is_primary: true },
    { name: 'Registered Nurse', code: '163W00000X', is_primary: false },
  ],
  credentials: [],
  taxonomies: [
    { code: '363LF0000X', taxonomy_group: '', desc: 'Nurse Practitioner, Family', state: 'TX', license: 'AP123456', primary: true },
    { code: '163W00000X', taxonomy_group: '', desc: 'Registered Nurse', state: 'TX', license: null, primary: false },
  ],
};

describe('GET /api/npi/:number validation', () => {
  it.each([
    ['9 digits', '123456789'],
    ['11 digits', '12345678931'],
    ['letters', 'abcdefghij'],
    ['digits and letters', '12345a7893'],
    ['failed checksum', '1234567890'],
    ['checksum off by one', `${FAKE_NPIS.cardiologist.slice(0, 9)}${(Number(FAKE_NPIS.cardiologist[9]) + 1) % 10}`],
    ['inner space', '12345%206789'],
  ])('refuses %s with 400 and makes no outbound request', async (_label, value) => {
    const { status, body } = await get(buildApp(), `/api/npi/${value}`);
    expect(status).toBe(400);
    expect(body).toMatchObject(FORMAT);
    expect(fake.requests).toEqual([]);
  });

  it('trims surrounding spaces before validating', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/%20${FAKE_NPIS.cardiologist}%20`);
    expect(status).toBe(200);
    expect(body.npi_number).toBe(FAKE_NPIS.cardiologist);
  });
});

describe('GET /api/npi/:number mapping', () => {
  it('maps the cardiologist: LOCATION address over the first (MAILING) one, one license for two taxonomies, "--" as null', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(200);
    expect(body).toEqual(cardiologist);
    expect(fake.requests).toEqual([`/api/?version=2.1&number=${FAKE_NPIS.cardiologist}`]);
  });

  it('maps the family physician: two licenses in two states, two specialties, gender from the older field', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.familyPhysician}`);
    expect(status).toBe(200);
    expect(body).toEqual(familyPhysician);
  });

  it('maps the nurse practitioner: no credential entry, no license for a taxonomy without a number', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.nursePractitioner}`);
    expect(status).toBe(200);
    expect(body).toEqual(nursePractitioner);
  });

  it('reports a status other than A as deactivated, keeping the credential as written', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.deactivated}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      npi_number: FAKE_NPIS.deactivated,
      first_name: 'Harold',
      last_name: 'Bennett',
      middle_name: null,
      name_prefix: null,
      gender: 'M',
      status: 'deactivated',
      credential: 'M.D.',
      credentials: [{ type: 'degree', value: 'M.D.', verified: true }],
      licenses: [{ license_number: '9876', state: 'NH', taxonomy_code: '208600000X', taxonomy_desc: 'Surgery', status: 'active' }],
      specialties: [{ name: 'Surgery', code: '208600000X', is_primary: true }],
    });
  });
});

describe('GET /api/npi/:number failures', () => {
  it('answers 404 with the spec message for an NPI the registry does not know', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.unknown}`);
    expect(status).toBe(404);
    expect(body).toEqual(NOT_FOUND);
    expect(fake.requests).toHaveLength(1);
  });

  it('says an organization NPI (NPI-2) belongs to an organization, not "No provider found"', async () => {
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.organization}`);
    expect(status).toBe(422);
    expect(body).toEqual({
      error: {
        code: 'NPI_ORGANIZATION',
        message: 'This NPI belongs to an organization (NPI-2), not an individual provider. Please enter your own individual NPI.',
      },
    });
    // The same for the real organizations NPPES answered (recorded by ropensci/npi).
    for (const number of ['1467486373', '1568946812']) expect((await get(buildApp(), `/api/npi/${number}`)).body.error.code).toBe('NPI_ORGANIZATION');
  });

  it('serves real registry records cased, one specialty per code and credentials split (tests/fixtures/real/nppes)', async () => {
    const mccranie = await get(buildApp(), '/api/npi/1669960134');
    expect(mccranie.status).toBe(200);
    expect(mccranie.body).toMatchObject({ first_name: 'Derek', last_name: 'McCranie' });
    const precourt = (await get(buildApp(), '/api/npi/1013090240')).body;
    expect(precourt.specialties).toEqual([{ name: 'Chiropractor', code: '111N00000X', is_primary: true }]);
    expect(precourt.credentials.map((c: { value: string }) => c.value)).toEqual(['DC', 'PC']);
    const search = (await get(buildApp(), '/api/npi?q=1336333764')).body;
    expect(search.items[0]).toMatchObject({ name: 'Claudia Narvaez-Meza', first_name: 'Claudia', last_name: 'Narvaez-Meza', credential: 'MFA, MSW' });
  });

  it("passes on the registry's own description when it answers 200 with an Errors envelope, without retrying", async () => {
    fake.setMode('errorsEnvelope');
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual({ error: { code: 'NPI_REGISTRY_ERROR', message: 'No valid search criteria provided' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 500 three times, then answers 502', async () => {
    fake.setMode('error500');
    const delays: number[] = [];
    const app = buildApp({ sleep: async (ms) => void delays.push(ms) });
    const { status, body } = await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual(UNAVAILABLE);
    expect(fake.requests).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('recovers when the registry comes back', async () => {
    fake.setMode('error500');
    const app = buildApp({ retries: 0 });
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`)).status).toBe(502);
    fake.setMode('normal');
    // The failure was not cached.
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`)).status).toBe(200);
    expect(fake.requests).toHaveLength(2);
  });

  it('answers 502 with a clear message when the registry sends HTML', async () => {
    fake.setMode('garbage');
    const { status, body } = await get(buildApp(), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual(UNEXPECTED);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['an empty object', {}],
    ['a list', []],
    ['results of the wrong type', { result_count: 'many', results: 'none' }],
    ['a result without a number', { result_count: 1, results: [{ basic: { first_name: 'A', last_name: 'B' } }] }],
  ])('answers 502 with a clear message for JSON of the wrong shape: %s', async (_label, payload) => {
    const fetchImpl = (async () => Response.json(payload)) as unknown as typeof fetch;
    const { status, body } = await get(buildApp({ fetchImpl }), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual(UNEXPECTED);
  });

  it('answers 502 when every attempt times out', async () => {
    fake.setMode('slow');
    const started = Date.now();
    const { status, body } = await get(buildApp({ timeoutMs: 100, retries: 1 }), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual(UNAVAILABLE);
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('answers 502 when the registry cannot be reached at all', async () => {
    const closed = await startFakeNppes();
    await closed.close();
    const { status, body } = await get(buildApp({ baseUrl: closed.url, retries: 1 }), `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(502);
    expect(body).toEqual(UNAVAILABLE);
  });
});

describe('registry cache', () => {
  it('answers a repeated lookup from memory', async () => {
    const app = buildApp();
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`)).body).toEqual(cardiologist);
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`)).body).toEqual(cardiologist);
    expect(fake.requests).toHaveLength(1);
  });

  it('remembers "not found" too', async () => {
    const app = buildApp();
    expect((await get(app, `/api/npi/${FAKE_NPIS.unknown}`)).status).toBe(404);
    expect((await get(app, `/api/npi/${FAKE_NPIS.unknown}`)).status).toBe(404);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks again once five minutes have passed', async () => {
    let clock = 1_000_000;
    const app = buildApp({ now: () => clock });
    await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`);
    clock += 5 * 60_000 - 1;
    await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(fake.requests).toHaveLength(1);
    clock += 1;
    await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`);
    expect(fake.requests).toHaveLength(2);
  });

  it('sends one request for simultaneous lookups of the same NPI', async () => {
    const app = buildApp();
    const answers = await Promise.all([1, 2, 3].map(() => get(app, `/api/npi/${FAKE_NPIS.familyPhysician}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('GET /api/npi?q= search', () => {
  it('looks up a 10-digit query and returns the spec search item', async () => {
    const { status, body } = await get(buildApp(), `/api/npi?q=${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        {
          npi: FAKE_NPIS.cardiologist,
          name: 'Margaret Okafor',
          first_name: 'Margaret',
          last_name: 'Okafor',
          middle_name: '',
          credential: 'MD',
          specialty: 'Internal Medicine, Cardiovascular Disease',
          address: 'CHICAGO, IL',
          raw_data: cardiologist,
        },
      ],
    });
  });

  it('gives an empty credential for a provider without one', async () => {
    const { body } = await get(buildApp(), `/api/npi?q=%20${FAKE_NPIS.nursePractitioner}%20`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ npi: FAKE_NPIS.nursePractitioner, name: 'Priya Nair', credential: '', middle_name: '', address: 'HOUSTON, TX' });
  });

  it.each([
    ['a name', 'Okafor'],
    ['a full name', 'Margaret%20Okafor'],
    ['9 digits', '148729503'],
    ['11 digits', `${FAKE_NPIS.cardiologist}1`],
    ['10 digits failing the checksum', '1234567890'],
    ['nothing', ''],
  ])('returns no items and makes no request for %s', async (_label, q) => {
    const { status, body } = await get(buildApp(), `/api/npi?q=${q}`);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [] });
    expect(fake.requests).toEqual([]);
  });

  it('returns no items without a query at all', async () => {
    expect((await get(buildApp(), '/api/npi')).body).toEqual({ items: [] });
  });

  it('returns no items for an unknown NPI or an organization', async () => {
    const app = buildApp();
    expect((await get(app, `/api/npi?q=${FAKE_NPIS.unknown}`)).body).toEqual({ items: [] });
    expect((await get(app, `/api/npi?q=${FAKE_NPIS.organization}`)).body).toEqual({ items: [] });
  });

  it('returns no items, not an error, when the registry fails (spec: search failures return an empty list)', async () => {
    fake.setMode('error500');
    const { status, body } = await get(buildApp({ retries: 0 }), `/api/npi?q=${FAKE_NPIS.cardiologist}`);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [] });
    expect(fake.requests).toHaveLength(1);
  });

  it('shares the cache with the lookup route', async () => {
    const app = buildApp();
    await get(app, `/api/npi?q=${FAKE_NPIS.cardiologist}`);
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`)).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });
});

describe(`rate limit (${databaseLabel})`, () => {
  it('allows 30 lookups a minute per IP and refuses the 31st with 429', async () => {
    const app = buildApp();
    for (let i = 1; i <= 30; i += 1) {
      const { status } = await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`, '198.51.100.1');
      expect(status, `request ${i}`).toBe(200);
    }
    const refused = await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another client is unaffected.
    expect((await get(app, `/api/npi/${FAKE_NPIS.cardiologist}`, '198.51.100.2')).status).toBe(200);
  });

  it('counts searches and invalid numbers too, before validation', async () => {
    const app = buildApp();
    for (let i = 0; i < 10; i += 1) await get(app, '/api/npi/123', '198.51.100.3');
    for (let i = 0; i < 10; i += 1) await get(app, '/api/npi?q=Smith', '198.51.100.3');
    for (let i = 0; i < 10; i += 1) await get(app, `/api/npi?q=${FAKE_NPIS.nursePractitioner}`, '198.51.100.3');
    expect((await get(app, '/api/npi/123', '198.51.100.3')).status).toBe(429);
    expect((await get(app, '/api/npi?q=Smith', '198.51.100.3')).body).toEqual(RATE_LIMITED);
  });

  it('keys on the last X-Forwarded-For entry (the one our proxy appended), and on "unknown" without one', async () => {
    const app = buildApp();
    // A client that sends its own, changing X-Forwarded-For still has one address: the proxy's entry.
    for (let i = 0; i < 30; i += 1) await get(app, '/api/npi?q=x', `10.0.0.${i}, 192.0.2.10`);
    expect((await get(app, '/api/npi?q=x', '10.0.0.99, 192.0.2.10')).status).toBe(429);
    expect((await get(app, '/api/npi?q=x', '192.0.2.10')).status).toBe(429);
    expect((await get(app, '/api/npi?q=x', '10.0.0.1')).status).toBe(200);

    for (let i = 0; i < 30; i += 1) expect((await app.request('/api/npi?q=x')).status).toBe(200);
    expect((await app.request('/api/npi?q=x')).status).toBe(429);
  });

  it('is one limit for every process: two apps on one database refuse the 31st lookup between them', async () => {
    const name = `npi-lookup-${uniqueSuffix()}`;
    const first = buildApp({}, { limiter: limiterFor(name) });
    const second = buildApp({}, { limiter: limiterFor(name) });
    // Both at once, as a load balancer spreads them.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(i % 2 ? first : second, '/api/npi?q=x', '198.51.100.40').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('lets the client in again once the minute has passed', async () => {
    let clock = 5_000_000;
    const app = buildApp({}, { limiter: limiterFor(undefined, () => clock) });
    for (let i = 0; i < 30; i += 1) {
      clock += 1_000;
      await get(app, '/api/npi?q=x', '198.51.100.9');
    }
    expect((await get(app, '/api/npi?q=x', '198.51.100.9')).status).toBe(429);
    // The window slides: the first attempt (at +1 s) expires at +61 s, freeing exactly one slot.
    clock = 5_000_000 + 61_000;
    expect((await get(app, '/api/npi?q=x', '198.51.100.9')).status).toBe(200);
    expect((await get(app, '/api/npi?q=x', '198.51.100.9')).status).toBe(429);
  });
});
