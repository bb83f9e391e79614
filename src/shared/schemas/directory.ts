import { z } from 'zod';
import type { DirectoryStatus } from '../enums';

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
} as const;

export const directorySettingsSchema = z
  .object({
    enabled: z.boolean(),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(DIRECTORY_SLUG_PATTERN, DIRECTORY_MESSAGES.slugInvalid)
      .nullable(),
    requiresApproval: z.boolean(),
    brandColor: z
      .string()
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, DIRECTORY_MESSAGES.colorInvalid)
      .nullable(),
  })
  .strict()
  .refine((value) => !value.enabled || value.slug !== null, { path: ['slug'], message: DIRECTORY_MESSAGES.slugRequired });
export type DirectorySettingsInput = z.input<typeof directorySettingsSchema>;

export const publishRequestSchema = z.object({ publish: z.boolean() }).strict();

export interface DirectorySettingsView {
  enabled: boolean;
  slug: string | null;
  requiresApproval: boolean;
  brandColor: string | null;
  /** /find/<slug>, when the directory is on. */
  publicPath: string | null;
}

export interface MyListingView {
  status: DirectoryStatus;
  hospital: { name: string; directoryEnabled: boolean; requiresApproval: boolean } | null;
  /** The public page, while it is published and the directory is on. */
  publicPath: string | null;
  requestedAt: string | null;
  publishedAt: string | null;
}

export interface AdminListingView {
  userId: string;
  fullName: string | null;
  email: string;
  status: DirectoryStatus;
  requestedAt: string | null;
  publishedAt: string | null;
  publicPath: string | null;
}
