// Prepares the throw-away data folder of the browser journeys before the server opens it: the
// schema, the reference data and the demo tenant, plus one administrator per journey that signs in
// as one. The server allows three admin magic links per address per five minutes and one per
// minute; journeys sharing the demo administrators would trip those limits (as designed) whenever
// they run close together, so each journey signs in as its own administrator.
import { eq } from 'drizzle-orm';
import { permissionsForRole } from '../../src/server/auth/policies';
import { createDatabase } from '../../src/server/db/client';
import { adminUsers, hospitals } from '../../src/server/db/schema';
import { DEMO, seedDatabase } from '../../src/server/db/seed';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir, seedDataDir } from '../../src/server/paths';

/** The journeys' own administrators (the specs name them by address). */
const JOURNEY_ADMINS = [
  { email: 'help.editor@vitae.local', fullName: 'Help Editor', role: 'system_admin' as const },
  { email: 'hospitals.manager@vitae.local', fullName: 'Hospitals Manager', role: 'system_admin' as const },
  { email: 'a11y.auditor@vitae.local', fullName: 'Accessibility Auditor', role: 'system_admin' as const },
  { email: 'feedback.reviewer@northfield.example', fullName: 'Feedback Reviewer', role: 'hospital_admin' as const },
  { email: 'listing.admin@northfield.example', fullName: 'Listing Admin', role: 'hospital_admin' as const },
  { email: 'members.admin@northfield.example', fullName: 'Members Admin', role: 'hospital_admin' as const },
  { email: 'directory.admin@northfield.example', fullName: 'Directory Admin', role: 'hospital_admin' as const },
  { email: 'requests.admin@northfield.example', fullName: 'Requests Admin', role: 'hospital_admin' as const },
  { email: 'tour.system@vitae.local', fullName: 'Tour System', role: 'system_admin' as const },
  { email: 'tour.hospital@northfield.example', fullName: 'Tour Hospital', role: 'hospital_admin' as const },
  { email: 'console.admin@northfield.example', fullName: 'Console Admin', role: 'hospital_admin' as const },
];

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: e2e-fixtures.ts <data folder>');

const database = await createDatabase({ dataDir });
try {
  await database.migrate(migrationsDir);
  await seedDatabase(database.db, { dataDir: seedDataDir, demo: true, logger: createLogger({ level: 'warn', environment: 'test' }) });
  const [northfield] = await database.db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.code, DEMO.hospitalCode)).limit(1);
  for (const admin of JOURNEY_ADMINS) {
    const [firstName, lastName] = admin.fullName.split(' ');
    await database.db
      .insert(adminUsers)
      .values({
        email: admin.email,
        fullName: admin.fullName,
        firstName,
        lastName,
        role: admin.role,
        hospitalId: admin.role === 'hospital_admin' ? northfield!.id : null,
        isSuperAdmin: admin.role === 'system_admin',
        isActive: true,
        mustChangePassword: false,
        emailVerified: true,
        permissions: permissionsForRole(admin.role),
      })
      .onConflictDoNothing();
  }
} finally {
  await database.close();
}
