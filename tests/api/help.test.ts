/**
 * The Help Center: public reading (active only, ordered, answers as safe HTML), the system
 * administrators' editor (CRUD, reorder, counts) and the seed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref, type HelpCategoryDto, type PublicHelpContent } from '../../src/shared/schemas/help';
import { auditLog, helpCategories, helpFaqs, promptTemplates } from '../../src/server/db/schema';
import { HELP_SEED, seedHelpContent } from '../../src/server/db/seed/help-content';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let system: BrowserClient;
let hospitalAdmin: BrowserClient;

beforeAll(async () => {
  ctx = await createTestApp();
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  const hospital = await createHospital(ctx);
  hospitalAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
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

const publicHelp = () => json<PublicHelpContent>(browserClient(ctx.app).get('/api/help'));

/** Every tag the renderer produced; text is escaped, so anything between < and > is ours. */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

describe(`help editor (${databaseLabel})`, () => {
  it('is for system administrators only', async () => {
    const anonymous = browserClient(ctx.app);
    expect((await anonymous.get('/api/admin/help/categories')).status).toBe(401);
    expect((await anonymous.get('/api/admin/help/counts')).status).toBe(401);
    expect((await hospitalAdmin.get('/api/admin/help/categories')).status).toBe(403);
    expect((await hospitalAdmin.post('/api/admin/help/categories', { title: 'Nope' })).status).toBe(403);
    expect((await hospitalAdmin.put('/api/admin/help/categories/order', { ids: [] })).status).toBe(403);
    expect((await hospitalAdmin.post('/api/admin/help/faqs', { categoryId: crypto.randomUUID(), question: 'Q', answer: 'A' })).status).toBe(403);
    const denied = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'authz.denied'));
    expect(denied.some((entry) => entry.targetId === 'POST /api/admin/help/categories')).toBe(true);
  });

  it('creates, lists, updates and deletes categories and questions, in order, with counts', async () => {
    const first = await json<HelpCategoryDto>(
      system.post('/api/admin/help/categories', { title: '  Getting started ', icon: 'rocket', description: 'Basics' }),
      201,
    );
    expect(first).toMatchObject({ title: 'Getting started', icon: 'rocket', description: 'Basics', isActive: true, displayOrder: 0, faqs: [] });
    const second = await json<HelpCategoryDto>(system.post('/api/admin/help/categories', { title: 'Signing in', icon: null }), 201);
    expect(second.displayOrder).toBe(1);
    const hidden = await json<HelpCategoryDto>(system.post('/api/admin/help/categories', { title: 'Drafts', isActive: false }), 201);

    const q1 = await json<{ id: string; displayOrder: number }>(
      system.post('/api/admin/help/faqs', { categoryId: first.id, question: 'How do I sign up?', answer: 'Choose **Get Started**.' }),
      201,
    );
    const q2 = await json<{ id: string; displayOrder: number }>(
      system.post('/api/admin/help/faqs', { categoryId: first.id, question: 'What is an NPI?', answer: 'A 10-digit number.' }),
      201,
    );
    const q3 = await json<{ id: string }>(
      system.post('/api/admin/help/faqs', { categoryId: first.id, question: 'Unpublished question', answer: 'Soon.', isActive: false }),
      201,
    );
    await json(system.post('/api/admin/help/faqs', { categoryId: second.id, question: 'What is a magic link?', answer: 'A one-time link.' }), 201);
    await json(system.post('/api/admin/help/faqs', { categoryId: hidden.id, question: 'Hidden category question', answer: 'x' }), 201);
    expect([q1.displayOrder, q2.displayOrder]).toEqual([0, 1]);

    // Validation with readable messages.
    expect((await json<{ error: { message: string } }>(system.post('/api/admin/help/categories', { title: '   ' }), 400)).error.message).toBe(
      'Title is required',
    );
    expect((await json<{ error: { message: string } }>(system.post('/api/admin/help/categories', { title: 'x', icon: '<svg>' }), 400)).error.message).toMatch(
      /lucide icon/,
    );
    expect(
      (await json<{ error: { message: string } }>(system.post('/api/admin/help/faqs', { categoryId: first.id, question: 'Q', answer: '' }), 400)).error.message,
    ).toBe('Answer is required');
    expect(
      (await json<{ error: { message: string } }>(system.post('/api/admin/help/faqs', { categoryId: crypto.randomUUID(), question: 'Q', answer: 'A' }), 404))
        .error.message,
    ).toBe('Help category not found');

    // The public view: active categories and questions only, in order, answers as HTML.
    const view = await publicHelp();
    const mine = view.categories.filter((c) => [first.id, second.id, hidden.id].includes(c.id));
    expect(mine.map((c) => c.title)).toEqual(['Getting started', 'Signing in']);
    expect(mine[0]!.faqs.map((f) => f.question)).toEqual(['How do I sign up?', 'What is an NPI?']);
    expect(mine[0]!.faqs[0]!.answerHtml).toBe('<p>Choose <strong>Get Started</strong>.</p>');
    expect(mine[0]!.faqs[0]).not.toHaveProperty('answer');

    // The editor sees everything, with raw Markdown.
    const all = (await json<{ items: HelpCategoryDto[] }>(system.get('/api/admin/help/categories'))).items;
    const editorFirst = all.find((c) => c.id === first.id)!;
    expect(editorFirst.faqs.map((f) => f.question)).toEqual(['How do I sign up?', 'What is an NPI?', 'Unpublished question']);
    expect(editorFirst.faqs[0]!.answer).toBe('Choose **Get Started**.');
    expect(all.some((c) => c.id === hidden.id && !c.isActive)).toBe(true);
    expect((await json<{ items: unknown[] }>(system.get(`/api/admin/help/categories/${first.id}/faqs`))).items).toHaveLength(3);

    expect(await json(system.get('/api/admin/help/counts'))).toEqual({ categories: { total: 3, active: 2 }, faqs: { total: 5, active: 4 } });

    // Updates: partial, validated; moving a question puts it last in its new category.
    const renamed = await json<HelpCategoryDto>(system.patch(`/api/admin/help/categories/${second.id}`, { title: 'Signing in and security', description: '' }));
    expect(renamed).toMatchObject({ title: 'Signing in and security', description: null, icon: null });
    const moved = await json<{ categoryId: string; displayOrder: number; question: string }>(
      system.patch(`/api/admin/help/faqs/${q2.id}`, { categoryId: second.id, question: 'What is my NPI?' }),
    );
    expect(moved).toMatchObject({ categoryId: second.id, displayOrder: 1, question: 'What is my NPI?' });
    await json(system.patch(`/api/admin/help/faqs/${q3.id}`, { isActive: true }));
    expect((await json<{ faqs: { total: number; active: number } }>(system.get('/api/admin/help/counts'))).faqs).toEqual({ total: 5, active: 5 });

    // Unknown and malformed ids are simply not found.
    expect((await system.patch(`/api/admin/help/faqs/${crypto.randomUUID()}`, { question: 'x' })).status).toBe(404);
    expect((await system.patch('/api/admin/help/categories/not-a-uuid', { title: 'x' })).status).toBe(404);
    expect((await system.delete('/api/admin/help/faqs/not-a-uuid')).status).toBe(404);

    // Deletes: a question, then a category with its questions.
    await json(system.delete(`/api/admin/help/faqs/${q1.id}`));
    await json(system.delete(`/api/admin/help/categories/${hidden.id}`));
    expect(await ctx.database.db.select().from(helpFaqs).where(eq(helpFaqs.categoryId, hidden.id))).toEqual([]);
    expect(await json(system.get('/api/admin/help/counts'))).toEqual({ categories: { total: 2, active: 2 }, faqs: { total: 3, active: 3 } });

    const actions = (await ctx.database.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    for (const action of ['help.category.create', 'help.category.update', 'help.category.delete', 'help.faq.create', 'help.faq.update', 'help.faq.delete']) {
      expect(actions).toContain(action);
    }
  });

  it('reorders categories and questions, refusing lists that are not exactly the current rows', async () => {
    const ids = (await json<{ items: HelpCategoryDto[] }>(system.get('/api/admin/help/categories'))).items.map((c) => c.id);
    const extra = await json<HelpCategoryDto>(system.post('/api/admin/help/categories', { title: 'Administrators' }), 201);
    const everything = [...ids, extra.id];
    const reversed = [...everything].reverse();
    const reordered = await json<{ items: HelpCategoryDto[] }>(system.put('/api/admin/help/categories/order', { ids: reversed }));
    expect(reordered.items.map((c) => c.id)).toEqual(reversed);
    expect(reordered.items.map((c) => c.displayOrder)).toEqual(reversed.map((_, i) => i));
    expect((await publicHelp()).categories.map((c) => c.id)).toEqual(reversed);

    // A stale list (missing one), a duplicate or a stranger is refused and nothing moves.
    const stale = await json<{ error: { message: string } }>(system.put('/api/admin/help/categories/order', { ids: reversed.slice(1) }), 400);
    expect(stale.error.message).toBe('The new order must list every category exactly once.');
    await json(system.put('/api/admin/help/categories/order', { ids: [reversed[0], reversed[0], ...reversed.slice(2)] }), 400);
    await json(system.put('/api/admin/help/categories/order', { ids: [...reversed.slice(1), crypto.randomUUID()] }), 400);
    expect((await publicHelp()).categories.map((c) => c.id)).toEqual(reversed);

    const faqIds: string[] = [];
    for (const question of ['One?', 'Two?', 'Three?']) {
      faqIds.push((await json<{ id: string }>(system.post('/api/admin/help/faqs', { categoryId: extra.id, question, answer: question }), 201)).id);
    }
    const order = [faqIds[2]!, faqIds[0]!, faqIds[1]!];
    const faqs = await json<{ items: Array<{ id: string; displayOrder: number }> }>(
      system.put(`/api/admin/help/categories/${extra.id}/faqs/order`, { ids: order }),
    );
    expect(faqs.items.map((f) => f.id)).toEqual(order);
    expect((await publicHelp()).categories.find((c) => c.id === extra.id)!.faqs.map((f) => f.question)).toEqual(['Three?', 'One?', 'Two?']);
    // A question of another category cannot be slipped into this one's order.
    const other = reversed.find((id) => id !== extra.id)!;
    const foreign = (await json<{ items: Array<{ id: string }> }>(system.get(`/api/admin/help/categories/${other}/faqs`))).items[0]!.id;
    await json(system.put(`/api/admin/help/categories/${extra.id}/faqs/order`, { ids: [faqIds[0], faqIds[1], foreign] }), 400);
    expect((await system.put(`/api/admin/help/categories/${crypto.randomUUID()}/faqs/order`, { ids: [] })).status).toBe(404);
  });

  it('publishes answers as safe HTML: no scripts, handlers, raw HTML or dangerous links', async () => {
    const category = await json<HelpCategoryDto>(system.post('/api/admin/help/categories', { title: 'Safety' }), 201);
    const answer = [
      'Hello <script>alert(document.cookie)</script> world.',
      '',
      '<img src=x onerror=alert(1)> and <a href="javascript:alert(1)" onclick="x()">raw link</a>',
      '',
      '[bad](javascript:alert(1)) [mixed](JaVaScRiPt:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [proto](//evil.example)',
      '',
      '[good](https://vitae.health/help) [mail](mailto:support@vitae.health) [relative](/privacy) [quote](https://x.org/"onmouseover="alert(1))',
      '',
      '![pixel](https://tracker.example/p.png "t")',
      '',
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
    ].join('\n');
    await json(system.post('/api/admin/help/faqs', { categoryId: category.id, question: 'Is it safe?', answer }), 201);
    const html = (await publicHelp()).categories.find((c) => c.id === category.id)!.faqs[0]!.answerHtml;

    const tags = tagsOf(html);
    const allowed = /^<\/?(p|h[3-6]|ul|ol|li|blockquote|pre|code|strong|em|del|br|hr|a)(\s|>)/;
    for (const tag of tags) expect(tag).toMatch(allowed);
    expect(tags.some((tag) => /script|img|iframe|style/i.test(tag))).toBe(false);
    expect(tags.some((tag) => /\son\w+\s*=/i.test(tag))).toBe(false);
    expect(tags.some((tag) => /javascript:|vbscript:|data:/i.test(tag))).toBe(false);
    // The raw markup is shown as text, escaped.
    expect(html).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Safe links keep their href and always carry rel="noopener noreferrer".
    const anchors = tags.filter((tag) => tag.startsWith('<a '));
    expect(anchors).toEqual([
      '<a href="https://vitae.health/help" rel="noopener noreferrer" target="_blank">',
      '<a href="mailto:support@vitae.health" rel="noopener noreferrer">',
      '<a href="/privacy" rel="noopener noreferrer">',
      '<a href="https://x.org/%22onmouseover=%22alert(1)" rel="noopener noreferrer" target="_blank">',
      // The iframe is text; the address written inside it is a bare https URL, linked like any other.
      '<a href="https://evil.example" rel="noopener noreferrer" target="_blank">',
    ]);
    // Dangerous links and images fall back to their text.
    expect(html).toContain('bad');
    expect(html).toContain('pixel');
  });
});

