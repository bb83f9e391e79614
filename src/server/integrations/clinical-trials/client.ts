import { markdownToText } from '../../lib/markdown-text';
import { requestJson, type HttpOptions } from '../../lib/http';

/**
 * ClinicalTrials.gov API v2: studies where a person is an overall official
 * (`query.term=AREA[OverallOfficialName]("Jane" AND "Doe")`) and single studies by NCT number.
 */

export const CLINICAL_TRIALS_DEFAULT_BASE_URL = 'https://clinicaltrials.gov/api/v2';

export interface CtOfficial {
  name?: string;
  affiliation?: string;
  role?: string;
}

export interface CtDateStruct {
  date?: string;
  type?: string;
}

/** The parts of a v2 study's protocolSection we read. */
export interface CtProtocolSection {
  identificationModule?: { nctId?: string; briefTitle?: string; officialTitle?: string; organization?: { fullName?: string } };
  statusModule?: {
    overallStatus?: string;
    startDateStruct?: CtDateStruct;
    primaryCompletionDateStruct?: CtDateStruct;
    completionDateStruct?: CtDateStruct;
  };
  sponsorCollaboratorsModule?: { leadSponsor?: { name?: string; class?: string } };
  descriptionModule?: { briefSummary?: string };
  conditionsModule?: { conditions?: string[]; keywords?: string[] };
  designModule?: { studyType?: string; phases?: string[] };
  contactsLocationsModule?: { overallOfficials?: CtOfficial[]; locations?: Array<{ facility?: string; city?: string; state?: string; country?: string }> };
}

export interface CtStudy {
  protocolSection?: CtProtocolSection;
  hasResults?: boolean;
}

export interface CtStudiesResponse {
  studies?: CtStudy[];
  nextPageToken?: string;
  totalCount?: number;
}

export const CT_OVERALL_STATUSES = [
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'ENROLLING_BY_INVITATION',
  'NOT_YET_RECRUITING',
  'RECRUITING',
  'SUSPENDED',
  'TERMINATED',
  'WITHDRAWN',
  'AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'TEMPORARILY_NOT_AVAILABLE',
  'APPROVED_FOR_MARKETING',
  'WITHHELD',
  'UNKNOWN',
] as const;
export type CtOverallStatus = (typeof CT_OVERALL_STATUSES)[number];

/**
 * ClinicalTrials.gov overall status → our trial `status` (free text, default 'recruiting').
 *
 * | ClinicalTrials.gov            | ours                       | note                                     |
 * |-------------------------------|----------------------------|------------------------------------------|
 * | RECRUITING                    | recruiting                 |                                          |
 * | NOT_YET_RECRUITING            | not_yet_recruiting         |                                          |
 * | ENROLLING_BY_INVITATION       | enrolling_by_invitation    |                                          |
 * | ACTIVE_NOT_RECRUITING         | active_not_recruiting      |                                          |
 * | COMPLETED                     | completed                  |                                          |
 * | SUSPENDED                     | suspended                  |                                          |
 * | TERMINATED                    | terminated                 |                                          |
 * | WITHDRAWN                     | withdrawn                  | stopped before the first participant     |
 * | AVAILABLE                     | available                  | expanded access                          |
 * | NO_LONGER_AVAILABLE           | no_longer_available        | expanded access                          |
 * | TEMPORARILY_NOT_AVAILABLE     | temporarily_not_available  | expanded access                          |
 * | APPROVED_FOR_MARKETING        | approved_for_marketing     | expanded access                          |
 * | WITHHELD                      | withheld                   | record withheld by the sponsor           |
 * | UNKNOWN                       | unknown                    | not verified for more than two years     |
 * | (missing or unrecognised)     | recruiting                 | the specification's default              |
 */
export const CT_STATUS_MAP: Record<CtOverallStatus, string> = {
  RECRUITING: 'recruiting',
  NOT_YET_RECRUITING: 'not_yet_recruiting',
  ENROLLING_BY_INVITATION: 'enrolling_by_invitation',
  ACTIVE_NOT_RECRUITING: 'active_not_recruiting',
  COMPLETED: 'completed',
  SUSPENDED: 'suspended',
  TERMINATED: 'terminated',
  WITHDRAWN: 'withdrawn',
  AVAILABLE: 'available',
  NO_LONGER_AVAILABLE: 'no_longer_available',
  TEMPORARILY_NOT_AVAILABLE: 'temporarily_not_available',
  APPROVED_FOR_MARKETING: 'approved_for_marketing',
  WITHHELD: 'withheld',
  UNKNOWN: 'unknown',
};

export const DEFAULT_TRIAL_STATUS = 'recruiting';

export function mapOverallStatus(status: string | undefined): string {
  return (status && CT_STATUS_MAP[status as CtOverallStatus]) || DEFAULT_TRIAL_STATUS;
}

const PHASE_LABELS: Record<string, string> = {
  NA: 'N/A',
  EARLY_PHASE1: 'Early Phase 1',
  PHASE1: 'Phase 1',
  PHASE2: 'Phase 2',
  PHASE3: 'Phase 3',
  PHASE4: 'Phase 4',
};

