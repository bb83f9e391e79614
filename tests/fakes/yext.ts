/**
 * A loopback stand-in for the Yext API v2 as the listing-service integration uses it:
 *
 *   GET /v2/accounts/{me|accountId}/entities          (entityTypes, limit ≤ 50, offset, filter, entityIds, pageToken)
 *   GET /v2/accounts/{me|accountId}/entities/{id}
 *   GET /v2/accounts/me/content/{endpointId}          (a content endpoint: `docs` and `nextPageToken`)
 *
 * with Yext's envelope `{ meta: { uuid, errors: [{ code, type, message }] }, response }`, 401 and
 * error code 1 for an unknown key, `pageToken` on entity lists and `nextPageToken` on content lists.
 * The same server answers as the sandbox host under /sandbox, with its own keys.
 *
 * In tests: `const fake = await startFakeYext()`; point YEXT_API_URL at `fake.url` and
 * YEXT_SANDBOX_URL at `fake.sandboxUrl`. Stand-alone, for the browser tests:
 * `npx tsx tests/fakes/yext.ts` (PORT optional) prints both URLs and the keys, and serves until stopped.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { computeNpiCheckDigit } from '../../src/shared/npi';

export const npiFrom = (first9: string) => `${first9}${computeNpiCheckDigit(first9)}`;

export const FAKE_YEXT_KEYS = {
  /** Reads everything on the production host. */
  production: 'yext-live-key-0001',
  /** Refused by the basic query, accepted once the query is limited to healthcare professionals. */
  professionalsOnly: 'yext-hcp-only-key-0001',
  /** Known only to the sandbox host. */
  sandbox: 'yext-sandbox-key-0001',
  /** Known nowhere. */
  invalid: 'yext-wrong-key-9999',
} as const;

export const FAKE_YEXT_ACCOUNT = 'vitae-health-demo';
export const FAKE_YEXT_CONTENT_ENDPOINT = 'providers-directory';

/** NPIs of the fake's providers (valid check digits; none of them is in the NPPES fake). */
export const FAKE_YEXT_NPIS = {
  /** Entity id is the NPI: found by the direct entity lookup. */
  okafor: npiFrom('123456789'),
  /** Entity id `hp-chen`: found by the `filter` npi $eq query. */
  chen: npiFrom('133557799'),
  /** NPI kept only in `c_npi`; entity id is the NPI, so `entityIds` finds it when the direct lookup is skipped. */
  rivera: npiFrom('144668800'),
  /** NPI only in the display name: found by the broad filter alone. */
  novak: npiFrom('155779911'),
  /** Valid, but the service has no such provider. */
  unknown: npiFrom('166880022'),
} as const;

export type YextEntity = Record<string, unknown> & {
  meta: { id: string; entityType: string | { id: string; uid?: number }; [key: string]: unknown };
  name?: string;
};

const typeOf = (entity: YextEntity) => (typeof entity.meta.entityType === 'string' ? entity.meta.entityType : entity.meta.entityType.id);

const timestamp = '2024-03-18T15:04:11';

function meta(id: string, entityType: string, uid: number) {
  return { accountId: FAKE_YEXT_ACCOUNT, uid: String(uid), id, folderId: '0', language: 'en', countryCode: 'US', entityType, timestamp };
}

const CONDITIONS = [
  'Heart failure',
  'Atrial fibrillation',
  'Hypertension',
  'Coronary artery disease',
  'Hyperlipidemia',
  'Valvular heart disease',
  'Cardiomyopathy',
  'Syncope',
  'Peripheral artery disease',
  'Aortic stenosis',
];
const PROCEDURES = [
  'Echocardiography',
  'Cardiac catheterization',
  'Stress testing',
  'Holter monitoring',
  'Pacemaker implantation',
  'Cardioversion',
  'Ablation',
  'Angioplasty',
  'Transesophageal echocardiogram',
  'Cardiac MRI',
];
const REASONS = [
  'Chest pain',
  'Shortness of breath',
  'Palpitations',
  'High blood pressure',
  'Dizziness',
  'Leg swelling',
  'Fainting',
  'Second opinion',
  'Pre-operative evaluation',
  'Annual heart check-up',
];

