/**
 * A loopback stand-in for the CMS NPPES API v2.1 (GET /api/?version=2.1&number=…), speaking its real
 * wire format: identifiers and epochs as strings, "--" for unused name parts, HTTP 200 with an
 * `Errors` envelope for a bad query, and `{ result_count: 0, results: [] }` for an unknown NPI.
 *
 * In tests: `const fake = await startFakeNppes()` and point the registry at `fake.url`.
 * Stand-alone, for the browser tests: `npx tsx tests/fakes/nppes.ts` (PORT optional) prints the URL
 * to use as NPI_REGISTRY_URL and keeps serving until interrupted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { computeNpiCheckDigit } from '../../src/shared/npi';

/** Directory of genuine NPPES answers recorded by other projects (see tests/fixtures/real/README.md). */
export const REAL_NPPES_DIR = new URL('../fixtures/real/nppes/', import.meta.url);

/** Every record of the real recorded answers, by number: the fake serves them as NPPES did. */
export function realNppesResults(): Array<[string, WireResult]> {
  const entries: Array<[string, WireResult]> = [];
  for (const file of readdirSync(REAL_NPPES_DIR).filter((name) => name.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(new URL(file, REAL_NPPES_DIR), 'utf8')) as { results?: WireResult[] };
    for (const result of body.results ?? []) entries.push([String(result.number), result]);
  }
  return entries;
}

/**
 * A roster of `size` individuals built from the real recorded answers (NPI-1, active), each under a
 * new valid NPI whose first nine digits start with `prefix` and with its own e-mail: the records to
 * serve (`extraResults`) and the roster's CSV. The roster bench and the cluster's crash drill use it.
 */
export function rosterOfRealRecords(size: number, prefix = '19', emailPrefix = 'roster.bench') {
  const real = realNppesResults()
    .map(([, result]) => result)
    .filter((result) => result.enumeration_type === 'NPI-1' && (result.basic as { status?: string } | undefined)?.status === 'A');
  if (real.length === 0) throw new Error('no real NPPES individuals recorded');
  const records = new Map<string, WireResult>();
  const lines = ['NPI,Email'];
  for (let i = 0; i < size; i += 1) {
    const first9 = `${prefix}${String(i).padStart(9 - prefix.length, '0')}`;
    const number = `${first9}${computeNpiCheckDigit(first9)}`;
    records.set(number, { ...structuredClone(real[i % real.length]!), number });
    lines.push(`${number},${emailPrefix}.${i}@example.org`);
  }
  return { records, csv: `${lines.join('\n')}\n`, realCount: real.length, npis: [...records.keys()] };
}

const npi = (first9: string) => `${first9}${computeNpiCheckDigit(first9)}`;

/** Valid-checksum NPIs of the fake's providers; `unknown` is valid but not in the registry. */
export const FAKE_NPIS = {
  /** Cardiologist, credential MD, LOCATION listed after MAILING, one license on two taxonomies. */
  cardiologist: npi('148729503'),
  /** Family physician, credential DO, two taxonomies with two licenses in two states; old `gender` field. */
  familyPhysician: npi('160938271'),
  /** Nurse practitioner with no credential; one of two taxonomies has no license number. */
  nursePractitioner: npi('175302864'),
  /** Deactivated individual (status other than A). */
  deactivated: npi('188207453'),
  /** An organization (NPI-2): not an individual provider. */
  organization: npi('102938475'),
  /** Passes the checksum but NPPES has no record of it. */
  unknown: npi('199999991'),
} as const;

export type FakeNppesMode = 'normal' | 'error500' | 'garbage' | 'slow' | 'errorsEnvelope';

export type WireResult = Record<string, unknown>;

const noOtherData = { identifiers: [], endpoints: [], other_names: [], practiceLocations: [] };

