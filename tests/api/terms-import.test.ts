/**
 * A large expertise-terms CSV replaces a hospital's terms as a job on the queue (issue 36): the
 * upload answers 202 with the job, the job is run here by the app's handler (drained, no timers),
 * and the progress route says what happened.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { hospitals } from '../../src/server/db/schema';
import { auditLog, hospitalExpertiseTerms } from '../../src/server/db/schema';
import { createWorker } from '../../src/server/jobs/queue';
import { createTermsImportJobHandlers } from '../../src/server/modules/expertise-terms/import-job';
import { createLogger } from '../../src/server/lib/logger';
import { TERMS_CSV_INLINE_MAX_CHARS } from '../../src/shared/limits';
import { TERMS_IMPORT_MESSAGES } from '../../src/shared/schemas/terms-import';
import { csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
let admin: BrowserClient;
let otherAdmin: BrowserClient;
let system: BrowserClient;

beforeAll(async () => {
  ctx = await createTestApp();
  hospital = await createHospital(ctx);
  const other = await createHospital(ctx);
  admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  otherAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: other.id })).email);
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
});

const logger = createLogger({ level: 'silent', environment: 'test' });
/** Runs every due import job, as a process's worker would on its next tick. */
const runImports = () => createWorker(ctx.database.db, createTermsImportJobHandlers({ db: ctx.database.db, logger }), logger).drain();

/** A terms CSV of `count` rows, each long enough that the file is past the inline size. */
function termsCsv(count: number, tag: string, edit: (row: string[], index: number) => string[] = (row) => row) {
  const rows = Array.from({ length: count }, (_, i) =>
    edit(
      [
        `CON-${tag}-${i}`,
        `Condition ${tag} ${i} of a long list`,
        'Condition',
        'Cardiovascular Disease',
        'first synonym; second synonym',
        'keyword one; keyword two',
      ],
      i,
    ).join(','),
  );
  const csv = ['term_id,term,term_type,specialty_name,synonyms,search_keywords', ...rows].join('\n');
  expect(csv.length).toBeGreaterThan(TERMS_CSV_INLINE_MAX_CHARS);
  return csv;
}

const termsPath = () => `/api/admin/hospitals/${hospital.id}/terms`;
const termIds = async () =>
  (
    await ctx.database.db
      .select({ termId: hospitalExpertiseTerms.termId })
      .from(hospitalExpertiseTerms)
      .where(eq(hospitalExpertiseTerms.hospitalId, hospital.id))
      .orderBy(asc(hospitalExpertiseTerms.termId))
  ).map((row) => row.termId);

