import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSpaShell, MEMBER_ROUTE_MODULES } from './spa-shell';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Vitae</title>
    <script type="module" crossorigin src="/assets/index-APP.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-APP.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The shape `vite build` writes: keys are paths under src/web, `imports` name shared chunks.
const MANIFEST = {
  'index.html': { file: 'assets/index-APP.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-APP.js' },
  '_card.js': { file: 'assets/card-SHARED.js', imports: ['_react.js'] },
  'app/layouts/member-layout.tsx': { file: 'assets/member-layout-L.js', imports: ['_react.js', '_card.js'] },
  'app/inactivity/inactivity-watcher.tsx': { file: 'assets/inactivity-watcher-W.js', imports: ['_react.js'] },
  'features/dashboard/pages/dashboard-page.tsx': { file: 'assets/dashboard-page-D.js', imports: ['_card.js'] },
};
const COOKIE = 'vitae.session_token=abc.def';

const links = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the app shell of member pages', () => {
  const shell = createSpaShell(INDEX_HTML, MANIFEST);

  it('names the page chunks the entry does not already load, once each', () => {
    expect(links(shell('/dashboard', undefined))).toEqual([
      'modulepreload /assets/react-APP.js',
      'modulepreload /assets/member-layout-L.js',
      'modulepreload /assets/card-SHARED.js',
      'modulepreload /assets/inactivity-watcher-W.js',
      'modulepreload /assets/dashboard-page-D.js',
    ]);
  });

  it('preloads the session check and the dashboard read only when a session cookie came', () => {
    const html = shell('/dashboard', `theme=light; ${COOKIE}`);
    expect(links(html).filter((l) => l.startsWith('preload '))).toEqual(['preload /api/auth/session', 'preload /api/dashboard', 'preload /api/me/directory']);
    // A fetch preload is only used by fetch() calls with the same mode and credentials.
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/dashboard">');
    expect(links(shell('/dashboard', 'theme=light')).some((l) => l.startsWith('preload '))).toBe(false);
  });

  it('leaves other pages, and builds without a manifest, as the build wrote them', () => {
    expect(shell('/login', COOKIE)).toBe(INDEX_HTML);
    expect(shell('/system-admin', COOKIE)).toBe(INDEX_HTML);
    expect(createSpaShell(INDEX_HTML, null)('/dashboard', COOKIE)).toBe(INDEX_HTML);
  });

  it('treats a trailing slash as the same page', () => {
    expect(shell('/dashboard/', undefined)).toBe(shell('/dashboard', undefined));
  });

  it('lists, for every member page, the modules the router imports for that path', () => {
    const router = readFileSync('src/web/app/router.tsx', 'utf8');
    const memberRoutes = router.slice(router.indexOf('const memberRoutes'), router.indexOf('];', router.indexOf('const memberRoutes')));
    const routed = [...memberRoutes.matchAll(/path: '([^']+)'[^\n]*import\('@web\/([^']+)'\)/g)].map(([, path, module]) => [`/${path}`, module] as const);
    for (const [path, keys] of Object.entries(MEMBER_ROUTE_MODULES)) {
      for (const key of keys) expect(existsSync(`src/web/${key}`), key).toBe(true);
      const page = routed.find(([routePath]) => routePath === path);
      expect(page, `${path} is a member route`).toBeDefined();
      expect(keys.map((key) => key.replace(/\.tsx?$/, ''))).toContain(page![1]);
    }
    expect(router).toContain("import('./layouts/member-layout')");
    expect(readFileSync('src/web/app/guards/require-member.tsx', 'utf8')).toContain("import('../inactivity/inactivity-watcher')");
  });
});
