/**
 * The console dashboard gives the administrator work (issue 35 item 5): listings waiting for
 * approval, join requests, appointment requests, providers below the completion threshold and new
 * feedback, each counted in the admin's scope; "Send a reminder" e-mails those providers over SMTP,
 * at most once a week each.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { appointmentRequests, auditLog, directoryListings, hospitalJoinRequests, users } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { COMPLETION_REMINDER_THRESHOLD, type AdminWorkView, type CompletionReminderReport } from '../../src/shared/schemas/admin-work';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let hospitalA: string;
let hospitalB: string;
let adminA: BrowserClient;
let adminB: BrowserClient;
let system: BrowserClient;
const providers: Array<{ id: string; email: string; client: BrowserClient }> = [];

async function signUp(hospitalId: string, n: number) {
  const client = browserClient(ctx.app);
  const email = `work.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: `Wren Work ${n}`, hospitalId },
    { 'x-forwarded-for': `192.0.2.${120 + n}` },
  );
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { user: { id: string } }).user.id, email, client };
}

beforeAll(async () => {
  ctx = await createTestApp();
  hospitalA = (await createHospital(ctx)).id;
  hospitalB = (await createHospital(ctx)).id;
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB })).email);
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  for (let n = 0; n < 3; n += 1) providers.push(await signUp(hospitalA, n));
  const db = ctx.database.db;
  // One complete enough not to be reminded.
  await db.update(users).set({ profileCompletionPercentage: 100 }).where(eq(users.id, providers[2]!.id));
  await db
    .insert(directoryListings)
    .values({ userId: providers[0]!.id, hospitalId: hospitalA, status: 'pending', slug: `wren-${uniqueSuffix()}`, requestedAt: new Date() });
  const outsider = await signUp(hospitalB, 9);
  await db.insert(hospitalJoinRequests).values({ userId: outsider.id, hospitalId: hospitalA, status: 'pending' });
  await db.insert(appointmentRequests).values({ hospitalId: hospitalA, providerUserId: providers[0]!.id, status: 'new', sealed: 'v1.test' });
  const feedback = await providers[1]!.client.post('/api/feedback', {
    title: 'The list is slow',
    description: 'It takes a while.',
    technicalContext: {},
    applicationContext: { currentRoute: '/dashboard' },
  });
  expect(feedback.status, await feedback.clone().text()).toBe(201);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe(`the administrator's work (${databaseLabel})`, () => {
  it('counts what waits for the hospital admin, in their hospital only', async () => {
    const work = (await (await adminA.get('/api/admin/work')).json()) as AdminWorkView;
    expect(work.listingsAwaitingApproval).toEqual({ count: 1, hospitalId: hospitalA });
    expect(work.joinRequests).toEqual({ count: 1, hospitalId: hospitalA });
    expect(work.appointmentRequests).toEqual({ count: 1, hospitalId: hospitalA });
    expect(work.newFeedback).toEqual({ count: 1, hospitalId: hospitalA });
    expect(work.providersBelowThreshold).toEqual({ count: 2, hospitalId: hospitalA, threshold: COMPLETION_REMINDER_THRESHOLD, remindable: 2 });

    const other = (await (await adminB.get('/api/admin/work')).json()) as AdminWorkView;
    expect(other.listingsAwaitingApproval.count).toBe(0);
    expect(other.joinRequests.count).toBe(0);
    expect(other.appointmentRequests.count).toBe(0);
    expect(other.newFeedback.count).toBe(0);
    expect(other.providersBelowThreshold.count).toBe(1);

    const everything = (await (await system.get('/api/admin/work')).json()) as AdminWorkView;
    expect(everything.providersBelowThreshold.count).toBeGreaterThanOrEqual(3);
    expect(everything.listingsAwaitingApproval.hospitalId).toBe(hospitalA);
  });

  it('sends the reminder over SMTP to the providers below the threshold, and not again within the week', async () => {
    const received: Array<{ to: string[]; subject: string; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: [parsed.to]
                .flat()
                .flatMap((a) => a?.value ?? [])
                .map((a) => (a.address ?? '').toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_URL: TEST_ORIGIN,
        TRUST_PROXY: 'true',
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      });
      // A second process on the same database, delivering over SMTP; the admin's session works there too.
      const app = createApp({ env, database: ctx.database, logger: createLogger({ level: 'silent', environment: 'test' }), migrationsDir });
      const admin = browserClient(app, adminA.jar);
      const first = await admin.post('/api/admin/work/completion-reminders', {});
      expect(first.status, await first.clone().text()).toBe(200);
      expect((await first.json()) as CompletionReminderReport).toEqual({ sent: 2, skippedRecentlyReminded: 0, remaining: 0 });
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5000 });
      expect(received.flatMap((mail) => mail.to).sort()).toEqual([providers[0]!.email, providers[1]!.email].sort());
      expect(received[0]!.subject).toBe('Your Vitae profile is not finished yet');
      expect(received[0]!.text).toContain(`${TEST_ORIGIN}/dashboard`);
      const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'provider.completion_reminder'));
      expect(audited.map((row) => row.targetId).sort()).toEqual([providers[0]!.id, providers[1]!.id].sort());

      // Limited: nobody is reminded twice within the week, whoever presses.
      const again = await browserClient(app, system.jar).post('/api/admin/work/completion-reminders', {});
      const report = (await again.json()) as CompletionReminderReport;
      expect(report.skippedRecentlyReminded).toBeGreaterThanOrEqual(2);
      expect(received.filter((mail) => mail.to.includes(providers[0]!.email))).toHaveLength(1);
      expect(((await (await adminA.get('/api/admin/work')).json()) as AdminWorkView).providersBelowThreshold.remindable).toBe(0);
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  it('is for administrators: a provider is refused', async () => {
    expect((await providers[0]!.client.get('/api/admin/work')).status).toBeGreaterThanOrEqual(401);
    expect((await providers[0]!.client.post('/api/admin/work/completion-reminders', {})).status).toBeGreaterThanOrEqual(401);
  });
});
