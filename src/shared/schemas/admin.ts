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

export const auditQuerySchema = listQuerySchema.extend({
  action: z.string().trim().max(100).optional(),
  hospitalId: z.uuid().optional(),
});
