/**
 * Prompt templates: who sees and changes what (global vs hospital), versions and history, restore,
 * one default per type and scope, and the spec's two messages.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptTemplateDto, PromptTemplateVersionDto } from '../../src/shared/schemas/prompt-templates';
import { adminUsers, auditLog, promptTemplateHistory, promptTemplates } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let system: BrowserClient;
let adminA: BrowserClient;
let adminB: BrowserClient;
let hospitalA: string;
let hospitalB: string;
let adminAId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  hospitalA = (await createHospital(ctx)).id;
  hospitalB = (await createHospital(ctx)).id;
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  const rowA = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA });
  adminAId = rowA.id;
  adminA = await signInAdmin(ctx, rowA.email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB })).email);
});
afterAll(async () => {
  await ctx?.close();
});

async function json<T = Record<string, unknown>>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const res = await response;
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

const template = (overrides: Record<string, unknown> = {}) => ({
  promptType: 'professional',
  promptName: 'Cardiology voice',
  promptContent: 'Write a professional biography for {{provider_name}}.',
  description: 'For colleagues',
  ...overrides,
});

const list = async (client: BrowserClient, query = '') => (await json<{ items: PromptTemplateDto[] }>(client.get(`/api/admin/prompt-templates${query}`))).items;
const errorOf = async (response: Promise<Response>, status: number) => (await json<{ error: { code: string; message: string } }>(response, status)).error;

describe(`prompt templates (${databaseLabel})`, () => {
  let globalPro: PromptTemplateDto;
  let globalPublic: PromptTemplateDto;
  let ownA: PromptTemplateDto;
  let ownB: PromptTemplateDto;

  it('needs an administrator session', async () => {
    const anonymous = browserClient(ctx.app);
    expect((await anonymous.get('/api/admin/prompt-templates')).status).toBe(401);
    expect((await anonymous.post('/api/admin/prompt-templates', template())).status).toBe(401);
  });

  it('creates global templates (system administrators) and hospital templates (their own hospital), recording the creator', async () => {
    globalPro = await json<PromptTemplateDto>(
      system.post('/api/admin/prompt-templates', template({ promptName: 'Global professional', isDefault: true })),
      201,
    );
    expect(globalPro).toMatchObject({ hospitalId: null, scope: 'global', version: 1, isDefault: true, isActive: true, canEdit: true });
    globalPublic = await json<PromptTemplateDto>(
      system.post('/api/admin/prompt-templates', template({ promptType: 'public', promptName: 'Global public', isDefault: true })),
      201,
    );

    // A hospital admin's template belongs to their hospital whatever they send.
    ownA = await json<PromptTemplateDto>(adminA.post('/api/admin/prompt-templates', template({ promptName: 'A professional' })), 201);
    expect(ownA).toMatchObject({ hospitalId: hospitalA, scope: 'hospital', createdBy: adminAId, updatedBy: adminAId, canEdit: true });
    expect((await errorOf(adminA.post('/api/admin/prompt-templates', template({ hospitalId: null })), 403)).message).toBe(
      'Only a system administrator can create or change global templates.',
    );
    expect((await adminA.post('/api/admin/prompt-templates', template({ hospitalId: hospitalB }))).status).toBe(404);
    ownB = await json<PromptTemplateDto>(system.post('/api/admin/prompt-templates', template({ hospitalId: hospitalB, promptName: 'B professional' })), 201);
    expect(ownB.hospitalName).toMatch(/^Hospital /);

    // Validation.
    expect((await errorOf(adminA.post('/api/admin/prompt-templates', template({ promptName: ' ' })), 400)).message).toBe('Template name is required');
    expect((await errorOf(adminA.post('/api/admin/prompt-templates', template({ promptType: 'casual' })), 400)).message).toBe('Choose professional or public');
    expect((await errorOf(adminA.post('/api/admin/prompt-templates', template({ isDefault: true, isActive: false })), 400)).message).toMatch(
      /default template must be active/,
    );
  });

  it('lists global plus own templates, by type then default first; other hospitals are invisible', async () => {
    const seenByA = await list(adminA);
    expect(seenByA.map((t) => t.promptName)).toEqual(['Global professional', 'A professional', 'Global public']);
    expect(seenByA.find((t) => t.id === globalPro.id)!.canEdit).toBe(false);
    expect(seenByA.find((t) => t.id === ownA.id)!.canEdit).toBe(true);
    expect(seenByA.some((t) => t.id === ownB.id)).toBe(false);
    // A hospital admin's hospitalId filter cannot widen their view.
    expect((await list(adminA, `?hospitalId=${hospitalB}`)).some((t) => t.id === ownB.id)).toBe(false);

    const seenBySystem = await list(system);
    expect(seenBySystem.map((t) => t.id)).toEqual(expect.arrayContaining([globalPro.id, globalPublic.id, ownA.id, ownB.id]));
    const scopedToB = await list(system, `?hospitalId=${hospitalB}`);
    expect(scopedToB.map((t) => t.promptName).sort()).toEqual(['B professional', 'Global professional', 'Global public']);
    expect((await list(system, '?promptType=public')).map((t) => t.id)).toEqual([globalPublic.id]);

    // Out-of-scope ids read as not found, with the spec's message.
    for (const id of [ownB.id, crypto.randomUUID(), 'not-a-uuid']) {
      expect(await errorOf(adminA.get(`/api/admin/prompt-templates/${id}`), 404)).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: 'Template not found or access denied',
      });
      expect((await errorOf(adminA.patch(`/api/admin/prompt-templates/${id}`, { promptName: 'x' }), 404)).message).toBe('Template not found or access denied');
      expect((await errorOf(adminA.delete(`/api/admin/prompt-templates/${id}`), 404)).message).toBe('Template not found or access denied');
      expect((await errorOf(adminA.get(`/api/admin/prompt-templates/${id}/history`), 404)).message).toBe('Template not found or access denied');
    }
    expect((await json<PromptTemplateDto>(adminA.get(`/api/admin/prompt-templates/${globalPro.id}`))).promptName).toBe('Global professional');
  });

  it('refuses a hospital administrator changing a global template', async () => {
    const blocked = await errorOf(adminA.patch(`/api/admin/prompt-templates/${globalPro.id}`, { promptContent: 'Hijack' }), 403);
    expect(blocked).toEqual({ code: 'TEMPLATE_UPDATE_BLOCKED', message: 'Template not found or update blocked by permissions' });
    expect((await errorOf(adminA.delete(`/api/admin/prompt-templates/${globalPro.id}`), 403)).message).toBe(
      'Template not found or update blocked by permissions',
    );
    const [row] = await ctx.database.db.select().from(promptTemplates).where(eq(promptTemplates.id, globalPro.id));
    expect(row).toMatchObject({ version: 1, promptContent: globalPro.promptContent });
  });

  it('versions every update, keeping the previous version in the history, newest first', async () => {
    const v2 = await json<PromptTemplateDto>(adminA.patch(`/api/admin/prompt-templates/${ownA.id}`, { promptContent: 'Second wording.' }));
    expect(v2).toMatchObject({ version: 2, promptContent: 'Second wording.', promptName: 'A professional' });
    const v3 = await json<PromptTemplateDto>(
      adminA.patch(`/api/admin/prompt-templates/${ownA.id}`, { promptName: 'A professional (v3)', promptContent: 'Third wording.' }),
    );
    expect(v3.version).toBe(3);

    const history = (await json<{ items: PromptTemplateVersionDto[] }>(adminA.get(`/api/admin/prompt-templates/${ownA.id}/history`))).items;
    expect(history.map((h) => [h.version, h.promptContent, h.promptName])).toEqual([
      [2, 'Second wording.', 'A professional'],
      [1, 'Write a professional biography for {{provider_name}}.', 'A professional'],
    ]);
    expect(history[0]!.changedBy).toBe(adminAId);
    expect(history[0]!.changedByName).toBe('Hana Hospital');
    // A global template's history is readable by hospital admins too.
    expect((await json<{ items: unknown[] }>(adminA.get(`/api/admin/prompt-templates/${globalPro.id}/history`))).items).toEqual([]);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prompt_template.update'), eq(auditLog.targetId, ownA.id)));
    expect(audits.map((a) => (a.summary as { toVersion: number }).toVersion).sort()).toEqual([2, 3]);
  });

  it('restores an earlier version as a new version', async () => {
    const restored = await json<PromptTemplateDto>(adminA.post(`/api/admin/prompt-templates/${ownA.id}/history/1/restore`));
    expect(restored).toMatchObject({ version: 4, promptContent: 'Write a professional biography for {{provider_name}}.', promptName: 'A professional' });
    const history = (await json<{ items: PromptTemplateVersionDto[] }>(adminA.get(`/api/admin/prompt-templates/${ownA.id}/history`))).items;
    expect(history.map((h) => h.version)).toEqual([3, 2, 1]);
    expect(history[0]!.promptContent).toBe('Third wording.');
    expect((await errorOf(adminA.post(`/api/admin/prompt-templates/${ownA.id}/history/9/restore`), 404)).message).toBe(
      'Version 9 of this template was not found',
    );
    expect((await errorOf(adminA.post(`/api/admin/prompt-templates/${globalPro.id}/history/1/restore`), 403)).message).toBe(
      'Template not found or update blocked by permissions',
    );
    expect((await adminB.post(`/api/admin/prompt-templates/${ownA.id}/history/1/restore`)).status).toBe(404);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prompt_template.restore'), eq(auditLog.targetId, ownA.id)));
    expect(entry!.summary).toMatchObject({ restoredVersion: 1, fromVersion: 3, toVersion: 4 });
  });

  it('keeps one default per type and scope: a new default clears the previous one', async () => {
    const second = await json<PromptTemplateDto>(adminA.post('/api/admin/prompt-templates', template({ promptName: 'A second', isDefault: true })), 201);
    const makeFirst = await json<PromptTemplateDto>(adminA.patch(`/api/admin/prompt-templates/${ownA.id}`, { isDefault: true }));
    expect(makeFirst.isDefault).toBe(true);
    const defaults = await ctx.database.db
      .select({ id: promptTemplates.id })
      .from(promptTemplates)
      .where(and(eq(promptTemplates.hospitalId, hospitalA), eq(promptTemplates.promptType, 'professional'), eq(promptTemplates.isDefault, true)));
    expect(defaults.map((d) => d.id)).toEqual([ownA.id]);
    // The cleared one did not get a new version for losing the flag; the global default is untouched.
    expect((await json<PromptTemplateDto>(adminA.get(`/api/admin/prompt-templates/${second.id}`))).isDefault).toBe(false);
    const [globalRow] = await ctx.database.db.select().from(promptTemplates).where(eq(promptTemplates.id, globalPro.id));
    expect(globalRow!.isDefault).toBe(true);
    // Other types and scopes keep theirs.
    const publicDefault = await json<PromptTemplateDto>(
      adminA.post('/api/admin/prompt-templates', template({ promptType: 'public', promptName: 'A public', isDefault: true })),
      201,
    );
    expect(publicDefault.isDefault).toBe(true);
    expect((await json<PromptTemplateDto>(adminA.get(`/api/admin/prompt-templates/${ownA.id}`))).isDefault).toBe(true);
    // A new global default replaces the old global one.
    const newGlobal = await json<PromptTemplateDto>(
      system.post('/api/admin/prompt-templates', template({ promptName: 'Global professional 2', isDefault: true })),
      201,
    );
    const globals = await ctx.database.db
      .select({ id: promptTemplates.id })
      .from(promptTemplates)
      .where(and(isNull(promptTemplates.hospitalId), eq(promptTemplates.promptType, 'professional'), eq(promptTemplates.isDefault, true)));
    expect(globals.map((g) => g.id)).toEqual([newGlobal.id]);
    // A default cannot be switched off while it is the default.
    expect((await errorOf(adminA.patch(`/api/admin/prompt-templates/${ownA.id}`, { isActive: false }), 400)).message).toMatch(
      /default template must be active/,
    );
    // The database itself refuses a second default in the same scope.
    await expect(
      ctx.database.db
        .insert(promptTemplates)
        .values({ hospitalId: hospitalA, promptType: 'professional', promptName: 'x', promptContent: 'y', isDefault: true }),
    ).rejects.toThrow();
  });

  it('lists inactive templates only on request', async () => {
    const off = await json<PromptTemplateDto>(adminA.post('/api/admin/prompt-templates', template({ promptName: 'Retired', isActive: false })), 201);
    expect((await list(adminA)).some((t) => t.id === off.id)).toBe(false);
    expect((await list(adminA, '?includeInactive=true')).some((t) => t.id === off.id)).toBe(true);
  });

  it('deletes templates with their history; deleting an admin keeps their templates', async () => {
    const [before] = await ctx.database.db.select().from(promptTemplateHistory).where(eq(promptTemplateHistory.templateId, ownA.id)).limit(1);
    expect(before).toBeDefined();
    expect((await adminB.delete(`/api/admin/prompt-templates/${ownA.id}`)).status).toBe(404);
    await json(adminA.delete(`/api/admin/prompt-templates/${ownA.id}`));
    expect(await ctx.database.db.select().from(promptTemplates).where(eq(promptTemplates.id, ownA.id))).toEqual([]);
    expect(await ctx.database.db.select().from(promptTemplateHistory).where(eq(promptTemplateHistory.templateId, ownA.id))).toEqual([]);
    expect((await errorOf(adminA.get(`/api/admin/prompt-templates/${ownA.id}`), 404)).message).toBe('Template not found or access denied');
    const [deleted] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prompt_template.delete'), eq(auditLog.targetId, ownA.id)));
    expect(deleted).toBeDefined();

    // Removing an admin nulls created_by and updated_by on their templates instead of deleting them.
    const author = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA });
    const authorClient = await signInAdmin(ctx, author.email);
    const written = await json<PromptTemplateDto>(authorClient.post('/api/admin/prompt-templates', template({ promptName: 'By a leaver' })), 201);
    await json(authorClient.patch(`/api/admin/prompt-templates/${written.id}`, { promptContent: 'Edited.' }));
    await ctx.database.db.delete(adminUsers).where(eq(adminUsers.id, author.id));
    const [kept] = await ctx.database.db.select().from(promptTemplates).where(eq(promptTemplates.id, written.id));
    expect(kept).toMatchObject({ createdBy: null, updatedBy: null, version: 2 });
    const [history] = await ctx.database.db.select().from(promptTemplateHistory).where(eq(promptTemplateHistory.templateId, written.id));
    expect(history!.changedBy).toBeNull();
  });
});
