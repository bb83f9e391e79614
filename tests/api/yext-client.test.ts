/**
 * The listing-service client against the loopback fake: the request it sends, Yext's error envelope,
 * the invalid-key message, both page-token spellings, key validation's three fallbacks and the
 * provider search's four strategies in order (asserted on the fake's request log).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createYextClient, findProvidersByNpi, validateYextKey, YEXT_MESSAGES, type YextClientOptions } from '../../src/server/integrations/yext';
import { FAKE_YEXT_ACCOUNT, FAKE_YEXT_CONTENT_ENDPOINT, FAKE_YEXT_KEYS, FAKE_YEXT_NPIS, startFakeYext, type FakeYext } from '../fakes/yext';

let fake: FakeYext;

beforeAll(async () => {
  fake = await startFakeYext();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
});

const noWait = async () => {};
const client = (options: Partial<YextClientOptions> = {}) =>
  createYextClient({ apiKey: FAKE_YEXT_KEYS.production, apiUrl: fake.url, sandboxUrl: fake.sandboxUrl, sleep: noWait, ...options });

describe('Yext client', () => {
  it('sends the key, the API version and the query to /v2/accounts/me/entities', async () => {
    const result = await client().listEntities({ entityTypes: 'taxonomy_procedure', limit: 50, offset: 50, filter: { name: { $contains: 'x' } } });
    expect(result.entities).toEqual([]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ host: 'production', kind: 'list', path: '/v2/accounts/me/entities' });
    expect(request!.params).toEqual({
      api_key: FAKE_YEXT_KEYS.production,
      v: '20231201',
      entityTypes: 'taxonomy_procedure',
      limit: '50',
      offset: '50',
      filter: '{"name":{"$contains":"x"}}',
    });
  });

  it('uses the configured account, API version and single-entity path', async () => {
    const entity = await client({ accountId: FAKE_YEXT_ACCOUNT, apiVersion: '20240101' }).getEntity(FAKE_YEXT_NPIS.okafor);
    expect(entity).toMatchObject({ firstName: 'Margaret', npi: FAKE_YEXT_NPIS.okafor, meta: { entityType: 'healthcareProfessional' } });
    expect(fake.requests[0]).toMatchObject({ kind: 'entity', path: `/v2/accounts/${FAKE_YEXT_ACCOUNT}/entities/${FAKE_YEXT_NPIS.okafor}` });
    expect(fake.requests[0]!.params.v).toBe('20240101');
    expect(await client().getEntity('no-such-entity')).toBeNull();
  });

  it('reads pageToken from entity lists and nextPageToken from a content endpoint', async () => {
    const entities = await client().listEntities({ entityTypes: 'taxonomy_conditionTreated', limit: 50 });
    expect(entities.entities).toHaveLength(50);
    expect(entities.count).toBe(120);
    expect(entities.nextPageToken).toMatch(/\S/);
    const next = await client().listEntities({ entityTypes: 'taxonomy_conditionTreated', limit: 50, pageToken: entities.nextPageToken! });
    expect(next.entities[0]!.meta?.id).toBe('cond-0051');

    const content = await client({ contentEndpointId: FAKE_YEXT_CONTENT_ENDPOINT }).listProviders({ limit: 2 });
    expect(content.entities).toHaveLength(2);
    expect(content.nextPageToken).toMatch(/\S/);
    expect(fake.requests.at(-1)).toMatchObject({ kind: 'content', path: `/v2/accounts/me/content/${FAKE_YEXT_CONTENT_ENDPOINT}` });
  });

  it("turns Yext's error envelope into 'YEXT API Error: …' and a bare failure into 'HTTP status: text'", async () => {
    fake.failWhen({ kind: 'list', status: 400, code: 21, message: 'Invalid filter expression' });
    await expect(client().listEntities({ limit: 1 })).rejects.toThrow('YEXT API Error: Invalid filter expression');
    fake.reset();
    fake.failWhen({ kind: 'list', status: 503 });
    await expect(client().listEntities({ limit: 1 })).rejects.toThrow('HTTP 503: Service Unavailable');
    // Two retries on a gateway status: three requests in all.
    expect(fake.requests).toHaveLength(3);
  });

  it("reports a refused key as 'Invalid API Key - please check your credentials' (401 and error code 1)", async () => {
    await expect(client({ apiKey: FAKE_YEXT_KEYS.invalid }).listEntities({ limit: 1 })).rejects.toThrow(YEXT_MESSAGES.invalidKey);
    fake.failWhen({ kind: 'list', status: 200, code: 1, message: 'Invalid API key' });
    await expect(client().listEntities({ limit: 1 })).rejects.toThrow(YEXT_MESSAGES.invalidKey);
  });

  it('gives up after the timeout with an error, not a hang', async () => {
    const slowFetch: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(client({ fetchImpl: slowFetch, timeoutMs: 20 }).listEntities({ limit: 1 })).rejects.toThrow('YEXT API Error: Request timed out');
  });
});

describe('key validation fallbacks', () => {
  const validate = (apiKey: string) => validateYextKey(client({ apiKey }), client({ apiKey, host: 'sandbox' }));

  it('accepts a key on the basic one-entity query', async () => {
    const result = await validate(FAKE_YEXT_KEYS.production);
    expect(result).toMatchObject({ valid: true, via: 'basic', host: 'production' });
    expect(fake.requests.map((r) => [r.host, r.params.limit, r.params.entityTypes])).toEqual([['production', '1', undefined]]);
  });

  it('falls back to the query filtered to healthcare professionals', async () => {
    const result = await validate(FAKE_YEXT_KEYS.professionalsOnly);
    expect(result).toMatchObject({ valid: true, via: 'healthcare_professional', host: 'production' });
    expect(fake.requests.map((r) => [r.host, r.params.entityTypes ?? null])).toEqual([
      ['production', null],
      ['production', 'healthcareProfessional'],
    ]);
  });

  it('falls back to the sandbox host', async () => {
    const result = await validate(FAKE_YEXT_KEYS.sandbox);
    expect(result).toMatchObject({ valid: true, via: 'sandbox', host: 'sandbox' });
    expect(fake.requests.map((r) => r.host)).toEqual(['production', 'production', 'sandbox']);
  });

  it('calls a key invalid when all three fail', async () => {
    const result = await validate(FAKE_YEXT_KEYS.invalid);
    expect(result.valid).toBe(false);
    expect(result.via).toBeNull();
    expect(result.attempts.map((a) => [a.via, a.ok, a.message])).toEqual([
      ['basic', false, YEXT_MESSAGES.invalidKey],
      ['healthcare_professional', false, YEXT_MESSAGES.invalidKey],
      ['sandbox', false, YEXT_MESSAGES.invalidKey],
    ]);
  });
});

describe('provider search by NPI', () => {
  const strategyOf = (request: (typeof fake.requests)[number]) => {
    if (request.kind === 'entity') return 'entity_id';
    if (request.params.entityIds) return 'entity_ids';
    if (request.params.filter?.includes('$or')) return 'broad_filter';
    if (request.params.filter) return 'npi_filter';
    return 'other';
  };

  it('stops at the direct entity lookup when the entity id is the NPI', async () => {
    const result = await findProvidersByNpi(client(), FAKE_YEXT_NPIS.okafor);
    expect(result.strategy).toBe('entity_id');
    expect(result.entities[0]).toMatchObject({ lastName: 'Okafor' });
    expect(fake.requests.map(strategyOf)).toEqual(['entity_id']);
  });

  it('then tries filter npi $eq', async () => {
    const result = await findProvidersByNpi(client(), FAKE_YEXT_NPIS.chen);
    expect(result.strategy).toBe('npi_filter');
    expect(result.entities[0]).toMatchObject({ lastName: 'Chen' });
    expect(fake.requests.map(strategyOf)).toEqual(['entity_id', 'npi_filter']);
    expect(JSON.parse(fake.requests[1]!.params.filter!)).toEqual({ npi: { $eq: FAKE_YEXT_NPIS.chen } });
  });

  it('skips the direct lookup with a content endpoint and finds the provider through entityIds', async () => {
    const result = await findProvidersByNpi(client({ contentEndpointId: FAKE_YEXT_CONTENT_ENDPOINT }), FAKE_YEXT_NPIS.rivera);
    expect(result.strategy).toBe('entity_ids');
    expect(fake.requests.map(strategyOf)).toEqual(['npi_filter', 'entity_ids']);
    expect(fake.requests.every((r) => r.kind === 'content')).toBe(true);
  });

  it('ends with the broad filter: npi, entity id or a name containing the number', async () => {
    const result = await findProvidersByNpi(client(), FAKE_YEXT_NPIS.novak);
    expect(result.strategy).toBe('broad_filter');
    expect(result.entities[0]).toMatchObject({ lastName: 'Novak' });
    expect(fake.requests.map(strategyOf)).toEqual(['entity_id', 'npi_filter', 'entity_ids', 'broad_filter']);
    expect(JSON.parse(fake.requests[3]!.params.filter!)).toEqual({
      $or: [{ npi: { $eq: FAKE_YEXT_NPIS.novak } }, { entityId: { $eq: FAKE_YEXT_NPIS.novak } }, { name: { $contains: FAKE_YEXT_NPIS.novak } }],
    });
  });

  it('returns an empty list when no strategy finds the provider', async () => {
    const result = await findProvidersByNpi(client(), FAKE_YEXT_NPIS.unknown);
    expect(result).toMatchObject({ entities: [], strategy: null });
    expect(fake.requests).toHaveLength(4);
  });

  it("moves past an earlier strategy's failure but fails with the last one's", async () => {
    fake.failWhen({ kind: 'list', status: 400, code: 21, message: 'Filtering is not enabled for this account', times: 1 });
    const found = await findProvidersByNpi(client(), FAKE_YEXT_NPIS.novak);
    expect(found.strategy).toBe('broad_filter');
    expect(found.failures).toEqual([{ strategy: 'npi_filter', message: 'YEXT API Error: Filtering is not enabled for this account' }]);

    fake.reset();
    fake.failWhen({ kind: 'list', status: 400, code: 21, message: 'Filtering is not enabled for this account' });
    await expect(findProvidersByNpi(client(), FAKE_YEXT_NPIS.unknown)).rejects.toThrow('YEXT API Error: Filtering is not enabled for this account');
  });
});
