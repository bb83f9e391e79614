// `npm run db:seed`: migrate, then load reference data (and the demo tenant outside production).
import { loadEnv } from '../../env';
import { createLogger } from '../../lib/logger';
import { migrationsDir, seedDataDir } from '../../paths';
import { createDatabase } from '../client';
import { createStorageFromEnv } from '../../integrations/storage';
import { seedDatabase } from './index';

const env = loadEnv();
const logger = createLogger({ level: env.logLevel, environment: env.NODE_ENV });
const database = await createDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
});
try {
  await database.migrate(migrationsDir);
  const result = await database.exclusively('vitae:seed', () =>
    seedDatabase(database.db, { dataDir: seedDataDir, demo: env.seedDemoData, logger, storage: createStorageFromEnv(env) }),
  );
  console.log('Reference rows inserted:', Object.keys(result.reference).length > 0 ? result.reference : 'none (already seeded)');
  if (result.demo) console.log(`Demo tenant ${result.demo.hospitalName}; admins ${result.demo.systemAdminEmail}, ${result.demo.hospitalAdminEmail}`);
} finally {
  await database.close();
}
