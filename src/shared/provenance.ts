import type { ProvenanceSource } from './enums';

/** One recorded field of a provider's profile: where its value came from and when it was written. */
export interface ProvenanceEntry {
  sectionId: string;
  /** A field of a single-row section, or `items` for a list section as a whole. */
  field: string;
  source: ProvenanceSource;
  recordedAt: string;
}
