import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { routes } from '../../src/web/app/router';
import { RequireAdmin } from '../../src/web/app/guards/require-admin';
import { RequireMember } from '../../src/web/app/guards/require-member';
import { HOSPITAL_TABS } from '../../src/web/features/console/hospitals/pages/hospital-detail-page';
import { signInAsAdmin } from './support/outbox';

// The page tour (issue T3 4/7): every page of the app, the console and the public directory, as a
// provider, a hospital administrator, a system administrator and a signed-out visitor, at a phone's
// 390 × 844 and a desktop's 1280 × 900. The pages come from the web app's route table (and, for the
// server-rendered directory, from its sitemaps), so a new page is toured without editing this file.
// Each page fails the tour on a focusable control whose centre another element covers once it is
// scrolled into view (at the top and at the bottom of the window, where sticky and floating things
// sit), horizontal scrolling, text clipped by its box, a tap target under 24 × 24 px, a console
// error, a failed request or an axe violation (WCAG 2.2 A and AA rules). A screenshot of every page
// and width goes to the folder printed at the start (TOUR_DIR, else a fresh one in the temp folder).

const PASSWORD = 'Cardio-Rounds-2024!';
// The tour's own administrators (tests/support/e2e-fixtures.ts).
const SYSTEM_ADMIN = 'tour.system@vitae.local';
const HOSPITAL_ADMIN = 'tour.hospital@northfield.example';
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
type Width = (typeof WIDTHS)[number];
/** Pages open at once per width: the server and the browser wait on each other, two keep both busy. */
const PARALLEL = Number(process.env.TOUR_PARALLEL ?? 2);

const shotsDir = process.env.TOUR_DIR ?? join(tmpdir(), `vitae-tour-${new Date().toISOString().replace(/[:.]/g, '-')}`);

type Person = 'visitor' | 'provider' | 'hospital-admin' | 'system-admin';

// ── The route table ────────────────────────────────────────────────────────────────────────────

interface TourRoute {
  pattern: string;
  audience: 'public' | 'member' | 'admin';
}

/** Every path pattern of the router with the guard it sits behind. */
function routePatterns(list: RouteObject[], base = '', audience: TourRoute['audience'] = 'public'): TourRoute[] {
  const found: TourRoute[] = [];
  for (const route of list) {
    const inside = route.Component === RequireAdmin ? 'admin' : route.Component === RequireMember ? 'member' : audience;
    const path = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    if (route.path || route.index) found.push({ pattern: path || '/', audience: inside });
    if (route.children) found.push(...routePatterns(route.children, path, inside));
  }
  return found;
}

/** Values for the route parameters, read from the running app by each person. */
type Params = Record<string, string[]>;

/** The concrete paths of a pattern: each parameter takes each of its values, an optional one also none. */
function expand(pattern: string, params: Params): string[] {
  let paths = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      paths = paths.map((path) => `${path}/no-such-page`);
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1).replace(/\?$/, '');
      const values = params[name];
      if (!values) throw new Error(`The tour has no value for :${name} (in ${pattern}): add one in paramsFor()`);
      paths = paths.flatMap((path) => [...(optional ? [path] : []), ...values.filter(Boolean).map((value) => `${path}/${value}`)]);
    } else {
      paths = paths.map((path) => `${path}/${segment}`);
    }
  }
  return [...new Set(paths.map((path) => path || '/'))];
}

// ── Checks on one page ─────────────────────────────────────────────────────────────────────────

interface Finding {
  page: string;
  width: string;
  problem: string;
}

/**
 * The layout checks, run inside the page: covered controls, horizontal scrolling, clipped text and
 * small tap targets. Returns one line per fault.
 */
