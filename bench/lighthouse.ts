// Lighthouse (issue 11) on the landing page and on a signed-in provider's dashboard, and (issue 33)
// on the demo hospital's public directory: its search page, a place search with results and the
// richest demo profile (photo, publications, a trial, insurance), against the production build on
// PGlite, in Debian's Chromium. Two form factors: Lighthouse's default (a
// mid-range phone, simulated slow 4G and a 4x slower CPU) and its desktop preset. Each page is
// audited RUNS times and the median performance run is reported.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { providerCookie, round, startBuiltServer } from './lib';

export interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  finalUrl: string;
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose label contains this (e.g. `/find`), and only these form factors (`mobile`): a quicker rerun of a few. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES ?? '';
const FORM_FACTORS = (process.env.LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop')
  .split(',')
  .filter((f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export async function benchLighthouse(): Promise<LighthouseRow[]> {
  const server = await startBuiltServer('pglite');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: LighthouseRow[] = [];
  try {
    const cookie = await providerCookie(server.base);
    const pages: Array<{ page: string; url: string; headers: Record<string, string> }> = [
      { page: '/ (landing)', url: `${server.base}/`, headers: {} },
      { page: '/dashboard (signed in)', url: `${server.base}/dashboard`, headers: { cookie } },
      { page: '/find/northfield (directory)', url: `${server.base}/find/northfield`, headers: {} },
      { page: '/find/northfield?q=heart&near=Evanston, IL (search)', url: `${server.base}/find/northfield?q=heart&near=Evanston%2C+IL&radius=25`, headers: {} },
      { page: '/find/northfield/grace-mensah (profile)', url: await demoProfileUrl(server.base, 'grace-mensah'), headers: {} },
    ];
    for (const formFactor of FORM_FACTORS) {
      for (const { page, url, headers } of pages.filter((p) => p.page.includes(ONLY_PAGES))) {
        const runs: LighthouseRow[] = [];
        for (let i = 0, retries = 0; i < RUNS; i += 1) {
          const result = await lighthouse(
            url,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              extraHeaders: headers,
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const { lhr } = result;
          // Headless Chromium now and then loses the trace's navigation start; Lighthouse's own advice is
          // to run again. The run is repeated (at most twice per page), never counted.
          if (lhr.runtimeError?.code === 'NO_NAVSTART' && retries < 2) {
            retries += 1;
            i -= 1;
            console.log(`  ${formFactor} ${page}: the trace lost its navigation start (NO_NAVSTART); running again`);
            continue;
          }
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
          const audit = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN, id === 'cumulative-layout-shift' ? 3 : 0);
          runs.push({
            page,
            formFactor,
            performance: score(lhr.categories.performance?.score),
            accessibility: score(lhr.categories.accessibility?.score),
            bestPractices: score(lhr.categories['best-practices']?.score),
            seo: score(lhr.categories.seo?.score),
            fcpMs: audit('first-contentful-paint'),
            lcpMs: audit('largest-contentful-paint'),
            tbtMs: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            speedIndexMs: audit('speed-index'),
            finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
          });
        }
        const median = runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
        // A dashboard audit that ended on the login page would measure the wrong page.
        if (new URL(url).pathname !== median.finalUrl) throw new Error(`Lighthouse on ${url} ended on ${median.finalUrl}`);
        console.log(`  ${formFactor} ${page}: performance ${median.performance}, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms`);
        rows.push(median);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    await server.cleanup();
  }
  return rows;
}

/** A demo clinician's page by the start of its slug, from the directory's sitemap (the slug may carry a suffix). */
async function demoProfileUrl(base: string, slugStart: string) {
  const sitemap = await (await fetch(`${base}/sitemap-find-northfield.xml`)).text();
  const loc = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((url) => new URL(url).pathname.startsWith(`/find/northfield/${slugStart}`));
  if (!loc) throw new Error(`no demo page for ${slugStart} in the sitemap`);
  return `${base}${new URL(loc).pathname}`;
}
