import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ACTOR_ROLES } from '../../../shared/enums';
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
