import { z } from 'zod';
import { npiSchema } from '../npi';
import type { NameCheck } from './directory';

/**
 * Claims to an NPI another account holds (decision 0020): the real clinician asks, a system
 * administrator decides with the evidence in front of them.
 */
export const NPI_CLAIM_MESSAGES = {
  emailNotConfirmed: 'Confirm your e-mail address before claiming an NPI: open the link we e-mail you, then claim it',
  notHeld: 'No other account holds this NPI: add it to your professional identity instead',
  alreadyYours: 'This NPI is already on your profile',
  alreadyClaimed: 'You already claimed this NPI; a Vitae administrator will decide and tell you',
  notOpen: 'This claim was already decided',
  notFound: 'Claim not found',
} as const;

export const npiClaimSchema = z
  .object({
    npiNumber: npiSchema,
    note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
  })
  .strict();
export type NpiClaimInput = z.input<typeof npiClaimSchema>;

export const npiClaimDecisionSchema = z.object({ note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional() }).strict();

export const npiClaimListQuerySchema = z.object({ status: z.enum(['open', 'granted', 'refused']).default('open') });

export type NpiClaimStatus = 'open' | 'granted' | 'refused';

/** What the decider weighs: the registry's name, and each side's name and confirmed address. */
export interface NpiClaimEvidence {
  registryName: string | null;
  registry: 'found' | 'not_found' | 'unavailable';
  claimant: { name: string; nameCheck: NameCheck; emailConfirmed: boolean; hospital: string | null };
  holder: { name: string; nameCheck: NameCheck; emailConfirmed: boolean; hospital: string | null; listing: string | null } | null;
}

export interface NpiClaimView {
  id: string;
  npiNumber: string;
  status: NpiClaimStatus;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
}

export interface AdminNpiClaimView extends NpiClaimView {
  claimant: { id: string; name: string; email: string };
  holder: { id: string; name: string; email: string } | null;
  evidence: NpiClaimEvidence;
  decidedBy: string | null;
}