const PREFIX: Record<string, { id: string; names: string[]; label: string }> = {
  taxonomy_conditionTreated: { id: 'cond', names: CONDITIONS, label: 'Condition' },
  taxonomy_procedure: { id: 'proc', names: PROCEDURES, label: 'Procedure' },
  taxonomy_reasonForVisit: { id: 'reas', names: REASONS, label: 'Reason for visit' },
};

/** `count` taxonomy entities of a type: ids `cond-0001`…, the first ten with real names. */
export function taxonomyEntities(entityType: string, count: number, startUid = 5_000): YextEntity[] {
  const spec = PREFIX[entityType]!;
  return Array.from({ length: count }, (_, index) => {
    const id = `${spec.id}-${String(index + 1).padStart(4, '0')}`;
    return { meta: meta(id, entityType, startUid + index), name: spec.names[index] ?? `${spec.label} ${String(index + 1).padStart(4, '0')}` };
  });
}

/** A healthcareProfessional entity with every field the import reads; override what a test needs. */
export function providerEntity(
  input: { id: string; npi?: string | null; firstName: string; lastName: string; uid?: number } & Record<string, unknown>,
): YextEntity {
  const { id, npi, firstName, lastName, uid, ...rest } = input;
  return {
    meta: meta(id, 'healthcareProfessional', uid ?? 1_000),
    name: `${firstName} ${lastName}, MD`,
    firstName,
    middleName: 'A.',
    lastName,
    ...(npi ? { npi } : {}),
    degrees: ['MD'],
    headshot: { url: `https://a.mktgcdn.com/p/${id}/450x450.jpg`, width: 450, height: 450 },
    address: { line1: '1200 Lakeshore Drive', line2: 'Suite 400', city: 'Evanston', region: 'IL', postalCode: '60201', countryCode: 'US' },
    mainPhone: '+18475550142',
    acceptingNewPatients: true,
    c_appointmentTypes: ['In-person', 'Video visit'],
    admittingHospitals: ['Northfield Health Evanston Hospital'],
    description: `Dr. ${lastName} is a board-certified cardiologist who cares for adults with heart rhythm disorders and heart failure.`,
    languages: ['English', 'Spanish', 'Igbo'],
    educationList: [
      { type: 'MEDICAL_SCHOOL', institutionName: 'Northwestern University Feinberg School of Medicine', yearCompleted: 2004 },
      { type: 'RESIDENCY', institutionName: 'University of Chicago Medical Center', yearCompleted: 2007 },
      { type: 'FELLOWSHIP', institutionName: 'Cleveland Clinic', yearCompleted: 2010 },
    ],
    conditionsTreated: ['cond-0001', 'cond-0002'],
    procedures: [{ entityId: 'proc-0001', name: 'Echocardiography' }],
    reasonsForVisit: ['reas-0003'],
    locatedIn: 'loc-evanston',
    ...rest,
  };
}

export function defaultProviders(): YextEntity[] {
  return [
    providerEntity({ id: FAKE_YEXT_NPIS.okafor, npi: FAKE_YEXT_NPIS.okafor, firstName: 'Margaret', lastName: 'Okafor', uid: 1_001 }),
    providerEntity({ id: 'hp-chen', npi: FAKE_YEXT_NPIS.chen, firstName: 'Wei', lastName: 'Chen', uid: 1_002, languages: ['English', 'Mandarin'] }),
    providerEntity({ id: FAKE_YEXT_NPIS.rivera, npi: null, c_npi: FAKE_YEXT_NPIS.rivera, firstName: 'Lucia', lastName: 'Rivera', uid: 1_003 }),
    providerEntity({ id: 'hp-novak', npi: null, firstName: 'Jan', lastName: 'Novak', uid: 1_004, name: `Jan Novak, DO (NPI ${FAKE_YEXT_NPIS.novak})` }),
    providerEntity({ id: 'hp-osei', npi: npiFrom('177991133'), firstName: 'Kwame', lastName: 'Osei', uid: 1_005 }),
    providerEntity({ id: 'hp-lindqvist', npi: npiFrom('188002244'), firstName: 'Astrid', lastName: 'Lindqvist', uid: 1_006 }),
  ];
}

export interface FakeYextRequest {
  host: 'production' | 'sandbox';
  kind: 'list' | 'entity' | 'content' | 'other';
  path: string;
  apiKey: string | null;
  params: Record<string, string>;
}

