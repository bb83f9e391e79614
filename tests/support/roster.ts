/**
 * Roster drafts for the invitation and claim tests (issue 37 item 4): a hospital with its admin, a
 * roster of real recorded NPIs uploaded through the API and pre-filled by the app's own job against
 * the loopback NPPES fake, and a mailer that records (or refuses) what the roster e-mails send.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { rosterRows, type hospitals } from '../../src/server/db/schema';
import type { MailMessage, Mailer } from '../../src/server/integrations/mail/mailer';
import { createNppesRegistry } from '../../src/server/integrations/npi-registry';
import { createWorker } from '../../src/server/jobs/queue';
import type { Logger } from '../../src/server/lib/logger';
import { createRosterJobHandlers } from '../../src/server/modules/roster/drafts';
import { createRosterInvitationJobHandlers } from '../../src/server/modules/roster/invitations';
import { yextDepsFrom } from '../../src/server/modules/yext/context';
import { csvFile, type BrowserClient } from './clients';
import { createAdminRow, createHospital, signInAdmin } from './factories';
import type { TestContext } from './test-app';

/** Records every message; `refuse(address)` makes the next sends to it fail as a mail server's 550 would. */
export function recordingMailer() {
  const sent: MailMessage[] = [];
  const refused = new Set<string>();
  const mailer: Mailer & { sent: MailMessage[]; refuse(address: string): void; to(address: string): MailMessage[] } = {
    transport: 'smtp',
    sent,
    refuse: (address) => void refused.add(address.toLowerCase()),
    to: (address) => sent.filter((m) => m.to === address.toLowerCase()),
    async send(message) {
      if (refused.has(message.to.toLowerCase())) {
        throw Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${message.to}>: Recipient address rejected: User unknown`), {
          code: 'EENVELOPE',
          responseCode: 550,
          response: `550 5.1.1 <${message.to}>: Recipient address rejected: User unknown`,
        });
      }
      sent.push(message);
    },
  };
  return mailer;
}
export type RecordingMailer = ReturnType<typeof recordingMailer>;

export async function rosterHospital(ctx: TestContext, overrides: Partial<typeof hospitals.$inferInsert> = {}) {
  const hospital = await createHospital(ctx, overrides);
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital, admin, client, base: `/api/admin/hospitals/${hospital.id}/roster-uploads` };
}

/** Uploads `NPI,Email` lines, starts pre-filling and runs the job to the end; returns the upload and its rows. */
export async function draftRoster(ctx: TestContext, deps: { nppesUrl: string; logger: Logger }, client: BrowserClient, base: string, lines: string[]) {
  const db = ctx.database.db;
  const uploaded = await client.post(base, csvFile(['NPI,Email', ...lines].join('\n')));
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const upload = (await uploaded.json()) as { id: string; acceptedRows: number };
  expect((await client.post(`${base}/${upload.id}/drafting`)).status).toBe(202);
  const handlers = createRosterJobHandlers({
    db,
    env: ctx.env,
    logger: deps.logger,
    npiRegistry: createNppesRegistry({ baseUrl: deps.nppesUrl }),
    yext: yextDepsFrom({ db, logger: deps.logger, env: ctx.env }),
  });
  await createWorker(db, handlers, deps.logger).drain();
  const rows = await db.select().from(rosterRows).where(eq(rosterRows.uploadId, upload.id)).orderBy(rosterRows.line);
  return { upload, rows };
}

/** The app's worker for the invitation job only, with the given mailer, run until no job is due. */
export const runInvitationJobs = (db: Database, ctx: TestContext, logger: Logger, mailer: Mailer) =>
  createWorker(db, createRosterInvitationJobHandlers({ db, env: ctx.env, logger, mailer }), logger).drain();

/** The claim link in a roster e-mail. */
export function claimLinkOf(message: MailMessage) {
  const link = message.links.find((l) => l.includes('/claim/'));
  if (!link) throw new Error(`no claim link in ${message.subject}`);
  return { url: link, token: link.split('/claim/')[1]! };
}
