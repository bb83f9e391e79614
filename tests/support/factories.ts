import { desc, eq } from 'drizzle-orm';
import { permissionsForRole } from '../../src/server/auth/policies';
import { adminUsers, authUsers, directoryListings, hospitals, mailOutbox, professionalIdentity, users } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from './clients';
import type { TestContext } from './test-app';

let sequence = 0;
export const uniqueSuffix = () => `${Date.now().toString(36)}${(sequence += 1).toString(36)}`;

export async function createHospital(ctx: TestContext, overrides: Partial<typeof hospitals.$inferInsert> = {}) {
  const suffix = uniqueSuffix();
  const [hospital] = await ctx.database.db
    .insert(hospitals)
    .values({ name: `Hospital ${suffix}`, code: `H${suffix}`.toUpperCase(), ...overrides })
    .returning();
  return hospital!;
}

/** A hospital with its public directory open at `/find/<slugPrefix>-…`. */
export async function openDirectoryHospital(ctx: TestContext, name: string, slugPrefix: string) {
  const hospital = await createHospital(ctx, { name: `${name} ${uniqueSuffix()}` });
  await ctx.database.db
    .update(hospitals)
    .set({ directoryEnabled: true, directorySlug: `${slugPrefix}-${uniqueSuffix()}` })
    .where(eq(hospitals.id, hospital.id));
  return hospital.id;
}

/** An active physician's users row and professional identity, written straight to the tables (as a script would). */
export async function insertProvider(ctx: TestContext, p: { hospitalId: string; first: string; last: string; specialty: string; emailPrefix: string }) {
  const db = ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: `${p.emailPrefix}.${uniqueSuffix()}@example.org`,
      fullName: `${p.first} ${p.last}`,
      firstName: p.first,
      lastName: p.last,
      jobTitle: 'Physician',
      hospitalId: p.hospitalId,
      status: 'active',
    })
    .returning({ id: users.id });
  await db
    .insert(professionalIdentity)
    .values({ userId: user!.id, firstName: p.first, lastName: p.last, jobTitle: 'Physician', primarySpecialty: p.specialty });
  return user!.id;
}

/** `insertProvider`, published in the hospital's directory under `slug`. */
export async function insertListedProvider(ctx: TestContext, p: Parameters<typeof insertProvider>[1] & { slug: string }) {
  const userId = await insertProvider(ctx, p);
  await ctx.database.db.insert(directoryListings).values({ userId, hospitalId: p.hospitalId, status: 'published', slug: p.slug, publishedAt: new Date() });
  return userId;
}

/** An admin row as the seed or the CLI makes it: active, password already settled. */
export async function createAdminRow(
  ctx: TestContext,
  input: { role: 'system_admin' | 'hospital_admin'; hospitalId?: string | null; email?: string; mustChangePassword?: boolean; isActive?: boolean },
) {
  const email = input.email ?? `${input.role.replace('_', '-')}.${uniqueSuffix()}@example.org`;
  const [admin] = await ctx.database.db
    .insert(adminUsers)
    .values({
      email,
      fullName: input.role === 'system_admin' ? 'Sam System' : 'Hana Hospital',
      role: input.role,
      hospitalId: input.role === 'system_admin' ? null : (input.hospitalId ?? null),
      isSuperAdmin: input.role === 'system_admin',
      isActive: input.isActive ?? true,
      mustChangePassword: input.mustChangePassword ?? false,
      emailVerified: true,
      permissions: permissionsForRole(input.role),
    })
    .returning();
  return admin!;
}

export async function latestMail(ctx: TestContext, to: string) {
  const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** Signs an admin in the way a person does: request the link, read it from the outbox, post the callback. */
export async function signInAdmin(ctx: TestContext, email: string, client: BrowserClient = browserClient(ctx.app)) {
  const requested = await client.post('/api/admin/auth/magic-link', { email }, { 'x-forwarded-for': `198.51.100.${(sequence += 1) % 250}` });
  if (requested.status !== 200) throw new Error(`magic link refused: ${requested.status} ${await requested.text()}`);
  const mail = await latestMail(ctx, email);
  const link = new URL(mail!.links[0]!);
  const verified = await client.post('/api/auth/callback', {
    token_hash: link.searchParams.get('token_hash'),
    type: link.searchParams.get('type'),
    admin: link.searchParams.get('admin') === 'true',
  });
  if (verified.status !== 200) throw new Error(`admin callback refused: ${verified.status} ${await verified.text()}`);
  return client;
}

/** The provider clicked the confirmation link the app e-mailed (what publishing needs first). */
export async function confirmProviderEmail(ctx: TestContext, userId: string) {
  const [user] = await ctx.database.db.select({ authUserId: users.authUserId }).from(users).where(eq(users.id, userId));
  await ctx.database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user!.authUserId!));
}

/**
 * A provider in their hospital's public directory the way it happens: the e-mail confirmed, the
 * provider asks, the hospital approves (through `approver` when given, else as the hospital would,
 * straight in the listing). Returns the listing's public path.
 */
export async function publishProvider(ctx: TestContext, client: BrowserClient, userId: string, approver?: BrowserClient) {
  await confirmProviderEmail(ctx, userId);
  const asked = await client.put('/api/me/directory', { publish: true });
  if (asked.status !== 200) throw new Error(`publish refused: ${asked.status} ${await asked.text()}`);
  const [listing] = await ctx.database.db.select().from(directoryListings).where(eq(directoryListings.userId, userId));
  if (listing!.status === 'pending') {
    if (approver) {
      const approved = await approver.post(`/api/admin/hospitals/${listing!.hospitalId}/directory/listings/${userId}/approve`);
      if (approved.status !== 200) throw new Error(`approval refused: ${approved.status} ${await approved.text()}`);
    } else {
      await ctx.database.db
        .update(directoryListings)
        .set({ status: 'published', publishedAt: new Date(), decidedBy: 'test approver', decidedAt: new Date() })
        .where(eq(directoryListings.userId, userId));
    }
  }
  return ((await (await client.get('/api/me/directory')).json()) as { publicPath: string | null }).publicPath;
}
