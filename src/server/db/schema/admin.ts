import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES, type AdminPermission } from '../../../shared/enums';
import { inList, timestamps } from './columns';
import { authUsers } from './auth';
import { hospitals } from './hospitals';

/**
 * Administrators. Credentials belong to the authentication library, so the spec's password_hash
 * placeholder has no column here.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    authUserId: text()
      .unique('admin_users_auth_user_id_unique')
      .references(() => authUsers.id, { onDelete: 'set null' }),
    // Stored lower-cased (the magic-link flow trims and lower-cases before looking up).
    email: text().notNull().unique('admin_users_email_unique'),
    fullName: text(),
    firstName: text(),
    lastName: text(),
    role: text().notNull(),
    // A hospital's admins go with the hospital.
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'cascade' }),
    isActive: boolean().notNull().default(true),
    isSuperAdmin: boolean().notNull().default(false),
    mustChangePassword: boolean().notNull().default(true),
    emailVerified: boolean().notNull().default(false),
    permissions: jsonb().$type<AdminPermission[]>().notNull().default([]),
    createdBy: uuid().references((): AnyPgColumn => adminUsers.id, { onDelete: 'set null' }),
    updatedBy: uuid().references((): AnyPgColumn => adminUsers.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('admin_users_hospital_idx').on(t.hospitalId),
    check('admin_users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('admin_users_role_check', inList(t.role, ADMIN_ROLES)),
    check(
      'admin_users_role_hospital_check',
      sql`(${t.role} = 'hospital_admin' and ${t.hospitalId} is not null) or (${t.role} = 'system_admin' and ${t.hospitalId} is null)`,
    ),
    check('admin_users_super_admin_matches_role', sql`${t.isSuperAdmin} = (${t.role} = 'system_admin')`),
  ],
);
