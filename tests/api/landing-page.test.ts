import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../src/server/db/schema';
import { LANDING_ISLAND_ENTRY } from '@server/render/landing-page';
import { matchRoutes } from 'react-router';
import { routes } from '@web/app/router';
import { routesAt, SERVER_STATE_ID, type ServerRenderedState } from '@web/app/server-rendered';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';

// `/` as server-rendered HTML with the landing island only (issue T2 1/5, decision record 0006): the
// build's index.html and manifest are written the way `vite build` writes them.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Vitae · Professional profiles for clinicians</title>
    <script type="module" crossorigin src="/assets/index-APP.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-APP.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CSS.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Vitae needs JavaScript to run. Please enable it in your browser settings.</noscript>
  </body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-APP.js', imports: ['_react.js', '_auth-redirect.js'] },
  '_react.js': { file: 'assets/react-APP.js' },
  '_auth-redirect.js': { file: 'assets/auth-redirect-SHARED.js' },
  [LANDING_ISLAND_ENTRY]: { file: 'assets/landing-island-ISLAND.js', imports: ['_auth-redirect.js'] },
};
const SECTION_TITLES = [
  'Professional Identity',
  'Education & Training',
  'Practice Essentials',
  'Locations',
  'Biography',
  'Publications',
  'Clinical Trials',
  'Media & Press',
  'Medical Expertise',
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitae-landing-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the landing page from the server', () => {
  let web: TestContext;
  beforeAll(async () => {
    web = await createTestApp({}, { webDir: dir });
  });
  afterAll(async () => web?.close());

  it('is the page itself in HTML, with the island as its only script', async () => {
    const response = await web.app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();

    expect(html).toMatch(/<h1[^>]*>[\s\S]*every clinician[\s\S]*<\/h1>/);
    for (const title of SECTION_TITLES) expect(html).toContain(`>${title.replace('&', '&amp;')}</h3>`);
    expect(html).toContain('Provider data lives everywhere. Vitae brings it together.');
    expect(html).toContain('href="#main-content"');
    expect(html).toContain('<main id="main-content"');
    // Without a scheduling address, the demo card offers e-mail; links are ordinary links.
    expect(html).toContain('Email us to book a demo');
    expect(html).toContain('href="mailto:demo@vitae.health?subject=Vitae%20demo%20request"');
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/admin/login"');
    expect(html).toContain('href="/#features"');

    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual(['<script type="module" crossorigin src="/assets/landing-island-ISLAND.js">']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-redirect-SHARED.js">');
    expect(html).not.toContain('index-APP.js');
    expect(html).not.toContain('react-APP.js');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-CSS.css">');
  });

  it('is sent compressed as the browser accepts, and revalidated by its ETag', async () => {
    const plain = await (await web.app.request('/')).text();
    const br = await web.app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await web.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);

    const etag = br.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await web.app.request('/', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('leaves every other page to the app and keeps the build manifest private', async () => {
    const page = await web.app.request('/dashboard');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    expect((await web.app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it("names a member page's first reads in its shell when a session cookie came (decision 0013)", async () => {
    const signedIn = await web.app.request('/dashboard', { headers: { cookie: 'vitae.session_token=abc' } });
    expect(signedIn.headers.get('vary')).toMatch(/cookie/i);
    const html = await signedIn.text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/auth/session">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/dashboard">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/me/directory">');
    expect(html).toContain('<div id="root"></div>');
    expect(await (await web.app.request('/dashboard')).text()).not.toContain('rel="preload"');
    expect(await (await web.app.request('/login', { headers: { cookie: 'vitae.session_token=abc' } })).text()).not.toContain('rel="preload"');
  });
});

describe('the dashboard rendered by the server for a signed-in provider (decision 0015)', () => {
  let web: TestContext;
  let statements: string[] = [];
  beforeAll(async () => {
    web = await createTestApp({}, { webDir: dir, onQuery: (query) => statements.push(query) });
  });
  afterAll(async () => web?.close());

  async function signUp(fullName = 'Ana Diaz') {
    const client = browserClient(web.app);
    const response = await client.post(
      '/api/auth/sign-up',
      { email: `ssr.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName },
      { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
    );
    expect(response.status).toBe(201);
    return client;
  }

  function serverState(html: string): ServerRenderedState {
    const json = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(json, 'the page carries its state').toBeDefined();
    return JSON.parse(json ?? 'null') as ServerRenderedState;
  }

  it("is the provider's dashboard in HTML, with the answers the app would have asked for", async () => {
    const client = await signUp();
    const response = await client.get('/dashboard');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    const html = await response.text();

    // The page itself: layout, navigation, the page's heading and cards, and its title in the head.
    expect(html).toMatch(/<head>[\s\S]*<title>Dashboard · Vitae<\/title>[\s\S]*<\/head>/);
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(html).toContain('Welcome back, Ana');
    expect(html).toContain('Profile completion');
    // Whether patients can find the provider, and what to do about it (issue T3 4/7 item 1).
    expect(html).toContain('Public profile');
    expect(html).toContain('Join a hospital first: its public directory is where patients find your profile.');
    for (const title of SECTION_TITLES) expect(html).toContain(`>${title.replace('&', '&amp;')}</`);
    expect(html).not.toContain('<div id="root"></div>');
    // The reads travel in the page, so the shell does not ask the browser to fetch them too.
    expect(html).not.toContain('rel="preload"');

    // The answers in the page are the API's own, byte for byte once parsed.
    const state = serverState(html);
    const query = (key: string[]) => state.queries.queries.find((entry) => JSON.stringify(entry.queryKey) === JSON.stringify(key))?.state.data;
    expect(query(['dashboard'])).toEqual(await (await client.get('/api/dashboard')).json());
    expect(query(['me', 'directory'])).toEqual(await (await client.get('/api/me/directory')).json());
    expect(query(['me', 'sections'])).toEqual(await (await client.get('/api/me/sections')).json());
    expect(query(['notifications', 'list'])).toEqual(await (await client.get('/api/notifications?limit=50')).json());
    expect(query(['pending-updates'])).toEqual(((await (await client.get('/api/pending-updates')).json()) as { items: unknown[] }).items);
    expect(query(['config'])).toEqual(await (await client.get('/api/config')).json());
    const session = (await (await client.get('/api/auth/session')).json()) as { user: unknown };
    expect(query(['auth', 'session'])).toEqual({ user: session.user, endedReason: null });
    expect(state.router.loaderData).toBeTypeOf('object');
    expect(state.renderedAt).toBeGreaterThan(Date.now() - 60_000);
    // The matched routes by their place in the table: the same routes the browser's matching finds.
    const named = routesAt(routes, state.matched ?? []);
    expect(named).not.toBeNull();
    expect(named).toEqual((matchRoutes(routes, '/dashboard') ?? []).map((match) => match.route));
    expect(routesAt(routes, [[0, 999]]), 'a place that is not in this build').toBeNull();

    // Compressed for the browser that accepts it.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await client.get('/dashboard', { 'accept-encoding': encoding });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(decode(Buffer.from(await compressed.arrayBuffer())).toString('utf8')).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    }
  });

  // Issue 36: the page's six reads resolved the session again each (7 of its 14 statements), and the session read was two more.
  it('resolves the session once for all its reads, and sends at most 7 statements', async () => {
    const client = await signUp();
    await client.get('/dashboard'); // per-process caches (the configuration, the directory listing) warm
    statements = [];
    const html = await (await client.get('/dashboard')).text();
    const issued = [...statements];
    expect(html).toContain('Welcome back, Ana');
    const state = serverState(html);
    const reads = ['dashboard', 'me,directory', 'me,sections', 'notifications,list', 'pending-updates', 'config'];
    for (const key of reads)
      expect(
        state.queries.queries.some((entry) => entry.queryKey.join() === key),
        key,
      ).toBe(true);
    expect(issued.filter((query) => /from "auth_sessions"/.test(query))).toHaveLength(1);
    console.log(`GET /dashboard (rendered): ${issued.length} statements`);
    expect(issued.length).toBeLessThanOrEqual(7);
    expect(issued.filter((query) => /^\s*(insert|delete)\b/i.test(query))).toEqual([]);
  });

  it('sends the same render again for the same answers, and a new one as soon as an answer changes', async () => {
    const client = await signUp();
    const first = serverState(await (await client.get('/dashboard')).text());
    const again = serverState(await (await client.get('/dashboard')).text());
    expect(again.renderedAt, 'the same answers: the page rendered a moment ago').toBe(first.renderedAt);

    const saved = await client.put('/api/profile/sections/biography', {
      professionalSummary: 'Board-certified cardiologist caring for adults with heart rhythm disorders.',
      publicSummary: 'I help people whose heart beats too fast, too slow or irregularly.',
    });
    expect(saved.status).toBe(200);
    const after = serverState(await (await client.get('/dashboard')).text());
    const dashboard = (state: ServerRenderedState) => state.queries.queries.find((entry) => entry.queryKey.join() === 'dashboard')?.state.data;
    expect(after.renderedAt).toBeGreaterThanOrEqual(first.renderedAt);
    expect(dashboard(after)).not.toEqual(dashboard(first));
    expect(dashboard(after)).toEqual(await (await client.get('/api/dashboard')).json());
  });

  // Decision 0038: the page goes out again without its reads while its state is the same.
  describe('sent again while its state is the same', () => {
    const dashboardOf = (state: ServerRenderedState, key: string) => state.queries.queries.find((entry) => entry.queryKey.join() === key)?.state.data;
    async function renderedTwice() {
      const client = await signUp();
      const userId = ((await (await client.get('/api/dashboard')).json()) as { user: { id: string } }).user.id;
      const first = serverState(await (await client.get('/dashboard')).text());
      return { client, userId, first };
    }
    /** The page's reads as the API answers them now, and as the page carries them. */
    async function expectCurrent(client: Awaited<ReturnType<typeof signUp>>) {
      const state = serverState(await (await client.get('/dashboard')).text());
      expect(dashboardOf(state, 'notifications,list')).toEqual(await (await client.get('/api/notifications?limit=50')).json());
      expect(dashboardOf(state, 'pending-updates')).toEqual(((await (await client.get('/api/pending-updates')).json()) as { items: unknown[] }).items);
      expect(dashboardOf(state, 'me,directory')).toEqual(await (await client.get('/api/me/directory')).json());
      expect(dashboardOf(state, 'dashboard')).toEqual(await (await client.get('/api/dashboard')).json());
      const session = (await (await client.get('/api/auth/session')).json()) as { user: unknown };
      expect(dashboardOf(state, 'auth,session')).toEqual({ user: session.user, endedReason: null });
      return state;
    }

    it('reads the session and the state only: 2 statements, none of the reads', async () => {
      const { client, first } = await renderedTwice();
      statements = [];
      const again = serverState(await (await client.get('/dashboard')).text());
      const issued = [...statements];
      console.log(`GET /dashboard (state unchanged): ${issued.length} statements`);
      expect(again.renderedAt).toBe(first.renderedAt);
      expect(issued.filter((query) => /from "auth_sessions"/.test(query))).toHaveLength(1);
      expect(issued.filter((query) => /member_inbox_revisions/.test(query))).toHaveLength(1);
      expect(issued.filter((query) => /"notifications"|"pending_updates"/.test(query))).toEqual([]);
      expect(issued.length).toBeLessThanOrEqual(2);
      // Its bodies are kept with it: the plain one and each compression are the same page.
      const plain = await (await client.get('/dashboard')).text();
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const)
        for (let i = 0; i < 2; i += 1) {
          const compressed = await client.get('/dashboard', { 'accept-encoding': encoding });
          expect(compressed.headers.get('content-encoding')).toBe(encoding);
          expect(decode(Buffer.from(await compressed.arrayBuffer())).toString('utf8')).toBe(plain);
        }
    });

    it("never sends one provider's page to another whose page's state is otherwise the same", async () => {
      const ana = await renderedTwice();
      const other = await signUp('Bea Otero');
      const html = await (await other.get('/dashboard')).text();
      expect(html).toContain('Welcome back, Bea');
      expect(html).not.toContain('Ana Diaz');
      expect(dashboardOf(serverState(html), 'auth,session')).not.toEqual(dashboardOf(ana.first, 'auth,session'));
    });

    it("shows the provider's name changed at a SQL prompt at once (the session's user is in the state)", async () => {
      const { client, userId } = await renderedTwice();
      await web.database.db.execute(sql`update users set first_name = 'Beatriz' where id = ${userId}`);
      const state = await expectCurrent(client);
      expect(JSON.stringify(dashboardOf(state, 'auth,session'))).toContain('Beatriz');
    });

    it('is not sent to a session that has ended meanwhile', async () => {
      const { client } = await renderedTwice();
      await web.database.db.update(authSessions).set({ lastActiveAt: sql`now() - interval '2 hours'` });
      const response = await client.get('/dashboard');
      const html = await response.text();
      expect(html).not.toContain(SERVER_STATE_ID);
      expect(html).toContain('<div id="root"></div>');
    });

    it('shows a notification added, read or deleted at a SQL prompt at once', async () => {
      const { client, userId } = await renderedTwice();
      await web.database.db.execute(
        sql`insert into notifications (user_id, type, title, message) values (${userId}, 'system', 'Your hospital added a new section', 'Have a look')`,
      );
      let state = await expectCurrent(client);
      expect(JSON.stringify(dashboardOf(state, 'notifications,list'))).toContain('Your hospital added a new section');
      expect((dashboardOf(state, 'notifications,list') as { unreadCount: number }).unreadCount).toBe(1);
      await web.database.db.execute(sql`update notifications set is_read = true where user_id = ${userId}`);
      state = await expectCurrent(client);
      expect((dashboardOf(state, 'notifications,list') as { unreadCount: number }).unreadCount).toBe(0);
      await web.database.db.execute(sql`delete from notifications where user_id = ${userId}`);
      state = await expectCurrent(client);
      expect((dashboardOf(state, 'notifications,list') as { items: unknown[] }).items).toEqual([]);
    });

    it('shows a pending update proposed, and the listing state read as it is now', async () => {
      const { client, userId } = await renderedTwice();
      await web.database.db.execute(
        sql`insert into pending_updates (user_id, section_id, field, current_value, new_value, source) values (${userId}, 'practice_essentials', 'phone', '"(312) 555-0100"'::jsonb, '"(312) 555-0199"'::jsonb, 'npi_registry')`,
      );
      let state = await expectCurrent(client);
      expect(dashboardOf(state, 'pending-updates')).toHaveLength(1);
      // The e-mail's confirmation is the account's, not the profile's: read with the state itself.
      const confirmed = (dashboardOf(state, 'me,directory') as { emailConfirmed: boolean }).emailConfirmed;
      await web.database.db.execute(sql`update auth_users set email_verified = ${!confirmed} where id = (select auth_user_id from users where id = ${userId})`);
      state = await expectCurrent(client);
      expect((dashboardOf(state, 'me,directory') as { emailConfirmed: boolean }).emailConfirmed).toBe(!confirmed);
    });

    it('is rendered anew after the tables are emptied at once (TRUNCATE)', async () => {
      const { client, userId } = await renderedTwice();
      await web.database.db.execute(sql`insert into notifications (user_id, type, title, message) values (${userId}, 'system', 'Soon gone', 'x')`);
      expect(JSON.stringify(dashboardOf(await expectCurrent(client), 'notifications,list'))).toContain('Soon gone');
      await web.database.db.execute(sql`truncate notifications`);
      expect((dashboardOf(await expectCurrent(client), 'notifications,list') as { items: unknown[] }).items).toEqual([]);
    });

    it('leaves a provider deleted with their notifications to go with them', async () => {
      const { userId } = await renderedTwice();
      await web.database.db.execute(sql`insert into notifications (user_id, type, title, message) values (${userId}, 'system', 'Welcome', 'x')`);
      await web.database.db.execute(sql`delete from users where id = ${userId}`);
      const left = await web.database.db.execute(sql`select count(*)::int as n from member_inbox_revisions where user_id = ${userId}`);
      expect(((left as unknown as { rows?: Array<{ n: number }> }).rows ?? (left as unknown as Array<{ n: number }>))[0]!.n).toBe(0);
    });
  });

  it('counts as activity, as the browser reads it counts', async () => {
    const client = await signUp();
    await web.database.db.update(authSessions).set({ lastActiveAt: sql`now() - interval '5 minutes'` });
    const before = Date.now() - 60_000;
    expect((await client.get('/dashboard')).status).toBe(200);
    const rows = await web.database.db.select({ lastActiveAt: authSessions.lastActiveAt }).from(authSessions);
    expect(rows.some((row) => row.lastActiveAt !== null && new Date(row.lastActiveAt).getTime() > before)).toBe(true);
  });

  it('keeps a closing script tag in the data from ending its element', async () => {
    const client = await signUp('Ana </script><script>alert(1)</script> Diaz');
    const html = await (await client.get('/dashboard')).text();
    const state = html.slice(html.indexOf(`id="${SERVER_STATE_ID}"`));
    expect(state.slice(0, state.indexOf('</script>'))).not.toContain('<');
    expect(JSON.stringify(serverState(html))).toContain('Ana </script><script>alert(1)</script> Diaz');
  });

  it('sends the shell as before without a valid session, and only renders the pages it knows', async () => {
    const stale = await web.app.request('/dashboard', { headers: { cookie: 'vitae.session_token=not-a-session' } });
    const html = await stale.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(SERVER_STATE_ID);
    const client = await signUp();
    const settings = await (await client.get('/settings')).text();
    expect(settings).toContain('<div id="root"></div>');
  });
});

describe('the landing page with a Calendly scheduling address', () => {
  let web: TestContext;
  beforeAll(async () => {
    web = await createTestApp({ SCHEDULING_URL: 'https://calendly.com/vitae/demo' }, { webDir: dir });
  });
  afterAll(async () => web?.close());

  it('renders the booking button for the island and the fallback it shows when Calendly cannot load', async () => {
    const html = await (await web.app.request('/')).text();
    expect(html).toContain('data-calendly-url="https://calendly.com/vitae/demo"');
    expect(html).toMatch(/<div data-scheduler="ready">[\s\S]*Schedule a demo/);
    expect(html).toMatch(/<div data-scheduler="failed" hidden="">[\s\S]*The scheduling calendar could not be loaded here/);
    expect(html).not.toContain('Email us to book a demo');
  });
});

describe('the landing page with an other scheduling page', () => {
  let web: TestContext;
  beforeAll(async () => {
    web = await createTestApp({ SCHEDULING_URL: 'https://meet.example.org/vitae' }, { webDir: dir });
  });
  afterAll(async () => web?.close());

  it('frames the booking page', async () => {
    const html = await (await web.app.request('/')).text();
    expect(html).toContain('<iframe src="https://meet.example.org/vitae" title="Book a Vitae demo" loading="lazy"');
  });
});