describe(`expertise terms CSV import as a job (${databaseLabel})`, () => {
  it('a large file answers 202 with the job; the job replaces every term and reports the count', async () => {
    // The hospital's terms before: a small file replaces them in the request itself (200).
    const small = await admin.put(termsPath(), csvFile('term_id,term\nCON-old-1,Old one\nCON-old-2,Old two'));
    expect(small.status).toBe(200);
    expect(await small.json()).toMatchObject({ created: 2, failed: 0 });

    const upload = await admin.put(`${termsPath()}?fileName=northfield-terms.csv`, csvFile(termsCsv(3_000, 'a')));
    expect(upload.status).toBe(202);
    const queued = await upload.json();
    expect(queued).toMatchObject({ hospitalId: hospital.id, fileName: 'northfield-terms.csv', status: 'queued', phase: 'waiting', created: null });
    // Nothing changes until the job runs.
    expect(await termIds()).toEqual(['CON-old-1', 'CON-old-2']);

    expect(await runImports()).toBe(1);
    const done = await (await admin.get(`${termsPath()}/imports/${queued.jobId}`)).json();
    expect(done).toMatchObject({ status: 'done', phase: 'finished', total: 3_000, checked: 3_000, created: 3_000, message: null, errors: [] });
    const ids = await termIds();
    expect(ids).toHaveLength(3_000);
    expect(ids).not.toContain('CON-old-1');
    const [row] = await ctx.database.db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.termId, 'CON-a-7'));
    expect(row).toMatchObject({
      term: 'Condition a 7 of a long list',
      synonyms: ['first synonym', 'second synonym'],
      searchKeywords: ['keyword one', 'keyword two'],
    });
    // Audited as the admin who uploaded it.
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'expertise_term.replace_all')).orderBy(asc(auditLog.createdAt));
    expect(audit.at(-1)).toMatchObject({ targetId: hospital.id, summary: { before: { count: 2 }, after: { count: 3_000 }, jobId: queued.jobId } });
  }, 60_000);

  it('a file with bad rows changes nothing and reports each row and its reason', async () => {
    const before = await termIds();
    const csv = termsCsv(3_000, 'b', (row, i) => (i === 10 ? [row[0]!, '', ...row.slice(2)] : i === 20 ? ['CON-b-5', ...row.slice(1)] : row));
    const upload = await admin.put(termsPath(), csvFile(csv));
    expect(upload.status).toBe(202);
    const { jobId } = await upload.json();
    await runImports();
    const refused = await (await admin.get(`${termsPath()}/imports/${jobId}`)).json();
    expect(refused).toMatchObject({ status: 'refused', created: null, message: 'The file has 2 invalid rows; nothing was changed.' });
    // Lines count the header: row 11 of the list is line 12.
    expect(refused.errors).toEqual(['Row 12: Term is required', 'Row 22: A term with this ID already exists for this specialty (CON-b-5)']);
    expect(await termIds()).toEqual(before);
  }, 60_000);

  it('a file the parser or the header refuses is reported the same way', async () => {
    const upload = await admin.put(termsPath(), csvFile(termsCsv(3_000, 'c').replace('term_id,', 'code,')));
    const { jobId } = await upload.json();
    await runImports();
    expect(await (await admin.get(`${termsPath()}/imports/${jobId}`)).json()).toMatchObject({
      status: 'refused',
      message: 'The CSV needs a "term_id" column',
    });
  }, 60_000);

  it('two uploads at once: one is queued, the other refused with the running job named; a replace waits too', async () => {
    const [first, second] = await Promise.all([admin.put(termsPath(), csvFile(termsCsv(3_000, 'd'))), admin.put(termsPath(), csvFile(termsCsv(3_000, 'e')))]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([202, 409]);
    const [accepted, busy] = first.status === 202 ? [first, second] : [second, first];
    const { jobId } = await accepted.json();
    const refusal = await busy.json();
    expect(refusal.error.message).toBe(TERMS_IMPORT_MESSAGES.busy);
    expect(refusal.error.details).toEqual({ jobId });
    // A small file or a JSON list would be overwritten by the import: refused as well, until it is done.
    expect((await admin.put(termsPath(), csvFile('term_id,term\nCON-x,X'))).status).toBe(409);
    expect((await system.put(termsPath(), { terms: [{ termId: 'CON-x', term: 'X' }] })).status).toBe(409);

    await runImports();
    const done = await (await system.get(`${termsPath()}/imports/${jobId}`)).json();
    expect(done.status).toBe('done');
    expect((await admin.put(termsPath(), csvFile('term_id,term\nCON-x,X'))).status).toBe(200);
  }, 60_000);

  it('another hospital’s admin cannot upload to it or read its import', async () => {
    const upload = await admin.put(termsPath(), csvFile(termsCsv(3_000, 'f')));
    const { jobId } = await upload.json();
    expect((await otherAdmin.get(`${termsPath()}/imports/${jobId}`)).status).toBe(404);
    expect((await otherAdmin.put(termsPath(), csvFile(termsCsv(3_000, 'g')))).status).toBe(404);
    await runImports();
    expect((await admin.get(`${termsPath()}/imports/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  }, 60_000);
});
