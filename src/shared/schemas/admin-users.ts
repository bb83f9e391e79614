import { z } from 'zod';
import { pageQuerySchema } from './hospitals';

/**
 * The console's provider list (issue 35 item 6): sorted and filtered by what an administrator works
 * on: how complete a profile is, when its owner last signed in, and whether it is published.
 */
export const USER_SORTS = ['name', 'completion', 'lastSignIn'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The public listing's state as the list filters it: `not_published` is no listing, a draft, withdrawn or removed. */
export const USER_PUBLISHING_FILTERS = ['published', 'pending', 'not_published'] as const;
export type UserPublishingFilter = (typeof USER_PUBLISHING_FILTERS)[number];

export const USER_SIGN_IN_FILTERS = ['never', 'over_30_days', 'within_30_days'] as const;
export type UserSignInFilter = (typeof USER_SIGN_IN_FILTERS)[number];

/**
 * The list's filters. The server's conditions and the console's controls are typed over these keys, so a new
 * filter here does not compile until both handle it.
 */
export const adminUserFiltersSchema = z.object({
  /** Only profiles whose stored completion is below this percentage. */
  completionBelow: z.coerce.number().int().min(1).max(100).optional(),
  publishing: z.enum(USER_PUBLISHING_FILTERS).optional(),
  signIn: z.enum(USER_SIGN_IN_FILTERS).optional(),
});
export type AdminUserFilters = z.output<typeof adminUserFiltersSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(USER_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  ...adminUserFiltersSchema.shape,
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