// The https addresses written in the vectors' text (the script's source, the autolink, the titled
// link), and a backslashed relative link, percent-encoded so it stays a path on our site.
const ANCHORS_EXPECTED = ['https://xss.example/xss.js', '%5Cevil.example', 'https://ok.example/?q=%22', 'https://ok.example'];

describe('Markdown subset (markdown-it with our allow-list)', () => {
  it('renders the usual constructs', () => {
    expect(renderMarkdown('# Title\n\nSome *em*, **strong**, ~~gone~~ and `a <b>`.')).toBe(
      '<h3>Title</h3>\n<p>Some <em>em</em>, <strong>strong</strong>, <del>gone</del> and <code>a &lt;b&gt;</code>.</p>',
    );
    expect(renderMarkdown('- one\n- two\n\n3. three\n4. four')).toBe(
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
    );
    expect(renderMarkdown('> quoted\n\n---\n\n```\n<tag>\n```')).toBe(
      '<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr>\n<pre><code>&lt;tag&gt;\n</code></pre>',
    );
    expect(renderMarkdown('line one  \nline two')).toBe('<p>line one<br>\nline two</p>');
    expect(renderMarkdown('snake_case_name stays')).toBe('<p>snake_case_name stays</p>');
    expect(renderMarkdown('See https://vitae.health.')).toBe(
      '<p>See <a href="https://vitae.health" rel="noopener noreferrer" target="_blank">https://vitae.health</a>.</p>',
    );
    // Tables are not part of the subset; their source stays text.
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).not.toContain('<table');
  });

  it('emits only the allowed tags and safe links for the OWASP XSS filter evasion cases', () => {
    // From the OWASP XSS Filter Evasion Cheat Sheet, as they can be typed into an answer.
    const vectors = [
      '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
      `<IMG SRC="javascript:alert('XSS');">`,
      `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
      '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
      '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
      `<a href="jav&#x09;ascript:alert('XSS');">x</a>`,
      `<svg/onload=alert('XSS')>`,
      `<BODY ONLOAD=alert('XSS')>`,
      `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
      `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](jav&#x09;ascript:alert(1)) [d](&#106;avascript:alert(1))',
      '[e](java\u0000script:alert(1)) [f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [g](vbscript:msgbox(1)) [h](//evil.example) [i](\\\\evil.example)',
      '[j](<javascript:alert(1)>) [k]( javascript:alert(1)) ![l](javascript:alert(1)) <javascript:alert(1)> <https://ok.example/?q="><script>>',
      '[m](https://ok.example "title\\" onmouseover=\\"alert(1)")',
    ];
    const html = renderMarkdown(vectors.join('\n\n'));
    const tags = tagsOf(html);
    for (const tag of tags) expect(tag).toMatch(/^<\/?(p|h[3-6]|ul|ol|li|blockquote|pre|code|strong|em|del|br|hr|a)(\s|>)/);
    expect(tags.some((tag) => /\son\w+\s*=|title=/i.test(tag))).toBe(false);
    const anchors = tags.filter((t) => t.startsWith('<a '));
    expect(anchors.map((tag) => /href="([^"]*)"/.exec(tag)![1])).toEqual(ANCHORS_EXPECTED);
    for (const tag of anchors) {
      const url = new URL(/href="([^"]*)"/.exec(tag)![1]!.replace(/&amp;/g, '&'), 'https://vitae.invalid/help/');
      // Bare https addresses written in the text are linked; nothing else is.
      expect(url.protocol).toBe('https:');
    }
  });

  it('allows only http, https, mailto and relative links', () => {
    expect(safeHref('https://a.org')).toBe('https://a.org');
    expect(safeHref('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(safeHref('/help#faq')).toBe('/help#faq');
    expect(safeHref('page?x=1')).toBe('page?x=1');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      'file:///etc/passwd',
      'tel:123',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('keeps a relative link only when a browser would stay on our site with it (WHATWG parsing)', () => {
    // Browsers read a backslash as a slash: each of these goes to evil.example while looking relative.
    for (const offSite of ['/\\evil.example', '\\/evil.example', '\\\\evil.example', '/\\/evil.example', '/\t/evil.example', ' /\\evil.example']) {
      expect(safeHref(offSite), JSON.stringify(offSite)).toBeNull();
    }
    // A written backslash is percent-encoded in the emitted link, which keeps it on our site.
    const home = /href="([^"]*)"/.exec(renderMarkdown('[home](/\\evil.example)'))?.[1];
    expect(home === undefined || new URL(home, 'https://vitae.invalid/help/').host === 'vitae.invalid').toBe(true);
    for (const onSite of ['/help/getting-started', '../settings', '#faq', '?q=1', 'faq/profile', '/a\\b']) expect(safeHref(onSite), onSite).toBe(onSite);
  });
});

describe(`help seed (${databaseLabel})`, () => {
  it('fills an empty Help Center once, with real articles, and adds the default templates', async () => {
    const fresh = await createTestApp();
    try {
      const first = await seedHelpContent(fresh.database.db);
      expect(first.categories).toBe(HELP_SEED.length);
      expect(first.faqs).toBeGreaterThanOrEqual(30);
      expect(first.templates).toBe(2);
      const again = await seedHelpContent(fresh.database.db);
      expect(again).toEqual({ categories: 0, faqs: 0, templates: 0 });

      const response = await fresh.app.request('/api/help');
      const help = (await response.json()) as PublicHelpContent;
      expect(help.categories.map((c) => c.title)).toEqual(HELP_SEED.map((c) => c.title));
      const questions = help.categories.flatMap((c) => c.faqs.map((f) => f.question));
      for (const expected of [
        /NPI/,
        /magic link/i,
        /completion/i,
        /Discovery Lab/,
        /feedback/i,
        /download a copy/i,
        /section permissions/i,
        /reading levels/i,
        /brand/i,
        /prompt templates/i,
        /expertise terms/i,
        /administrator/i,
        /audit log/i,
      ]) {
        expect(
          questions.some((q) => expected.test(q)),
          String(expected),
        ).toBe(true);
      }
      // Every seeded answer renders without falling back to escaped markup.
      for (const faq of help.categories.flatMap((c) => c.faqs)) expect(faq.answerHtml.replace(/<code>.*?<\/code>/g, '')).not.toMatch(/&lt;|\*\*|\]\(/);

      const templates = await fresh.database.db.select().from(promptTemplates);
      expect(templates.map((t) => [t.promptType, t.hospitalId, t.isDefault, t.isActive]).sort()).toEqual([
        ['professional', null, true, true],
        ['public', null, true, true],
      ]);
      // Admin edits survive a restart: a deleted category is not brought back.
      const [category] = await fresh.database.db.select().from(helpCategories).limit(1);
      await fresh.database.db.delete(helpCategories).where(eq(helpCategories.id, category!.id));
      await seedHelpContent(fresh.database.db);
      expect((await fresh.database.db.select().from(helpCategories)).length).toBe(HELP_SEED.length - 1);
    } finally {
      await fresh.close();
    }
  });
});
