/**
 * A loopback stand-in for the ClinicalTrials.gov API v2, speaking its wire format:
 * `GET /api/v2/studies?query.term=…&pageSize=…&pageToken=…&format=json` answers
 * `{ studies: [{ protocolSection: {...}, hasResults }], nextPageToken? }`, and
 * `GET /api/v2/studies/{nctId}` answers one study object (404 for an unknown NCT number).
 *
 * Search is an approximation: `AREA[OverallOfficialName]("Jane" AND "Doe")` matches studies with an
 * overall official whose name contains every term; a quoted phrase (`AREA[OverallOfficialName]"Jane
 * Doe"`) only names holding those words side by side, as the real service does; any other term
 * matches titles and conditions by words.
 *
 * In tests: `const fake = await startFakeClinicalTrials()` and point CLINICAL_TRIALS_BASE_URL at
 * `fake.url`. Stand-alone, for the browser tests: `npx tsx tests/fakes/clinical-trials.ts` (PORT
 * optional) prints the CLINICAL_TRIALS_BASE_URL line and keeps serving until interrupted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakeStudyInput {
  nctId: string;
  briefTitle: string;
  officialTitle?: string;
  overallStatus: string;
  phases?: string[];
  startDate?: string;
  completionDate?: string;
  leadSponsor: string;
  conditions: string[];
  keywords?: string[];
  briefSummary?: string;
  officials: Array<{ name: string; affiliation?: string; role: string }>;
  locations?: Array<{ facility: string; city: string; state?: string; country: string }>;
  /** A study object recorded from the real service (tests/fixtures/real/clinicaltrials): served as it is. */
  recorded?: RecordedStudy;
}

export interface RecordedStudy {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle: string };
    statusModule: { overallStatus: string };
    sponsorCollaboratorsModule?: { leadSponsor?: { name: string } };
    conditionsModule?: { conditions?: string[] };
    contactsLocationsModule?: { overallOfficials?: Array<{ name: string; affiliation?: string; role: string }> };
  };
}

/** The search fields of a recorded study, with the study itself kept to be served unchanged. */
export function studyFromRecorded(recorded: RecordedStudy): FakeStudyInput {
  const p = recorded.protocolSection;
  return {
    nctId: p.identificationModule.nctId,
    briefTitle: p.identificationModule.briefTitle,
    overallStatus: p.statusModule.overallStatus,
    leadSponsor: p.sponsorCollaboratorsModule?.leadSponsor?.name ?? '',
    conditions: p.conditionsModule?.conditions ?? [],
    officials: p.contactsLocationsModule?.overallOfficials ?? [],
    recorded,
  };
}

/** A v2 study object built from the input, with the modules and field names of the real API. */
export function toStudy(input: FakeStudyInput) {
  if (input.recorded) return input.recorded;
  return {
    protocolSection: {
      identificationModule: {
        nctId: input.nctId,
        orgStudyIdInfo: { id: `ORG-${input.nctId.slice(-4)}` },
        organization: { fullName: input.leadSponsor, class: 'OTHER' },
        briefTitle: input.briefTitle,
        ...(input.officialTitle ? { officialTitle: input.officialTitle } : {}),
      },
      statusModule: {
        statusVerifiedDate: '2024-05',
        overallStatus: input.overallStatus,
        ...(input.startDate ? { startDateStruct: { date: input.startDate, type: 'ACTUAL' } } : {}),
        ...(input.completionDate ? { completionDateStruct: { date: input.completionDate, type: 'ESTIMATED' } } : {}),
      },
      sponsorCollaboratorsModule: { responsibleParty: { type: 'PRINCIPAL_INVESTIGATOR' }, leadSponsor: { name: input.leadSponsor, class: 'OTHER' } },
      ...(input.briefSummary ? { descriptionModule: { briefSummary: input.briefSummary } } : {}),
      conditionsModule: { conditions: input.conditions, ...(input.keywords ? { keywords: input.keywords } : {}) },
      designModule: { studyType: 'INTERVENTIONAL', ...(input.phases ? { phases: input.phases } : {}) },
      contactsLocationsModule: {
        overallOfficials: input.officials,
        ...(input.locations ? { locations: input.locations.map((l) => ({ ...l, status: 'RECRUITING' })) } : {}),
      },
    },
    derivedSection: { miscInfoModule: { versionHolder: '2024-06-01' } },
    hasResults: false,
  };
}

