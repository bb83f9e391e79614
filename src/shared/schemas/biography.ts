import type { DraftTargets } from '../readability';

export const BIOGRAPHY_MESSAGES = {
  timeout: 'The writing service did not answer in time. Your biography was not changed.',
  unavailable: 'The writing service is not available right now. Please try again later. Your biography was not changed.',
  busy: 'The writing service is busy. Please try again in a minute. Your biography was not changed.',
  refused: 'The writing service refused the request. Please contact your administrator. Your biography was not changed.',
  unusable: 'The writing service returned an answer that could not be used. Please try again. Your biography was not changed.',
  failed: 'The biography could not be drafted. Your biography was not changed.',
} as const;

export type BiographyVersion = 'professional' | 'public';

export interface BiographyDraftVersion {
  text: string;
  wordCount: number;
  grade: number;
  targets: DraftTargets;
  warnings: string[];
  template: { id: string; name: string } | null;
}

/** `GET /api/biography/targets`: the reading level, length and tone the provider's hospital asks for. */
export interface BiographyTargetsResponse {
  professional: DraftTargets;
  public: DraftTargets;
}

/** `POST /api/biography/draft`: nothing is saved; the provider edits and saves through the biography section. */
export interface BiographyDraftResponse {
  professional: BiographyDraftVersion;
  public: BiographyDraftVersion;
  writer: 'built-in' | 'llm';
  /** The professional version's template (each version also names its own). */
  template: { id: string; name: string } | null;
  /** Whether the hospital's brand voice was handed to the writer (auto-apply on). */
  brandApplied: boolean;
}