/** The NPPES `results[0]` for each fake provider, exactly as the wire carries it. */
export const FAKE_NPPES_RESULTS: Record<Exclude<keyof typeof FAKE_NPIS, 'unknown'>, WireResult> = {
  cardiologist: {
    created_epoch: '1183953600000',
    enumeration_type: 'NPI-1',
    last_updated_epoch: '1617712800000',
    number: FAKE_NPIS.cardiologist,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'MAILING',
        address_type: 'DOM',
        address_1: 'PO BOX 5120',
        city: 'EVANSTON',
        state: 'IL',
        postal_code: '602045120',
        telephone_number: '847-555-0142',
      },
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '251 E HURON ST',
        address_2: 'SUITE 8-100',
        city: 'CHICAGO',
        state: 'IL',
        postal_code: '606114418',
        telephone_number: '312-555-0100',
        fax_number: '312-555-0101',
      },
    ],
    basic: {
      first_name: 'MARGARET',
      last_name: 'OKAFOR',
      middle_name: 'ADAEZE',
      name_prefix: 'Dr.',
      name_suffix: '--',
      credential: 'MD',
      sole_proprietor: 'NO',
      sex: 'F',
      enumeration_date: '2007-07-09',
      last_updated: '2021-04-06',
      certification_date: '2021-04-06',
      status: 'A',
    },
    taxonomies: [
      { code: '207RC0000X', taxonomy_group: '', desc: 'Internal Medicine, Cardiovascular Disease', state: 'IL', license: '036123456', primary: true },
      { code: '207R00000X', taxonomy_group: '', desc: 'Internal Medicine', state: 'IL', license: '036123456', primary: false },
    ],
    ...noOtherData,
  },
  familyPhysician: {
    created_epoch: '1147737600000',
    enumeration_type: 'NPI-1',
    last_updated_epoch: '1672617600000',
    number: FAKE_NPIS.familyPhysician,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '4815 LIBERTY AVE',
        address_2: '',
        city: 'PITTSBURGH',
        state: 'PA',
        postal_code: '152242158',
        telephone_number: '412-555-0175',
        fax_number: '',
      },
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'MAILING',
        address_type: 'DOM',
        address_1: '600 GRANT ST',
        city: 'PITTSBURGH',
        state: 'PA',
        postal_code: '152192702',
        telephone_number: '412-555-0199',
      },
    ],
    basic: {
      first_name: 'DANIEL',
      last_name: 'KOWALSKI',
      middle_name: 'J',
      name_prefix: '--',
      name_suffix: 'JR.',
      credential: 'DO',
      sole_proprietor: 'YES',
      // Records last touched before NPPES renamed the field still carry `gender`.
      gender: 'M',
      enumeration_date: '2006-05-16',
      last_updated: '2023-01-02',
      status: 'A',
    },
    taxonomies: [
      { code: '207Q00000X', taxonomy_group: '', desc: 'Family Medicine', state: 'PA', license: 'OS012345', primary: true },
      { code: '207QS0010X', taxonomy_group: '', desc: 'Family Medicine, Sports Medicine', state: 'NJ', license: '25MB09876500', primary: false },
    ],
    ...noOtherData,
  },
  nursePractitioner: {
    created_epoch: '1420070400000',
    enumeration_type: 'NPI-1',
    last_updated_epoch: '1700006400000',
    number: FAKE_NPIS.nursePractitioner,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '6411 FANNIN ST',
        city: 'HOUSTON',
        state: 'TX',
        postal_code: '770302703',
        telephone_number: '713-555-0123',
      },
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'MAILING',
        address_type: 'DOM',
        address_1: '6411 FANNIN ST',
        city: 'HOUSTON',
        state: 'TX',
        postal_code: '770302703',
        telephone_number: '713-555-0123',
      },
    ],
    basic: {
      first_name: 'PRIYA',
      last_name: 'NAIR',
      sole_proprietor: 'NO',
      sex: 'F',
      enumeration_date: '2015-01-01',
      last_updated: '2023-11-15',
      status: 'A',
    },
    taxonomies: [
      { code: '363LF0000X', taxonomy_group: '', desc: 'Nurse Practitioner, Family', state: 'TX', license: 'AP123456', primary: true },
      { code: '163W00000X', taxonomy_group: '', desc: 'Registered Nurse', state: 'TX', license: '', primary: false },
    ],
    ...noOtherData,
  },
  deactivated: {
    created_epoch: '1148515200000',
    enumeration_type: 'NPI-1',
    last_updated_epoch: '1325376000000',
    number: FAKE_NPIS.deactivated,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '1 MEDICAL CENTER DR',
        city: 'LEBANON',
        state: 'NH',
        postal_code: '037560001',
        telephone_number: '603-555-0110',
      },
    ],
    basic: {
      first_name: 'HAROLD',
      last_name: 'BENNETT',
      name_prefix: '--',
      credential: 'M.D.',
      sole_proprietor: 'NO',
      sex: 'M',
      enumeration_date: '2006-05-25',
      last_updated: '2012-01-01',
      status: 'D',
    },
    taxonomies: [{ code: '208600000X', taxonomy_group: '', desc: 'Surgery', state: 'NH', license: '9876', primary: true }],
    ...noOtherData,
  },
  organization: {
    created_epoch: '1159920000000',
    enumeration_type: 'NPI-2',
    last_updated_epoch: '1577836800000',
    number: FAKE_NPIS.organization,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '251 E HURON ST',
        city: 'CHICAGO',
        state: 'IL',
        postal_code: '606114418',
        telephone_number: '312-555-0000',
      },
    ],
    basic: {
      organization_name: 'LAKESHORE CARDIOLOGY ASSOCIATES LLC',
      organizational_subpart: 'NO',
      enumeration_date: '2006-10-04',
      last_updated: '2020-01-01',
      status: 'A',
      authorized_official_first_name: 'MARGARET',
      authorized_official_last_name: 'OKAFOR',
    },
    taxonomies: [
      {
        code: '207RC0000X',
        taxonomy_group: '193200000X - Multi-Specialty Group',
        desc: 'Internal Medicine, Cardiovascular Disease',
        state: 'IL',
        license: null,
        primary: true,
      },
    ],
    ...noOtherData,
  },
};