/** Make matching requests fail: a status with Yext's envelope (or a bare status page when no message). */
export interface FakeYextFailure {
  entityTypes?: string;
  offset?: number;
  kind?: FakeYextRequest['kind'];
  status: number;
  message?: string;
  code?: number;
  /** How many matching requests fail; every one when absent. */
  times?: number;
}

export interface FakeYext {
  url: string;
  sandboxUrl: string;
  requests: FakeYextRequest[];
  providers: YextEntity[];
  taxonomy: Map<string, YextEntity[]>;
  setTaxonomy(entityType: string, entities: YextEntity[]): void;
  addProvider(entity: YextEntity): void;
  failWhen(failure: FakeYextFailure): void;
  reset(): void;
  close(): Promise<void>;
}

type Filter = Record<string, unknown>;

function fieldValue(entity: YextEntity, field: string): unknown {
  if (field === 'entityId' || field === 'id') return entity.meta.id;
  return field.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), entity);
}

/** Yext's filter language, the parts the integration uses: $eq, $contains, $in, $or, $and. */
function matches(entity: YextEntity, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$or') return (condition as Filter[]).some((inner) => matches(entity, inner));
    if (key === '$and') return (condition as Filter[]).every((inner) => matches(entity, inner));
    const value = fieldValue(entity, key);
    return Object.entries(condition as Filter).every(([operator, expected]) => {
      if (operator === '$eq') return Array.isArray(value) ? value.includes(expected) : value === expected;
      if (operator === '$contains') return typeof value === 'string' && value.toLowerCase().includes(String(expected).toLowerCase());
      if (operator === '$in') return (expected as unknown[]).includes(value);
      throw new Error(`Unsupported filter operator ${operator}`);
    });
  });
}

