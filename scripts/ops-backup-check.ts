// `npm run ops:backup-check`: the backup drill against the PostgreSQL database in DATABASE_URL (see
// docs/operations.md). Dumps it, restores the dump into a new database, checks every table's rows,
// the migrations and one provider's profile read through the app on the copy, then drops the copy.
// Needs pg_dump and pg_restore (Debian: postgresql-client) and a role that may create databases.
import { backupCheck } from '../src/server/ops/backup-check';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL must name the PostgreSQL database to check (the embedded PGlite is backed up by copying its folder).');
  process.exit(2);
}

const result = await backupCheck(url);
const differing = result.tables.filter((t) => t.source !== t.restored);
console.log(
  `dump: ${(result.dumpBytes / 1024).toFixed(0)} KiB; ${result.tables.length} tables; migrations ${result.migrations.source} → ${result.migrations.restored} on the copy`,
);
for (const t of differing) console.log(`  ${t.table}: ${t.source} rows, ${t.restored} on the copy`);
console.log(
  result.providerId
    ? `profile of ${result.providerId} read through the app on the copy: ${result.profileMatches ? 'identical' : 'DIFFERENT'}`
    : 'no provider in the database: no profile to read',
);
console.log(`${result.ms} ms`);
const ok = differing.length === 0 && result.migrations.source === result.migrations.restored && result.profileMatches !== false;
console.log(ok ? 'backup check passed' : 'backup check FAILED');
process.exit(ok ? 0 : 1);