// The genuine recorded records, and the hand-made ones for cases the recordings lack.
const byNumber = new Map<string, WireResult>([
  ...realNppesResults(),
  ...Object.values(FAKE_NPPES_RESULTS).map((result): [string, WireResult] => [result.number as string, result]),
]);

export interface FakeNppes {
  /** Base URL to use as NPI_REGISTRY_URL / createNppesRegistry({ baseUrl }). */
  url: string;
  /** Path and query of every request received, in order. */
  requests: string[];
  setMode(mode: FakeNppesMode): void;
  close(): Promise<void>;
}

export interface FakeNppesOptions {
  port?: number;
  /** How long `slow` mode waits before answering. */
  slowMs?: number;
  /** More records to serve, by number (the roster bench's 2,000 built from the real ones). */
  extraResults?: ReadonlyMap<string, WireResult>;
  /** Every answer waits this long, as the real registry's round trip does (the roster bench). */
  latencyMs?: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function answer(req: IncomingMessage, res: ServerResponse, mode: FakeNppesMode, extra?: ReadonlyMap<string, WireResult>) {
  if (mode === 'error500') {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
    return;
  }
  if (mode === 'garbage') {
    // What the CMS maintenance page looks like from an API client: 200, HTML.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html><head><title>NPPES NPI Registry</title></head><body>The NPI Registry is undergoing maintenance.</body></html>');
    return;
  }
  if (mode === 'errorsEnvelope') {
    sendJson(res, 200, { Errors: [{ description: 'No valid search criteria provided', field: 'number', number: '04' }] });
    return;
  }

  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method !== 'GET' || !/^\/api\/?$/.test(url.pathname)) {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><body>Not Found</body></html>');
    return;
  }
  if (!url.searchParams.get('version')) {
    sendJson(res, 200, { Errors: [{ description: 'Version is required', field: 'version', number: '04' }] });
    return;
  }
  const number = url.searchParams.get('number') ?? '';
  if (!/^\d{10}$/.test(number)) {
    sendJson(res, 200, { Errors: [{ description: 'Field number requires a 10-digit value', field: 'number', number: '03' }] });
    return;
  }
  const result = byNumber.get(number) ?? extra?.get(number);
  sendJson(res, 200, result ? { result_count: 1, results: [result] } : { result_count: 0, results: [] });
}

export async function startFakeNppes(options: FakeNppesOptions = {}): Promise<FakeNppes> {
  const { port = 0, slowMs = 1_500, extraResults, latencyMs = 0 } = options;
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let mode: FakeNppesMode = 'normal';

  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    const current = mode;
    const delay = current === 'slow' ? slowMs : latencyMs;
    if (delay > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(req, res, current === 'slow' ? 'normal' : current, extraResults);
      }, delay);
      timers.add(timer);
      return;
    }
    answer(req, res, current, extraResults);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${boundPort}/api/`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const fake = await startFakeNppes({ port: Number(process.env.PORT ?? 0) });
  console.log(`Fake NPPES listening at ${fake.url}`);
  console.log(`NPI_REGISTRY_URL=${fake.url}`);
  for (const [name, number] of Object.entries(FAKE_NPIS)) console.log(`  ${name.padEnd(18)} ${number}`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
