// The build's index.html as the template of every page that runs the app's code: the SPA shell of
// member pages (spa-shell.ts), the landing page (landing-page.tsx) and the dashboard rendered for
// its provider (member-page.tsx). What they add to it (preload tags, rendered markup, the server's
// state, the page's title) goes in here, the same way for each.
import { escapeHtml, jsonForScript } from './escape';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
/** What `vite build` writes to .vite/manifest.json: keys are paths under src/web, `imports` name shared chunks. */
export type ViteManifest = Record<string, ManifestChunk>;

/** The chunks reachable from `keys`, as public paths, leaving out those in `skip` (and what only they import). */
export function chunkClosure(manifest: ViteManifest, keys: string[] = [], skip: ReadonlySet<string> = new Set()): string[] {
  const files = new Set<string>();
  const visit = (list: string[] = []) => {
    for (const key of list) {
      const chunk = manifest[key];
      if (!chunk) continue;
      const href = `/${chunk.file}`;
      if (files.has(href) || skip.has(href)) continue;
      files.add(href);
      visit(chunk.imports);
    }
  };
  visit(keys);
  return [...files];
}

export const modulePreloadTag = (href: string) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`;
export const fetchPreloadTag = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`;
export const moduleScriptTag = (src: string) => `<script type="module" crossorigin src="${escapeHtml(src)}"></script>`;

/** The shell with `tags` at the end of its head, one a line. */
export function withHeadTags(shell: string, tags: string[]): string {
  return shell.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/** The shell without the app's scripts, their preloads and the no-script notice (a page that brings its own script). */
export function withoutAppScripts(shell: string): string {
  return shell
    .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, '')
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/[ \t]*<noscript>[\s\S]*?<\/noscript>\n?/, '');
}

const EMPTY_ROOT = '<div id="root"></div>';

/** Whether the shell has the empty #root element a rendered page fills. */
export const hasEmptyRoot = (shell: string) => shell.includes(EMPTY_ROOT);

export interface RootContent {
  /** The page's HTML, put in #root. */
  markup: string;
  /** Data for the browser's code, as a JSON script element before #root (read by its id). */
  state?: { id: string; value: unknown };
  /** The page's `<title>` element, replacing the shell's. */
  title?: string;
}

/** The shell with #root filled; the caller checks `hasEmptyRoot` first. */
export function fillRoot(shell: string, { markup, state, title }: RootContent): string {
  const page = title ? shell.replace(/<title>[^<]*<\/title>/, () => title) : shell;
  const json = state ? `<script type="application/json" id="${escapeHtml(state.id)}">${jsonForScript(state.value)}</script>\n    ` : '';
  return page.replace(EMPTY_ROOT, () => `${json}<div id="root">${markup}</div>`);
}
