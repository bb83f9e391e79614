// `npm run admin:create -- --email ops@example.org --role system_admin [--name "Full Name"] [--hospital CODE]`
// Creates an administrator (the first one of a production deployment, typically) and e-mails the
// link to set a password. Sign-in itself is by magic link at /admin/login.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ADMIN_ROLES } from '../../shared/enums';
import { adminEmailSchema } from '../../shared/schemas/admin';
import { createPasswordAccount, generateTemporaryPassword } from '../auth/accounts';
import { createAuth } from '../auth/auth';
import { permissionsForRole } from '../auth/policies';
import { createDatabase } from '../db/client';
import { adminUsers, hospitals } from '../db/schema';
import { loadEnv } from '../env';
import { createOutboxMailer, createSmtpMailer } from '../integrations/mail/mailer';
import { createLogger } from '../lib/logger';
import { migrationsDir } from '../paths';

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, hospital: { type: 'string' } },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const email = adminEmailSchema.safeParse(values.email ?? '');
if (!email.success) fail('Give a valid --email.');
const role = values.role as (typeof ADMIN_ROLES)[number];
if (!ADMIN_ROLES.includes(role)) fail(`--role must be one of ${ADMIN_ROLES.join(', ')}.`);
if (role === 'hospital_admin' && !values.hospital) fail('A hospital_admin needs --hospital <hospital code>.');

const env = loadEnv();
const logger = createLogger({ level: 'warn', environment: env.NODE_ENV });
const database = await createDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
});
try {
  await database.migrate(migrationsDir);
  const db = database.db;
  let hospitalId: string | null = null;
  if (role === 'hospital_admin') {
    const [hospital] = await db.select().from(hospitals).where(eq(hospitals.code, values.hospital!.toUpperCase())).limit(1);
    if (!hospital) fail(`No hospital with code ${values.hospital}.`);
    hospitalId = hospital!.id;
  }
  const address = email.data!;
  const [existing] = await db.select().from(adminUsers).where(eq(adminUsers.email, address)).limit(1);
  if (existing) fail(`${address} is already an administrator.`);

  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, logger) : createOutboxMailer(db, logger);
  const auth = createAuth({ db, env, mailer });
  const fullName = values.name ?? address.split('@')[0]!;
  const account = await createPasswordAccount(auth, { email: address, name: fullName, password: generateTemporaryPassword(), emailVerified: false });
  await db.insert(adminUsers).values({
    authUserId: account.id,
    email: address,
    fullName,
    role,
    hospitalId,
    isSuperAdmin: role === 'system_admin',
    isActive: true,
    mustChangePassword: true,
    emailVerified: false,
    permissions: permissionsForRole(role),
  });
  await auth.api.requestPasswordReset({ body: { email: address, redirectTo: '/admin/reset-password' } });
  console.log(
    `Created ${role} ${address}. The link to set a password was sent ${mailer.transport === 'smtp' ? 'by e-mail' : 'to the development outbox (/dev/outbox)'}.`,
  );
  console.log(`Sign in at ${env.appUrl}/admin/login.`);
} finally {
  await database.close();
}
