// The landing page as HTML from the server (issue T2 1/5, decision record 0006). A visit that starts at
// `/` gets the page's sections rendered here once, at start, with this server's scheduling setting,
// plus one small script (src/web/features/marketing/landing-island.ts): not the app, which loads on
// the next page. Navigating to `/` inside the app still renders the same components as a route.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PublicFrame } from '@web/app/layouts/public-frame';
import { SkipLink } from '@web/components/layout/skip-link';
import { DemoSectionView } from '@web/features/marketing/components/demo-section-view';
import { LandingSections } from '@web/features/marketing/components/landing-sections';
import { SchedulerCard } from '@web/features/marketing/components/scheduler-card';
import { schedulingEmbedFor, type SchedulingEmbed } from '@web/features/marketing/scheduling-embed';
import type { Database } from '../db/client';
import { publicHospitals } from '../modules/directory/service';
import { chunkClosure, fillRoot, hasEmptyRoot, modulePreloadTag, moduleScriptTag, withHeadTags, withoutAppScripts, type ViteManifest } from './app-shell';
import { etagOf } from './document';

/** The island's manifest key (relative to Vite's root, src/web). */
export const LANDING_ISLAND_ENTRY = 'features/marketing/landing-island.ts';

function DemoCard({ embed }: { embed: SchedulingEmbed }) {
  if (embed.kind !== 'calendly') return <SchedulerCard configLoading={false} embed={embed} status="idle" />;
  // Calendly's button works once its script loads; the island shows the second card if it cannot.
  return (
    <div>
      <div data-scheduler="ready">
        <SchedulerCard configLoading={false} embed={embed} status="ready" />
      </div>
      <div data-scheduler="failed" hidden>
        <SchedulerCard configLoading={false} embed={embed} status="failed" />
      </div>
    </div>
  );
}

/** `directory`: the find-a-doctor address when some hospital publishes a directory (the hero links it). */
export function renderLandingMarkup(schedulingUrl: string | undefined, directory: string | null = null): string {
  const embed = schedulingEmbedFor(schedulingUrl);
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <SkipLink />
      <PublicFrame>
        <LandingSections
          directory={directory}
          demo={
            <DemoSectionView configLoading={false} embed={embed} status="idle">
              <DemoCard embed={embed} />
            </DemoSectionView>
          }
        />
      </PublicFrame>
    </StaticRouter>,
  );
}

/** The island's script and the chunks it imports, as public paths; null when the build has no island. */
export function landingScripts(manifest: ViteManifest): { entry: string; preloads: string[] } | null {
  const island = manifest[LANDING_ISLAND_ENTRY];
  if (!island) return null;
  return { entry: `/${island.file}`, preloads: chunkClosure(manifest, island.imports) };
}

/**
 * The built index.html with the app's scripts swapped for the island and the markup in #root. The
 * stylesheet, icons and metadata stay as the build wrote them.
 */
export function landingDocument(indexHtml: string, markup: string, scripts: { entry: string; preloads: string[] }): string {
  if (!hasEmptyRoot(indexHtml)) throw new Error('index.html has no empty #root element to fill');
  const tags = [...scripts.preloads.map(modulePreloadTag), moduleScriptTag(scripts.entry)];
  return fillRoot(withHeadTags(withoutAppScripts(indexHtml), tags), { markup });
}

export interface LandingPage {
  html: string;
  etag: string;
  /** The same page compressed once, as the build does for static files. */
  br: Buffer;
  gzip: Buffer;
}

/**
 * The page for `/`, rendered once per calendar year (the footer's copyright) and per directory
 * address (the hero's "Find a doctor" link, when a directory is published); null when the build
 * carries no island, and the app's shell then serves `/` as before.
 */
export function createLandingPage(options: { indexHtml: string; manifest: ViteManifest; schedulingUrl: string | undefined }) {
  const scripts = landingScripts(options.manifest);
  if (!scripts) return null;
  const cached = new Map<string, { year: number; page: LandingPage }>();
  return (directory: string | null = null): LandingPage => {
    const year = new Date().getFullYear();
    const key = directory ?? '';
    const hit = cached.get(key);
    if (hit?.year === year) return hit.page;
    const html = landingDocument(options.indexHtml, renderLandingMarkup(options.schedulingUrl, directory), scripts);
    const etag = etagOf(html, 'strong');
    const page = { html, etag, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
    cached.set(key, { year, page });
    return page;
  };
}

/**
 * Where the landing page's "Find a doctor" goes: the one published directory, the list of them when
 * there are several, or nowhere (null) when no hospital publishes one. Read at most once a minute;
 * a database that cannot answer leaves the link out rather than the page.
 */
export function landingDirectoryReader(db: Database, ttlMs = 60_000): () => Promise<string | null> {
  let cached: { at: number; value: string | null } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    let value: string | null;
    try {
      const hospitals = await publicHospitals(db);
      value = hospitals.length === 0 ? null : hospitals.length === 1 ? `/find/${hospitals[0]!.slug}` : '/find';
    } catch {
      value = null;
    }
    cached = { at: Date.now(), value };
    return value;
  };
}
