import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { hospitals } from '../../src/server/db/schema';
import { directoryListings, jobs } from '../../src/server/db/schema';
import { createJobHandlers } from '../../src/server/jobs/handlers';
import { createWorker } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { DELETE_USER_FILES_JOB } from '../../src/server/modules/users/files';
import { startFakeS3, type FakeS3 } from '../fakes/s3';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 32 item 14: after DELETE /api/admin/users/:id the user's profile photo was still served and
// their photo and screenshot files stayed in storage. Now the files go with the user, on both stores:
// removed right after the commit by a job queued in the same transaction, which the worker retries
// when the store fails.

const BUCKET = 'vitae-deleted-files';
let ip = 0;

const image = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

for (const backend of ['local', 's3'] as const) {
  describe(`a deleted user's files, ${backend} storage (${databaseLabel})`, () => {
    let ctx: TestContext;
    let storageDir: string;
    let fake: FakeS3 | undefined;
    let hospital: typeof hospitals.$inferSelect;
    let admin: BrowserClient;

    beforeAll(async () => {
      storageDir = await mkdtemp(join(tmpdir(), 'vitae-deleted-files-'));
      fake = backend === 's3' ? await startFakeS3() : undefined;
      ctx = await createTestApp(
        fake
          ? {
              S3_BUCKET: BUCKET,
              S3_REGION: 'us-east-1',
              S3_ENDPOINT: fake.url,
              S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
              S3_SECRET_ACCESS_KEY: 'secret-example-key',
              S3_FORCE_PATH_STYLE: 'true',
              STORAGE_DIR: storageDir,
            }
          : { STORAGE_DIR: storageDir },
      );
      hospital = await createHospital(ctx, { directoryEnabled: true, directorySlug: `files-${uniqueSuffix()}` });
      admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    });
    afterAll(async () => {
      await ctx?.close();
      await fake?.close();
      await rm(storageDir, { recursive: true, force: true });
    });

    /** Every stored file of the user (local: the sidecars left out; S3: the fake's objects). */
    async function filesOf(userId: string) {
      if (fake) return [...fake.objects.keys()].filter((key) => key.includes(`/${userId}/`)).sort();
      const found: string[] = [];
      for (const folder of ['profile-photos', 'feedback-screenshots']) {
        const names = await readdir(join(storageDir, folder, userId)).catch(() => [] as string[]);
        found.push(...names.filter((name) => !name.endsWith('.meta.json')).map((name) => `${folder}/${userId}/${name}`));
      }
      return found.sort();
    }

    /** A published provider with a photo and a feedback screenshot. */
    async function providerWithFiles() {
      const client = browserClient(ctx.app);
      const signUp = await client.post(
        '/api/auth/sign-up',
        {
          email: `files.${uniqueSuffix()}@example.org`,
          password: 'a long passphrase',
          agreedToTerms: true,
          agreedToPrivacy: true,
          fullName: 'Fay Files',
          hospitalId: hospital.id,
        },
        { 'x-forwarded-for': `203.0.113.${(ip = (ip % 250) + 1)}` },
      );
      expect(signUp.status).toBe(201);
      const userId = (await signUp.json()).user.id as string;
      const post = async (path: string) => {
        const form = new FormData();
        form.append('file', new File([(await image()) as Uint8Array<ArrayBuffer>], 'x.png', { type: 'image/png' }));
        const response = await ctx.app.request(path, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
        expect(response.status, await response.clone().text()).toBe(201);
        return response.json();
      };
      const photo = (await post('/api/profile/photo')).profilePhoto as string;
      const screenshot = (await post('/api/feedback/screenshot')).url as string;
      await ctx.database.db
        .insert(directoryListings)
        .values({ userId, hospitalId: hospital.id, slug: `fay-files-${uniqueSuffix()}`, status: 'published', publishedAt: new Date() });
      return { userId, photo, screenshot };
    }

    const deleteUser = (userId: string) => admin.delete(`/api/admin/users/${userId}`);
    const jobOf = async (userId: string) => {
      const rows = await ctx.database.db.select().from(jobs).where(eq(jobs.type, DELETE_USER_FILES_JOB));
      return rows.filter((row) => row.payload.userId === userId);
    };

    it('removes the photo (every size) and the screenshots with the user, and the photo URL answers 404', async () => {
      const { userId, photo, screenshot } = await providerWithFiles();
      const bystander = await providerWithFiles();
      expect((await browserClient(ctx.app).get(photo)).status).toBe(200);
      expect((await admin.get(screenshot)).status).toBe(200);
      expect(await filesOf(userId)).toHaveLength(7);

      const deleted = await deleteUser(userId);
      expect(deleted.status).toBe(200);

      expect((await browserClient(ctx.app).get(photo)).status).toBe(404);
      expect((await admin.get(photo)).status).toBe(404);
      expect((await admin.get(screenshot)).status).toBe(404);
      expect(await filesOf(userId)).toEqual([]);
      if (!fake) {
        await expect(readdir(join(storageDir, 'profile-photos', userId))).rejects.toMatchObject({ code: 'ENOENT' });
        await expect(readdir(join(storageDir, 'feedback-screenshots', userId))).rejects.toMatchObject({ code: 'ENOENT' });
      }
      // Done in the same operation; the job queued with the delete is marked done.
      expect(await jobOf(userId)).toMatchObject([{ status: 'completed' }]);
      // Nobody else's files went with them.
      expect(await filesOf(bystander.userId)).toHaveLength(7);
      expect((await browserClient(ctx.app).get(bystander.photo)).status).toBe(200);
    });

    if (backend === 's3') {
      it('leaves the removal queued when the store fails, and the job worker finishes it', async () => {
        const { userId, photo } = await providerWithFiles();
        fake!.setMode('error500');
        let deleted: Response;
        try {
          deleted = await deleteUser(userId);
        } finally {
          fake!.setMode('normal');
        }
        // The user is deleted either way; the photo is no longer served even while its files remain.
        expect(deleted.status).toBe(200);
        expect((await browserClient(ctx.app).get(photo)).status).toBe(404);
        expect(await filesOf(userId)).toHaveLength(7);
        const [queued] = await jobOf(userId);
        expect(queued).toMatchObject({ status: 'queued' });

        const logger = createLogger({ level: 'silent', environment: 'test' });
        const worker = createWorker(ctx.database.db, createJobHandlers({ db: ctx.database.db, env: ctx.env, logger, linear: null }), logger);
        await worker.drain();
        const [done] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, queued!.id));
        expect(done).toMatchObject({ status: 'completed', attempts: 1 });
        expect(await filesOf(userId)).toEqual([]);
      });
    }
  });
}
