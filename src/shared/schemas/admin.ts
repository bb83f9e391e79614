import { z } from 'zod';
import { ADMIN_ERROR_MESSAGES } from '../errors';
import { ADMIN_ROLES } from '../enums';
import { EMAIL_PATTERN } from './auth';

export const ADMIN_MESSAGES = {
  lastSystemAdmin: 'Cannot delete the last system administrator',
  duplicateAdmin: 'An admin with this email already exists',
  hospitalRequired: 'A hospital administrator must belong to a hospital',
  cannotDeleteSelf: 'You cannot delete your own administrator account',
  cannotDeactivateSelf: 'You cannot deactivate your own administrator account',
  passwordChangeRequired: 'Please change your password to continue.',
  createFailed: 'Failed to create admin user',
  updateFailed: 'Failed to update admin user',
  deleteFailed: 'Failed to delete admin user',
  inviteFailed: 'The administrator could not be invited because the e-mail could not be sent. Nothing was saved; please try again.',
} as const;

export const adminEmailSchema = z
  .string({ error: ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT })
  .trim()
  .toLowerCase()
  .regex(EMAIL_PATTERN, ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT);

export const adminMagicLinkSchema = z.object({ email: z.string().max(320) });

export const createAdminSchema = z.object({
  email: adminEmailSchema,
  fullName: z.string().trim().min(1, 'Full name is required').max(200),
  role: z.enum(ADMIN_ROLES),
  hospitalId: z.uuid('Hospital not found').nullish(),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

export const updateAdminSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Full name is required').max(200),
    role: z.enum(ADMIN_ROLES),
    hospitalId: z.uuid('Hospital not found').nullable(),
    isActive: z.boolean(),
  })
  .partial()
  .strict();

export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
});

/** A day (`2026-11-27`, the whole day in UTC) or an instant (`2026-11-27T14:00:00Z`). */
const auditDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date like 2026-11-27 or a date and time like 2026-11-27T14:00:00Z',
});

/** The audit log's filters (the page and its CSV export take the same). */
export const auditFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** An exact action, or a family of them ending in `*` (`directory.*`). */
  action: z.string().trim().max(100).optional(),
  hospitalId: z.uuid().optional(),
  /** Who: part of the actor's e-mail, or their id. */
  actor: z.string().trim().max(200).optional(),
  /** What it was done to: the target's id, or its type (`user`, `hospital`). */
  target: z.string().trim().max(200).optional(),
  from: auditDate.optional(),
  to: auditDate.optional(),
});

export const auditQuerySchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
});
