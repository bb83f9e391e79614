import type { Env } from '../../env';
import { CLINICAL_TRIALS_DEFAULT_BASE_URL, createClinicalTrialsClient, type ClinicalTrialsClient } from '../../integrations/clinical-trials';
import { createPubmedClient, PUBMED_DEFAULT_BASE_URL, type PubmedClient } from '../../integrations/pubmed';
import { createWebPageReader, type WebPageReader } from '../../integrations/web-page';

/** Where discovery looks. Each source sits behind an interface so tests and other sources can stand in. */
export interface DiscoverySources {
  pubmed: PubmedClient;
  clinicalTrials: ClinicalTrialsClient;
  webPages: WebPageReader;
}

/** The settings discovery reads; optional until they are declared in env.ts. */
export interface DiscoveryEnv {
  PUBMED_BASE_URL?: string;
  PUBMED_API_KEY?: string;
  PUBMED_TOOL?: string;
  PUBMED_EMAIL?: string;
  CLINICAL_TRIALS_BASE_URL?: string;
}

export function createDiscoverySources(env: Env, overrides: Partial<DiscoverySources> = {}): DiscoverySources {
  const config = env as Env & DiscoveryEnv;
  return {
    pubmed:
      overrides.pubmed ??
      createPubmedClient({
        baseUrl: config.PUBMED_BASE_URL || PUBMED_DEFAULT_BASE_URL,
        apiKey: config.PUBMED_API_KEY || undefined,
        tool: config.PUBMED_TOOL || 'vitae',
        email: config.PUBMED_EMAIL || undefined,
      }),
    clinicalTrials: overrides.clinicalTrials ?? createClinicalTrialsClient({ baseUrl: config.CLINICAL_TRIALS_BASE_URL || CLINICAL_TRIALS_DEFAULT_BASE_URL }),
    webPages: overrides.webPages ?? createWebPageReader(),
  };
}
