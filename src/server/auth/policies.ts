import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminPermission, AdminRole } from '../../shared/enums';
import type { Actor } from '../http/types';

/**
 * The capability table of the spec (profile document §6, access document §6) — the one policy map
 * every admin route consults.
 */
export const CAPABILITIES = {
  'hospital.settings.edit': ['hospital_admin', 'system_admin'],
  'locations.manage': ['hospital_admin', 'system_admin'],
  'taxonomy.manage': ['hospital_admin', 'system_admin'],
  'terms.manage': ['hospital_admin', 'system_admin'],
  'defaults.reset': ['hospital_admin', 'system_admin'],
  'bulk.upload': ['hospital_admin', 'system_admin'],
  'reading_levels.edit': ['hospital_admin', 'system_admin'],
  'brand.edit': ['hospital_admin', 'system_admin'],
  'admins.create': ['hospital_admin', 'system_admin'],
  'admins.view': ['hospital_admin', 'system_admin'],
  'users.manage': ['hospital_admin', 'system_admin'],
  'users.delete': ['hospital_admin', 'system_admin'],
  // Moving a provider between hospitals crosses tenants: system administrators only.
  'users.assign_hospital': ['system_admin'],
  'feedback.review': ['hospital_admin', 'system_admin'],
  'hospitals.view': ['hospital_admin', 'system_admin'],
  'hospitals.create': ['system_admin'],
  'hospitals.delete': ['system_admin'],
  'help.manage': ['system_admin'],
  'system.settings': ['system_admin'],
  'audit.view': ['system_admin'],
  'taxonomy.default.manage': ['system_admin'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The permissions list stored on admin_users and returned in the admin session object. */
export function permissionsForRole(role: AdminRole): AdminPermission[] {
  const base: AdminPermission[] = ['view_hospitals', 'manage_permissions', 'view_users'];
  return role === 'system_admin' ? [...base, 'system_settings'] : base;
}

export function can(actor: Actor, capability: Capability): boolean {
  return actor.kind === 'admin' && (CAPABILITIES[capability] as readonly string[]).includes(actor.role);
}

export type AdminActor = Extract<Actor, { kind: 'admin' }>;

/**
 * Tenancy in the `where`: a hospital admin's queries are limited to their hospital, so another
 * hospital's row is simply not found. System admins see everything (undefined = no condition).
 */
export function hospitalScope(actor: AdminActor, column: AnyPgColumn): SQL | undefined {
  const hospitalId = scopedHospitalId(actor);
  return hospitalId === null ? undefined : eq(column, hospitalId);
}

/** The hospital an admin's reads are limited to, or null for a system admin (an admin without one matches nothing). */
export function scopedHospitalId(actor: AdminActor): string | null {
  if (actor.role === 'system_admin') return null;
  return actor.hospitalId ?? '00000000-0000-0000-0000-000000000000';
}