function layoutFaults(): string[] {
  const faults: string[] = [];
  const describe = (element: Element) => {
    const name = (
      element.getAttribute('aria-label') ||
      (element as HTMLElement).innerText ||
      element.getAttribute('title') ||
      element.getAttribute('name') ||
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    const id = element.id ? `#${element.id}` : '';
    return `<${element.tagName.toLowerCase()}${id}> "${name}"`;
  };
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) faults.push(`scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);

  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    // Visually hidden on purpose (sr-only), or inside something that is.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.clipPath === 'inset(50%)' || (s.clip && s.clip !== 'auto' && s.position === 'absolute')) return false;
    }
    return element.checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
  };

  const focusable = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]',
    ),
  ].filter(shown);

  const labelled = (control: HTMLElement, hit: Element) => {
    const label = hit.closest('label');
    if (!label) return false;
    return label.contains(control) || ((control as HTMLInputElement).labels ? [...((control as HTMLInputElement).labels ?? [])].includes(label) : false);
  };
  const covered = (control: HTMLElement) => {
    // A link that wraps has one box per line: it is reachable when the middle of any of them is.
    let hit: Element | null = null;
    for (const rect of [...control.getClientRects()].filter((box) => box.width >= 1 && box.height >= 1)) {
      // Controls taller than the window are judged where they show.
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
      hit = document.elementFromPoint(x, y);
      if (!hit || hit === control || control.contains(hit) || labelled(control, hit)) return null;
    }
    return hit;
  };
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  // Rows of a list repeat the same controls: three of each kind (tag, classes, and the parent's)
  // stand for the rest, which keeps a 200-row table from taking a minute.
  const kinds = new Map<string, number>();
  const sample = focusable.filter((control) => {
    const parent = control.parentElement;
    const kind = `${control.tagName}.${control.className}|${parent?.tagName}.${parent?.className}`;
    const seen = kinds.get(kind) ?? 0;
    kinds.set(kind, seen + 1);
    return seen < 3;
  });
  for (const control of sample) {
    for (const block of ['start', 'end'] as const) {
      control.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
      const hit = covered(control);
      if (hit) {
        faults.push(`${describe(control)} is covered by ${describe(hit)} when scrolled to the ${block === 'start' ? 'top' : 'bottom'}`);
        break;
      }
    }
  }
  window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });

  // Tap targets (WCAG 2.5.8): 24 × 24 px, or a 24 px circle on an undersized one touches no other
  // target nor another undersized one's circle; links inside a sentence are exempt.
  const boxes = focusable.map((control) => control.getBoundingClientRect());
  const small = boxes.map((rect) => rect.width < 24 || rect.height < 24);
  const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
  const circleTouches = (c: { x: number; y: number }, rect: DOMRect) => {
    const dx = Math.max(rect.left - c.x, 0, c.x - rect.right);
    const dy = Math.max(rect.top - c.y, 0, c.y - rect.bottom);
    return dx * dx + dy * dy < 12 * 12;
  };
  focusable.forEach((control, index) => {
    if (!small[index]) return;
    const rect = boxes[index]!;
    const style = getComputedStyle(control);
    if (control.tagName === 'A' && style.display === 'inline') {
      const block = control.parentElement;
      if (block && (block.textContent ?? '').trim().length > (control.textContent ?? '').trim().length) return;
    }
    // A checkbox or radio whose label (24 px or more) does the same: WCAG 2.5.8 "equivalent".
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      const labels = [...(control.labels ?? [])].map((label) => label.getBoundingClientRect());
      if (labels.some((label) => label.height >= 24 && label.width >= 24)) return;
    }
    const mine = centre(rect);
    const crowded = focusable.some((other, j) => {
      if (j === index || other.contains(control) || control.contains(other)) return false;
      const box = boxes[j]!;
      if (circleTouches(mine, box)) return true;
      if (!small[j]) return false;
      const theirs = centre(box);
      return Math.hypot(mine.x - theirs.x, mine.y - theirs.y) < 24;
    });
    if (crowded)
      faults.push(`${describe(control)} is a ${Math.round(rect.width)} × ${Math.round(rect.height)} px target (under 24 × 24) crowded by its neighbours`);
  });

  // Text cut off by its own box: content wider (or taller) than an element that hides its overflow.
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim());
    if (texts.length === 0) continue;
    const style = getComputedStyle(element);
    // A sentence split into columns: in a flex row every bare piece of text between elements is its own
    // flex item, so "You belong to <strong>X</strong>. To move…" became three narrow wrapped columns.
    if (texts.length >= 2 && style.display.endsWith('flex') && style.flexDirection.startsWith('row') && shown(element)) {
      const wrapped = texts.some((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        return lines.size > 1;
      });
      if (wrapped) faults.push(`${describe(element)} splits its sentence into flex columns (wrap the text in one element)`);
    }
    const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const clipsY = (style.overflowY === 'hidden' || style.overflowY === 'clip') && style.webkitLineClamp === 'none';
    // Cheap tests first: whether it is shown walks up its ancestors.
    if ((!clipsX && !clipsY) || !shown(element)) continue;
    // An ellipsis with the whole text in a title is a deliberate, readable shortening.
    const ellipsis = style.textOverflow === 'ellipsis' && (element.title || element.closest('[title]'));
    if (clipsX && !ellipsis && element.scrollWidth > element.clientWidth + 1)
      faults.push(`${describe(element)} is clipped: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
    else if (clipsY && element.scrollHeight > element.clientHeight + 1)
      faults.push(`${describe(element)} is clipped: ${element.scrollHeight} px of text in ${element.clientHeight} px high`);
  }
  return faults;
}

