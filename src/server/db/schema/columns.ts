import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** Row timestamps; `updatedAt` is refreshed by Drizzle on every update so services cannot forget it. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * `column IN ('a', 'b', …)` for a CHECK constraint. Check constraints cannot take bind
 * parameters, so the values are inlined as quoted literals.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`));
  return sql`${column} in (${sql.join(literals, sql.raw(', '))})`;
}

/** Stands in for a NULL hospital_id (a global row) where uniqueness must treat all globals as one. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A descending index key that matches `ORDER BY col DESC`. drizzle-kit writes a bare `.desc()` as
 * DESC NULLS LAST, while PostgreSQL's DESC means NULLS FIRST, and the planner only uses an index
 * for ordering when the null placement matches too.
 */
export function newestFirst<C extends ExtraConfigColumn>(column: C) {
  return column.desc().nullsFirst();
}