/** ["PHASE2", "PHASE3"] → "Phase 2/Phase 3", as ClinicalTrials.gov shows combined phases. */
export function mapPhases(phases: string[] | undefined): string | null {
  const labels = (phases ?? []).map((phase) => PHASE_LABELS[phase] ?? phase).filter(Boolean);
  return labels.length > 0 ? labels.join('/') : null;
}

/** Overall official role → our trial role (default investigator). */
export function mapOfficialRole(role: string | undefined): string {
  switch (role) {
    case 'PRINCIPAL_INVESTIGATOR':
      return 'principal_investigator';
    case 'SUB_INVESTIGATOR':
      return 'sub_investigator';
    case 'STUDY_CHAIR':
      return 'study_chair';
    case 'STUDY_DIRECTOR':
      return 'study_director';
    default:
      return 'investigator';
  }
}

/** A study in the shape of our clinical_trials table, plus what the evidence needs. */
export interface TrialRecord {
  nctNumber: string;
  trialTitle: string;
  officialTitle: string | null;
  phase: string | null;
  status: string;
  overallStatus: string | null;
  startDate: string | null;
  completionDate: string | null;
  sponsor: string | null;
  description: string | null;
  conditionsStudied: string[];
  keywords: string[];
  officials: CtOfficial[];
  locations: string[];
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function mapStudy(study: CtStudy): TrialRecord | null {
  const p = study.protocolSection;
  const nctId = text(p?.identificationModule?.nctId);
  const title = text(p?.identificationModule?.briefTitle) ?? text(p?.identificationModule?.officialTitle);
  if (!p || !nctId || !title) return null;
  return {
    nctNumber: nctId.toUpperCase(),
    trialTitle: title,
    officialTitle: text(p.identificationModule?.officialTitle),
    phase: mapPhases(p.designModule?.phases),
    status: mapOverallStatus(p.statusModule?.overallStatus),
    overallStatus: text(p.statusModule?.overallStatus),
    startDate: text(p.statusModule?.startDateStruct?.date),
    completionDate: text(p.statusModule?.completionDateStruct?.date) ?? text(p.statusModule?.primaryCompletionDateStruct?.date),
    sponsor: text(p.sponsorCollaboratorsModule?.leadSponsor?.name),
    description: text(markdownToText(p.descriptionModule?.briefSummary ?? '')),
    conditionsStudied: (p.conditionsModule?.conditions ?? []).map((c) => c.trim()).filter(Boolean),
    keywords: (p.conditionsModule?.keywords ?? []).map((c) => c.trim()).filter(Boolean),
    officials: p.contactsLocationsModule?.overallOfficials ?? [],
    locations: (p.contactsLocationsModule?.locations ?? []).map((l) => [l.facility, l.city, l.state].filter(Boolean).join(', ')).filter(Boolean),
  };
}

export interface ClinicalTrialsClientOptions {
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  http?: Pick<HttpOptions, 'retries' | 'initialDelayMs' | 'timeoutMs' | 'sleep'>;
}

export interface ClinicalTrialsClient {
  searchByOfficial(name: string, options?: { pageSize?: number; maxPages?: number }): Promise<{ query: string; studies: TrialRecord[] }>;
  getStudy(nctId: string): Promise<TrialRecord | null>;
}

/**
 * AREA[OverallOfficialName]("Jacob" AND "Sands"): every word of the name, in any order and not
 * necessarily side by side. Real officials carry middle initials and suffixes ("Jacob M Sands",
 * "Sands, Jacob M., MD"), which a phrase ("Jacob Sands") misses. Each word is quoted, so a name such
 * as "Or" is never read as an operator; punctuation is dropped.
 */
export function officialQuery(name: string) {
  const words = name
    .normalize('NFC')
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
  return `AREA[OverallOfficialName](${words.map((word) => `"${word}"`).join(' AND ')})`;
}

export function createClinicalTrialsClient(options: ClinicalTrialsClientOptions = {}): ClinicalTrialsClient {
  const baseUrl = (options.baseUrl ?? CLINICAL_TRIALS_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const httpOptions = { ...options.http, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) };

  return {
    async searchByOfficial(name, { pageSize = 50, maxPages = 2 } = {}) {
      const query = officialQuery(name);
      const studies: TrialRecord[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < maxPages; page += 1) {
        const url = new URL(`${baseUrl}/studies`);
        url.searchParams.set('query.term', query);
        url.searchParams.set('pageSize', String(pageSize));
        url.searchParams.set('format', 'json');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = await requestJson<CtStudiesResponse>(url, httpOptions);
        for (const study of body.studies ?? []) {
          const record = mapStudy(study);
          if (record) studies.push(record);
        }
        pageToken = body.nextPageToken;
        if (!pageToken) break;
      }
      return { query, studies };
    },
    async getStudy(nctId) {
      if (!/^NCT\d{8}$/i.test(nctId)) return null;
      try {
        const study = await requestJson<CtStudy>(`${baseUrl}/studies/${nctId.toUpperCase()}?format=json`, httpOptions);
        return mapStudy(study);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  };
}