/** The browser tests' provider: Margaret Okafor, cardiologist at Northfield Health (the demo hospital). */
export const FAKE_STUDIES: FakeStudyInput[] = [
  {
    nctId: 'NCT05000001',
    briefTitle: 'Colchicine After Myocardial Infarction in Women',
    officialTitle: 'A Randomized Trial of Low-Dose Colchicine After Myocardial Infarction in Women',
    overallStatus: 'RECRUITING',
    phases: ['PHASE3'],
    startDate: '2023-02-01',
    completionDate: '2026-12',
    leadSponsor: 'Northfield Health',
    conditions: ['Myocardial Infarction', 'Coronary Artery Disease'],
    keywords: ['cardiology', 'inflammation'],
    briefSummary: 'Does colchicine reduce recurrent events after a heart attack in women?',
    officials: [{ name: 'Margaret Okafor, MD', affiliation: 'Northfield Health', role: 'PRINCIPAL_INVESTIGATOR' }],
    locations: [{ facility: 'Northfield Health Evanston Hospital', city: 'Evanston', state: 'Illinois', country: 'United States' }],
  },
  {
    nctId: 'NCT04000002',
    briefTitle: 'Wearable ECG Screening for Atrial Fibrillation',
    overallStatus: 'COMPLETED',
    phases: ['NA'],
    startDate: '2019-09-15',
    completionDate: '2022-03-30',
    leadSponsor: 'Lakeshore Cardiology Institute',
    conditions: ['Atrial Fibrillation'],
    officials: [{ name: 'Margaret A. Okafor', affiliation: 'Lakeshore Cardiology Institute', role: 'STUDY_CHAIR' }],
    locations: [{ facility: 'Lakeshore Cardiology Institute', city: 'Chicago', state: 'Illinois', country: 'United States' }],
  },
];

export interface FakeClinicalTrialsRequest {
  path: string;
  params: Record<string, string>;
}

export type FakeClinicalTrialsMode = 'normal' | 'http500';

export interface FakeClinicalTrials {
  /** CLINICAL_TRIALS_BASE_URL for this fake. */
  url: string;
  requests: FakeClinicalTrialsRequest[];
  studies: FakeStudyInput[];
  setMode(mode: FakeClinicalTrialsMode): void;
  close(): Promise<void>;
}

const words = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether `phrase` occurs in `name` as consecutive words, as a quoted phrase does on ClinicalTrials.gov. */
const hasPhrase = (name: string[], phrase: string[]) => name.some((_, start) => phrase.every((word, i) => name[start + i] === word));

export function searchStudies(studies: FakeStudyInput[], term: string) {
  const trimmed = term.trim();
  // A quoted phrase must appear word for word: "Margaret Okafor" misses "Margaret A. Okafor".
  const phrase = /^AREA\[OverallOfficialName\]\s*"([^"]*)"$/i.exec(trimmed);
  if (phrase) {
    const wanted = words(phrase[1]!);
    return studies.filter((study) => study.officials.some((o) => hasPhrase(words(o.name), wanted)));
  }
  // ("Margaret" AND "Okafor"): every term, anywhere in the official's name.
  const all = /^AREA\[OverallOfficialName\]\s*\((.*)\)$/i.exec(trimmed);
  if (all) {
    const terms = [...all[1]!.matchAll(/"([^"]*)"/g)].flatMap((match) => words(match[1]!));
    return studies.filter((study) => study.officials.some((o) => terms.every((w) => words(o.name).includes(w))));
  }
  const wanted = words(term);
  return studies.filter((study) => {
    const haystack = new Set(words([study.briefTitle, ...study.conditions].join(' ')));
    return wanted.every((w) => haystack.has(w));
  });
}

export async function startFakeClinicalTrials(options: { port?: number; studies?: FakeStudyInput[] } = {}): Promise<FakeClinicalTrials> {
  const requests: FakeClinicalTrialsRequest[] = [];
  const studies = options.studies ?? FAKE_STUDIES;
  let mode: FakeClinicalTrialsMode = 'normal';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, params });
    if (mode === 'http500') return send(res, 500, { message: 'Internal Server Error' });

    if (url.pathname === '/api/v2/studies') {
      const pageSize = Math.min(Number(params.pageSize ?? 10), 1000);
      const offset = params.pageToken ? Number(Buffer.from(params.pageToken, 'base64url').toString()) : 0;
      const hits = searchStudies(studies, params['query.term'] ?? '');
      const page = hits.slice(offset, offset + pageSize);
      const next = offset + pageSize < hits.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : undefined;
      return send(res, 200, { studies: page.map(toStudy), ...(next ? { nextPageToken: next } : {}) });
    }
    const single = /^\/api\/v2\/studies\/(NCT\d{8})$/i.exec(url.pathname);
    if (single) {
      const study = studies.find((s) => s.nctId.toUpperCase() === single[1]!.toUpperCase());
      return study ? send(res, 200, toStudy(study)) : send(res, 404, { message: `NCT number ${single[1]} not found` });
    }
    return send(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    requests,
    studies,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeClinicalTrials({ port: Number(process.env.PORT ?? 0) });
  console.log(`CLINICAL_TRIALS_BASE_URL=${fake.url}`);
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