export async function startFakeYext(options: { port?: number } = {}): Promise<FakeYext> {
  const requests: FakeYextRequest[] = [];
  let providers = defaultProviders();
  const taxonomy = new Map<string, YextEntity[]>();
  let failures: FakeYextFailure[] = [];
  const seedTaxonomy = () => {
    taxonomy.clear();
    taxonomy.set('taxonomy_conditionTreated', taxonomyEntities('taxonomy_conditionTreated', 120));
    taxonomy.set('taxonomy_procedure', taxonomyEntities('taxonomy_procedure', 60, 6_000));
    taxonomy.set('taxonomy_reasonForVisit', taxonomyEntities('taxonomy_reasonForVisit', 30, 7_000));
  };
  seedTaxonomy();

  const allEntities = () => [...providers, ...[...taxonomy.values()].flat()];

  const envelope = (response: unknown, errors: unknown[] = []) => ({ meta: { uuid: randomUUID(), errors }, response });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, envelope({}, [{ code, type: 'FATAL_ERROR', message }]));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const sandbox = url.pathname.startsWith('/sandbox/');
    const path = sandbox ? url.pathname.slice('/sandbox'.length) : url.pathname;
    const params = Object.fromEntries(url.searchParams.entries());
    const listMatch = /^\/v2\/accounts\/([^/]+)\/entities$/.exec(path);
    const entityMatch = /^\/v2\/accounts\/([^/]+)\/entities\/([^/]+)$/.exec(path);
    const contentMatch = /^\/v2\/accounts\/me\/content\/([^/]+)$/.exec(path);
    const kind: FakeYextRequest['kind'] = listMatch ? 'list' : entityMatch ? 'entity' : contentMatch ? 'content' : 'other';
    const request: FakeYextRequest = { host: sandbox ? 'sandbox' : 'production', kind, path, apiKey: params.api_key ?? null, params };
    requests.push(request);

    if (req.method !== 'GET') return fail(res, 405, 5, 'Method not allowed');
    if (kind === 'other') return fail(res, 404, 7, 'Resource does not exist');

    const key = params.api_key;
    if (!key) return fail(res, 400, 11, 'No valid authentication found: api_key is required');
    const validKeys: string[] = sandbox ? [FAKE_YEXT_KEYS.sandbox] : [FAKE_YEXT_KEYS.production, FAKE_YEXT_KEYS.professionalsOnly];
    if (!validKeys.includes(key)) return fail(res, 401, 1, 'Invalid API key');
    if (!params.v || !/^\d{8}$/.test(params.v)) return fail(res, 400, 21, 'Invalid or missing parameter: v');
    if (key === FAKE_YEXT_KEYS.professionalsOnly && params.entityTypes !== 'healthcareProfessional') {
      return fail(res, 400, 2063, 'This API key may only read healthcareProfessional entities');
    }
    const account = (listMatch ?? entityMatch)?.[1];
    if (account && account !== 'me' && account !== FAKE_YEXT_ACCOUNT) return fail(res, 404, 7, `Account ${account} does not exist`);

    const offsetParam = params.pageToken ? Number(Buffer.from(params.pageToken, 'base64url').toString()) : Number(params.offset ?? 0);
    const failure = failures.find(
      (f) =>
        (f.kind === undefined || f.kind === kind) &&
        (f.entityTypes === undefined || f.entityTypes === params.entityTypes) &&
        (f.offset === undefined || f.offset === offsetParam) &&
        (f.times === undefined || f.times > 0),
    );
    if (failure) {
      if (failure.times !== undefined) failure.times -= 1;
      if (failure.message) return fail(res, failure.status, failure.code ?? 9, failure.message);
      res.writeHead(failure.status, { 'content-type': 'text/html' });
      return res.end('<html><body>Service unavailable</body></html>');
    }

    if (entityMatch) {
      const id = decodeURIComponent(entityMatch[2]!);
      const entity = allEntities().find((e) => e.meta.id === id);
      if (!entity) return fail(res, 404, 2000, `Entity not found: ${id}`);
      return send(res, 200, envelope(entity));
    }

    const limit = Number(params.limit ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return fail(res, 400, 21, 'limit must be between 1 and 50');
    if (!Number.isInteger(offsetParam) || offsetParam < 0 || offsetParam > 9_950) return fail(res, 400, 21, 'offset must be between 0 and 9950');
    if (contentMatch && contentMatch[1] !== FAKE_YEXT_CONTENT_ENDPOINT) return fail(res, 404, 7, `Content endpoint ${contentMatch[1]} does not exist`);

    // A content endpoint publishes the providers only; the entities API holds everything.
    let pool = contentMatch ? providers : allEntities();
    if (params.entityTypes) {
      const types = params.entityTypes.split(',');
      pool = pool.filter((e) => types.includes(typeOf(e)));
    }
    if (params.entityIds) {
      const ids = params.entityIds.split(',');
      pool = pool.filter((e) => ids.includes(e.meta.id));
    }
    if (params.filter) {
      let filter: Filter;
      try {
        filter = JSON.parse(params.filter) as Filter;
        pool = pool.filter((e) => matches(e, filter));
      } catch (error) {
        return fail(res, 400, 21, `Invalid filter: ${error instanceof Error ? error.message : 'not JSON'}`);
      }
    }
    const page = pool.slice(offsetParam, offsetParam + limit);
    const next = offsetParam + limit < pool.length ? Buffer.from(String(offsetParam + limit)).toString('base64url') : undefined;
    if (contentMatch) return send(res, 200, envelope({ count: pool.length, docs: page, ...(next ? { nextPageToken: next } : {}) }));
    return send(res, 200, envelope({ count: pool.length, entities: page, ...(next ? { pageToken: next } : {}) }));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeYext = {
    url: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${port}/sandbox`,
    requests,
    get providers() {
      return providers;
    },
    taxonomy,
    setTaxonomy: (entityType, entities) => {
      taxonomy.set(entityType, entities);
    },
    addProvider: (entity) => {
      providers.push(entity);
    },
    failWhen: (failure) => {
      failures.push({ ...failure });
    },
    reset: () => {
      requests.length = 0;
      providers = defaultProviders();
      failures = [];
      seedTaxonomy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeYext({ port: Number(process.env.PORT ?? 0) });
  console.log(`YEXT_API_URL=${fake.url}`);
  console.log(`YEXT_SANDBOX_URL=${fake.sandboxUrl}`);
  console.log(`API key: ${FAKE_YEXT_KEYS.production} (sandbox: ${FAKE_YEXT_KEYS.sandbox}); providers: ${Object.values(FAKE_YEXT_NPIS).slice(0, 4).join(', ')}`);
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