/** Opens `path`, waits for it to settle, screenshots it and returns what is wrong with it. */
async function tourPage(page: Page, person: Person, width: Width, path: string, problems: string[], seen: Set<string>): Promise<Finding[]> {
  problems.length = 0;
  const findings: Finding[] = [];
  const response = await page.goto(path, { waitUntil: 'load' });
  const notFound = /no-such-page/.test(path);
  if (response && response.status() >= 400 && !(notFound && response.status() === 404)) problems.push(`the page answered ${response.status()}`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => problems.push('still busy after 15 s'));
  // Let transitions and toasts settle before measuring.
  await page.waitForTimeout(150);
  const at = page.url().replace(/^https?:\/\/[^/]+/, '');
  // Old addresses that forward to a page already toured.
  if (seen.has(`${width.name} ${at}`)) return [];
  seen.add(`${width.name} ${at}`);

  for (const problem of await page.evaluate(layoutFaults)) findings.push({ page: at, width: width.name, problem });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  for (const violation of axe.violations) {
    findings.push({
      page: at,
      width: width.name,
      problem: `axe ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
    });
  }
  for (const problem of problems) findings.push({ page: at, width: width.name, problem });

  const file = join(shotsDir, person, width.name, `${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: file, fullPage: true });
  return findings;
}

/** A page that records console errors, uncaught exceptions and failed requests into `problems`. */
async function watchedPage(context: BrowserContext, problems: string[], allowed: (status: number, url: string) => boolean): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The response itself is judged below, with its address.
    if (/^Failed to load resource: the server responded with a status of/.test(message.text())) return;
    problems.push(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message.slice(0, 200)}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation away cancels what the last page still had in flight.
    if (failure === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400 || response.request().isNavigationRequest()) return;
    if (!allowed(status, response.url())) problems.push(`request answered ${status}: ${response.request().method()} ${response.url()}`);
  });
  return page;
}

/** Tours `paths` at both widths, PARALLEL pages at a time per width, and fails with every finding. */
async function tour(
  browser: Browser,
  person: Person,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
  paths: string[],
  allowed: (status: number, url: string) => boolean = () => false,
) {
  test.setTimeout(60_000 + paths.length * WIDTHS.length * 12_000);
  for (const width of WIDTHS) mkdirSync(join(shotsDir, person, width.name), { recursive: true });
  console.log(`Tour (${person}): ${paths.length} pages × ${WIDTHS.length} widths, screenshots in ${join(shotsDir, person)}`);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const queue = WIDTHS.flatMap((width) => paths.map((path) => ({ width, path })));
  const workers = WIDTHS.flatMap((width) =>
    Array.from({ length: PARALLEL }, async () => {
      const context = await browser.newContext({ viewport: { width: width.width, height: width.height }, storageState, reducedMotion: 'reduce' });
      const problems: string[] = [];
      const page = await watchedPage(context, problems, allowed);
      for (let next = queue.findIndex((item) => item.width === width); next >= 0; next = queue.findIndex((item) => item.width === width)) {
        const [item] = queue.splice(next, 1);
        const started = Date.now();
        try {
          findings.push(...(await tourPage(page, person, width, item!.path, problems, seen)));
          if (process.env.TOUR_VERBOSE) console.log(`  ${width.name} ${item!.path} ${Date.now() - started} ms`);
        } catch (error) {
          findings.push({ page: item!.path, width: width.name, problem: `could not be toured: ${(error as Error).message.split('\n')[0]}` });
        }
      }
      await context.close();
    }),
  );
  await Promise.all(workers);
  const lines = findings.map((f) => `${f.width} ${f.page}: ${f.problem}`).sort();
  expect(lines, `Faults found on the tour as ${person}; screenshots in ${join(shotsDir, person)}`).toEqual([]);
}

