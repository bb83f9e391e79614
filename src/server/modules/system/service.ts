import { sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../../db/client';
import { readMigrationLevel, rowsOf } from '../../db/client';

export async function getHealth(db: Database, kind: DatabaseKind, migrationsDir: string, startedAt: Date) {
  const migrations = await readMigrationLevel(db, migrationsDir);
  return {
    status: migrations.upToDate ? ('ok' as const) : ('degraded' as const),
    database: { kind, migrations },
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  };
}

export interface SchemaColumn {
  name: string;
  dataType: string;
  nullable: boolean;
  default: string | null;
}

/** Tables and columns of the live database, for the /database-schema page. */
export async function describeSchema(db: Database) {
  interface ColumnRow {
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }
  const result = await db.execute(sql`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, SchemaColumn[]>();
  for (const row of rowsOf<ColumnRow>(result)) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({ name: row.column_name, dataType: row.data_type, nullable: row.is_nullable === 'YES', default: row.column_default });
    tables.set(row.table_name, columns);
  }
  return { tables: [...tables].map(([name, columns]) => ({ name, columns })) };
}
