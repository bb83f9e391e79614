import { z } from 'zod';
import type { DirectoryStatus } from '../enums';
import { APPOINTMENT_REQUEST_MESSAGES, APPOINTMENT_RETENTION_MAX_DAYS } from './appointment-requests';
import { EMAIL_PATTERN } from './fields';

/**
 * The public find-a-doctor directory: a hospital's settings, a provider's choice to publish, the
 * hospital's approval. Shared by the server and the web pages.
 */

export const DIRECTORY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

export const DIRECTORY_MESSAGES = {
  slugInvalid: 'Use 1–60 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
  slugTaken: 'Another hospital already uses this address',
  colorInvalid: 'Use a colour like #1d4ed8',
  slugRequired: 'Choose the directory’s address before turning it on',
  noHospital: 'Join a hospital before publishing your profile',
  directoryOff: 'Your hospital’s public directory is not on yet',
  listingNotFound: 'This provider has no directory listing',
  notPending: 'This listing is not waiting for approval',
  notPublished: 'This listing is not published',
  emailNotConfirmed: 'Confirm your e-mail address before publishing: open the link we e-mail you, then ask again',
  removedByHospital: 'Your hospital took your public profile down. Asking again sends it back to them for approval',
} as const;

/** Why a listing waits for the hospital, in the words the approver and the provider read. */
export const IDENTITY_CHECK_TEXT = {
  match: 'The name matches the NPI registry’s record',
  mismatch: 'The name differs from the NPI registry’s record',
  no_npi: 'No NPI on the profile to check the name against',
  not_found: 'The NPI registry has no individual with this NPI',
  unavailable: 'The NPI registry could not be reached; check the name by hand',
} as const;
export type NameCheck = keyof typeof IDENTITY_CHECK_TEXT;

/** What was checked when the provider asked to publish (decision 0020). */
export interface IdentityCheck {
  emailConfirmed: boolean;
  npi: string | null;
  /** The registry's name for the NPI, as the registry writes it. */
  registryName: string | null;
  profileName: string;
  nameCheck: NameCheck;
  checkedAt: string;
}

export const directorySettingsSchema = z
  .object({
    enabled: z.boolean(),
    slug: z.string().trim().toLowerCase().regex(DIRECTORY_SLUG_PATTERN, DIRECTORY_MESSAGES.slugInvalid).nullable(),
    requiresApproval: z.boolean(),
    // Providers who claim a profile from this hospital's roster publish without approval ([T3 6/7]); absent leaves it as it is.
    rosterPreApproved: z.boolean().optional(),
    brandColor: z
      .string()
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, DIRECTORY_MESSAGES.colorInvalid)
      .nullable(),
    // Appointment requests from the profile pages (decision 0021); absent leaves each as it is.
    requestsEnabled: z.boolean().optional(),
    intakeEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, APPOINTMENT_REQUEST_MESSAGES.intakeEmailInvalid)
      .regex(EMAIL_PATTERN, APPOINTMENT_REQUEST_MESSAGES.intakeEmailInvalid)
      .nullable()
      .optional(),
    retentionDays: z
      .number()
      .int(APPOINTMENT_REQUEST_MESSAGES.retention)
      .min(1, APPOINTMENT_REQUEST_MESSAGES.retention)
      .max(APPOINTMENT_RETENTION_MAX_DAYS, APPOINTMENT_REQUEST_MESSAGES.retention)
      .optional(),
  })
  .strict()
  .refine((value) => !value.enabled || value.slug !== null, { path: ['slug'], message: DIRECTORY_MESSAGES.slugRequired });
export type DirectorySettingsInput = z.input<typeof directorySettingsSchema>;

export const publishRequestSchema = z.object({ publish: z.boolean() }).strict();

/** The hospital's reason for taking a listing down, told to the provider. */
export const removeListingSchema = z.object({ reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional() }).strict();

export interface DirectorySettingsView {
  enabled: boolean;
  slug: string | null;
  requiresApproval: boolean;
  /** Providers who claimed a profile from this hospital's roster publish without the approval step when the identity check passes. */
  rosterPreApproved: boolean;
  brandColor: string | null;
  /** /find/<slug>, when the directory is on. */
  publicPath: string | null;
  /** The profile pages offer the appointment request form. */
  requestsEnabled: boolean;
  /** Where requests are mailed; null sends them to the hospital's contact e-mail (or only to the console). */
  intakeEmail: string | null;
  /** Days a request is kept before it is deleted. */
  retentionDays: number;
}

export interface MyListingView {
  status: DirectoryStatus;
  hospital: { name: string; directoryEnabled: boolean; requiresApproval: boolean } | null;
  /** The public page, while it is published and the directory is on. */
  publicPath: string | null;
  requestedAt: string | null;
  publishedAt: string | null;
  /** The hospital's reason for a takedown. */
  reason: string | null;
  /** Whether the sign-in e-mail address was confirmed by a link (needed before asking to publish). */
  emailConfirmed: boolean;
  /** The identity check of the last request. */
  identityCheck: IdentityCheck | null;
}

export interface AdminListingView {
  userId: string;
  fullName: string | null;
  email: string;
  status: DirectoryStatus;
  requestedAt: string | null;
  publishedAt: string | null;
  publicPath: string | null;
  reason: string | null;
  identityCheck: IdentityCheck | null;
}