// ── Who tours what ─────────────────────────────────────────────────────────────────────────────

const table = routePatterns(routes);
const patternsFor = (audience: TourRoute['audience']) => [...new Set(table.filter((route) => route.audience === audience).map((route) => route.pattern))];

test.beforeAll(() => {
  mkdirSync(shotsDir, { recursive: true });
  console.log(`Tour screenshots: ${shotsDir}`);
});

test('tour: a signed-out visitor on the public pages and the directory', async ({ browser, request }) => {
  // A claim link the server does not know: the claim page says the link does not work.
  const paths = patternsFor('public').flatMap((pattern) => expand(pattern, { hospitalCode: ['NORTHFIELD'], token: ['a-link-nobody-was-sent'] }));
  // The server's own public pages: the directory, as its sitemaps list it (the directory's page, the
  // hospitals' search pages and a few clinicians: every clinician's page is the same page).
  const index = await (await request.get('/sitemap.xml')).text();
  for (const sitemap of [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)) {
    const urls = [...(await (await request.get(sitemap)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    paths.push(...urls.slice(0, 4));
  }
  expect(
    paths.some((path) => /^\/find\/[^/]+\/[^/]+$/.test(path)),
    'the directory lists a clinician',
  ).toBe(true);
  // Allowed: the session check of a signed-out visitor, and the unknown claim link's 404 (the page explains it).
  await tour(
    browser,
    'visitor',
    undefined,
    [...new Set(paths)],
    (status, url) =>
      (status === 401 && new URL(url).pathname === '/api/auth/session') || (status === 404 && new URL(url).pathname.startsWith('/api/roster-claims/')),
  );
});

test('tour: a provider on every member page', async ({ browser, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/unified-signup');
  await page.getByLabel('Email').fill(`tour.${Date.now()}@northfield.example`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  for (const consent of await page.getByRole('checkbox').all()) await consent.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Tessa Rounds');
  await page.getByLabel('Hospital or health system').selectOption({ label: 'Northfield Health' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const paths = patternsFor('member').flatMap((pattern) => expand(pattern, {}));
  // Allowed: a provider who signed up alone has no roster profile to review (404; the page says so).
  await tour(
    browser,
    'provider',
    await page.context().storageState(),
    paths,
    (status, url) => status === 404 && new URL(url).pathname === '/api/me/roster-review',
  );
});

async function adminTour(browser: Browser, page: Page, person: Person, email: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, email);
  await expect(page).toHaveURL(/\/system-admin$/);
  const hospitals = (await (await page.request.get('/api/admin/hospitals?pageSize=100')).json()) as { items: { id: string; name: string }[] };
  const users = (await (await page.request.get('/api/admin/users?pageSize=1')).json()) as { items: { id: string }[] };
  const params: Params = {
    hospitalId: [hospitals.items.find((hospital) => hospital.name === 'Northfield Health')!.id],
    tab: HOSPITAL_TABS.map((tab) => tab.slug),
    userId: users.items.slice(0, 1).map((user) => user.id),
  };
  const paths = patternsFor('admin').flatMap((pattern) => expand(pattern, params));
  // A hospital administrator opening a system administrator's page is refused by the server (403),
  // and the page says so; nothing else may fail.
  const allowed = person === 'hospital-admin' ? (status: number, url: string) => status === 403 && new URL(url).pathname.startsWith('/api/') : undefined;
  await tour(browser, person, await page.context().storageState(), paths, allowed);
}

test('tour: a hospital administrator on every console page', async ({ browser, page }) => {
  await adminTour(browser, page, 'hospital-admin', HOSPITAL_ADMIN);
});

test('tour: a system administrator on every console page', async ({ browser, page }) => {
  await adminTour(browser, page, 'system-admin', SYSTEM_ADMIN);
});
