// Lighthouse (issue 11) on the landing page and on a signed-in provider's dashboard, against the
// production build on PGlite, in Debian's Chromium. Two form factors: Lighthouse's default (a
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
    ];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const { page, url, headers } of pages) {
        const runs: LighthouseRow[] = [];
        for (let i = 0, retries = 0; i < RUNS; i += 1) {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], extraHeaders: headers },
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
