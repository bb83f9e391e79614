import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ACTOR_ROLES, CHANGE_SOURCES } from '../../../shared/enums';
import { createdAt, inList, newestFirst } from './columns';

/**
 * Every admin write: who, what, which row, when. Actor and hospital ids are deliberately not
 * foreign keys, so the trail outlives the admins, users and hospitals it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid(),
    actorRole: text().notNull(),
    actorEmail: text(),
    hospitalId: uuid(),
    /** Dotted verb, e.g. `hospital.update`, `expertise_term.delete`. */
    action: text().notNull(),
    targetType: text(),
    // Text because targets are keyed by uuid, integer or composite keys.
    targetId: text(),
    /** Before/after of the fields that changed. */
    summary: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(newestFirst(t.createdAt)),
    index('audit_log_hospital_created_idx').on(t.hospitalId, t.createdAt),
    index('audit_log_action_idx').on(t.action),
    check('audit_log_actor_role_check', inList(t.actorRole, ACTOR_ROLES)),
  ],
);

/**
 * Every write to a provider's profile section, by anyone: who (not foreign keys, like the audit
 * log, so the record outlives the people it names), when, through what, and each changed field's
 * old and new value (`changes`, see modules/profile/history.ts). Written in the write's own
 * transaction; a trigger refuses UPDATE and DELETE except the retention purge (migration 0015).
 */
export const profileChanges = pgTable(
  'profile_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid().notNull(),
    sectionId: text().notNull(),
    source: text().notNull(),
    actorId: uuid(),
    actorKind: text().notNull(),
    actorEmail: text(),
    changes: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('profile_changes_user_section_idx').on(t.userId, t.sectionId, t.id),
    index('profile_changes_created_idx').on(t.createdAt),
    check('profile_changes_source_check', inList(t.source, CHANGE_SOURCES)),
    check('profile_changes_actor_kind_check', inList(t.actorKind, ACTOR_ROLES)),
  ],
);
