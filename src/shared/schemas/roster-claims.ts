import { z } from 'zod';
import { newPasswordSchema } from './auth';

/**
 * Roster invitations and claims (issue 37 item 4): the admin sends the invitations of an upload's
 * drafted rows, the person opens the e-mail's claim link, sets a password (or asks for a magic
 * link) and lands on the review page.
 */

/** `POST …/roster-uploads/:uploadId/invitations`: what was queued now and how many the upload has in all. */
export interface RosterInvitationsDto {
  uploadId: string;
  /** Invitations made by this press (rows drafted since the last one). */
  invited: number;
  /** Every invitation of the upload, this press's included. */
  total: number;
}

/** Why a claim link does not work; each has its sentence on the claim page. */
export const CLAIM_REFUSALS = ['unknown', 'expired', 'claimed', 'replaced', 'other_user', 'bounced'] as const;
export type ClaimRefusal = (typeof CLAIM_REFUSALS)[number];

/** `GET /api/roster-claims/:token`: the claim page's content, or why the link does not work. */
export type RosterClaimDto =
  | {
      state: 'open';
      hospitalName: string;
      brandColor: string | null;
      providerName: string;
      specialty: string | null;
      /** The address the link is bound to, masked (j•••@example.org): the magic link goes there. */
      emailHint: string;
      expiresAt: string;
    }
  | { state: 'refused'; reason: ClaimRefusal; message: string; hospitalName: string | null; signedInAs?: string | null };

export const CLAIM_MESSAGES = {
  unknown: 'This claim link is not valid. Check that you copied the whole address from the e-mail, or ask your hospital for a new link.',
  expired: (hospital: string) => `This claim link has expired. Ask ${hospital} for a new link.`,
  claimed: 'This profile has already been claimed. Sign in to see it.',
  replaced: 'This link was replaced by a newer invitation: use the link in the latest e-mail.',
  otherUser: (email: string) => `This invitation is for someone else, and you are signed in as ${email}. Sign out first, then open the link again.`,
  bounced: (hospital: string) => `This invitation could not be delivered. Ask ${hospital} for a new link.`,
  termsRequired: 'Please agree to the terms of service and the privacy policy to claim your profile.',
} as const;

export const claimTokenParam = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const claimWithPasswordSchema = z.object({
  password: newPasswordSchema,
  agreedToTerms: z.literal(true, { error: CLAIM_MESSAGES.termsRequired }),
});
export type ClaimWithPasswordInput = z.infer<typeof claimWithPasswordSchema>;

export const claimWithMagicLinkSchema = z.object({
  agreedToTerms: z.literal(true, { error: CLAIM_MESSAGES.termsRequired }),
});

/** Where a review page's section came from: what field_provenance says, most of its fields. */
export type ReviewSource = 'registry' | 'listing_service' | 'roster' | 'provider' | 'other';

/** One line of what a section holds, with where it came from (null: not recorded). */
export interface ReviewDetail {
  label: string;
  value: string;
  source: ReviewSource | null;
}

/** `GET /api/me/roster-review`: the claimed profile's sections to review, with their source. */
export interface RosterReviewDto {
  hospitalName: string;
  preApproved: boolean;
  listingStatus: string | null;
  sections: Array<{
    sectionId: string;
    title: string;
    path: string;
    status: 'complete' | 'needs_update' | 'missing';
    sources: ReviewSource[];
    details: ReviewDetail[];
  }>;
}
