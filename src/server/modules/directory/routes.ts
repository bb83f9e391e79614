import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { DIRECTORY_SLUG_PATTERN, directorySettingsSchema, publishRequestSchema, removeListingSchema } from '../../../shared/schemas/directory';
import { isQueryYes } from '../../../shared/schemas/fields';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { ProfileReadCache } from '../profile/read';
import { etagOf } from '../../render/document';
import { escapeHtml } from '../../render/escape';
import { directoryIndexPage, hospitalPage, notFoundPage, problemPage, providerPage, searchBackPath } from './pages';
import { pageMadeOnce } from './search-cache';
import {
  DIRECTORY_SITEMAP_PATH,
  formerSitemapPart,
  hospitalSitemapPath,
  parseHospitalSitemapFile,
  publishedProviderSlugs,
  SITEMAP_INDEX_PATH,
  sitemapFileCount,
  sitemapFileRange,
} from './sitemap';
import { isLocale, LOCALE_COOKIE, LOCALES, localePath, negotiateLocale, splitLocale, SWITCH_PARAM, type Locale } from './i18n/locale';
import {
  decideListing,
  getDirectorySettings,
  getMyListing,
  listListings,
  publicHospital,
  publicHospitals,
  publicProvider,
  PUBLIC_PAGE_SIZE,
  SEARCH_RADII,
  searchDirectory,
  type DirectorySearch,
  type PublicHospital,
  setMyListing,
  updateDirectorySettings,
} from './service';

const hospitalIdParam = z.object({ hospitalId: z.uuid('Hospital not found') });
const listingParam = z.object({ hospitalId: z.uuid('Hospital not found'), userId: z.uuid('User not found') });

/** `/api`: the provider's choice to publish; the hospital's settings and approvals. */
export function directoryRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const adminOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const providerIdOf = (c: { get(key: 'actor'): unknown }) => (c.get('actor') as { userId: string }).userId;
  return new Hono<AppBindings>()
    .get('/me/directory', requireProvider, async (c) => c.json(await getMyListing(db, providerIdOf(c))))
    .put('/me/directory', requireProvider, validate('json', publishRequestSchema), async (c) =>
      c.json(
        await setMyListing(db, providerIdOf(c), c.req.valid('json').publish, {
          actor: c.get('actor'),
          lookupNpi: deps.npiRegistry ? (npi) => deps.npiRegistry!.lookup(npi) : undefined,
        }),
      ),
    )
    .get('/admin/hospitals/:hospitalId/directory', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await getDirectorySettings(db, adminOf(c), c.req.valid('param').hospitalId)),
    )
    .put(
      '/admin/hospitals/:hospitalId/directory',
      requireCapability('hospital.settings.edit'),
      validate('param', hospitalIdParam),
      validate('json', directorySettingsSchema),
      async (c) => c.json(await updateDirectorySettings(db, adminOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    )
    .get('/admin/hospitals/:hospitalId/directory/listings', requireCapability('users.manage'), validate('param', hospitalIdParam), async (c) =>
      c.json(await listListings(db, adminOf(c), c.req.valid('param').hospitalId)),
    )
    .post('/admin/hospitals/:hospitalId/directory/listings/:userId/approve', requireCapability('users.manage'), validate('param', listingParam), async (c) => {
      const { hospitalId, userId } = c.req.valid('param');
      return c.json(await decideListing(db, adminOf(c), hospitalId, userId, 'approve'));
    })
    .post(
      '/admin/hospitals/:hospitalId/directory/listings/:userId/unpublish',
      requireCapability('users.manage'),
      validate('param', listingParam),
      validate('json', removeListingSchema),
      async (c) => {
        const { hospitalId, userId } = c.req.valid('param');
        return c.json(await decideListing(db, adminOf(c), hospitalId, userId, 'unpublish', c.req.valid('json').reason));
      },
    );
}

/** An HTML page with an ETag that caches may keep but must revalidate: a take-down shows at once, an unchanged page costs a 304. */
function page(c: Context<AppBindings>, html: string, status: 200 | 404 = 200, etag = etagOf(html)) {
  c.header('Cache-Control', status === 200 ? 'public, no-cache' : 'no-cache');
  c.header('ETag', etag);
  c.header('Vary', 'Accept-Encoding');
  if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.html(html, status);
}

/** A refused public request (the guard in app.ts) as a page a person can read, in the page's language; never cached. */
export function directoryRefusal(origin: string) {
  return (c: Context<AppBindings>, status: 400 | 414 | 429, message: string) => {
    c.header('Cache-Control', 'no-store');
    const { locale, path } = splitLocale(c.req.path);
    return c.html(problemPage(origin, path, status, message, locale), status);
  };
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The directory's language (decision 0022), before its pages: the switch's `?hl=` records the choice
 * in a cookie and redirects (303) to the clean URL in that language; an English (unprefixed) page
 * asked for by a visitor who chose Spanish, or who never chose and whose browser prefers Spanish to
 * English, is redirected (302) to its /es twin. English pages say they vary with both, so a shared
 * cache never hands one visitor's language to another. Sitemaps and the form's POST are left alone.
 */
export function directoryLanguage(secureCookie: boolean): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path.endsWith('.xml')) return next();
    const { locale, path } = splitLocale(c.req.path);
    const url = new URL(c.req.url);
    const chosen = url.searchParams.get(SWITCH_PARAM);
    if (isLocale(chosen)) {
      url.searchParams.delete(SWITCH_PARAM);
      setCookie(c, LOCALE_COOKIE, chosen, { path: '/', sameSite: 'Lax', httpOnly: true, secure: secureCookie, maxAge: YEAR_SECONDS });
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${localePath(chosen, path)}${url.search}`, 303);
    }
    if (locale !== 'en') return next();
    const cookie = getCookie(c, LOCALE_COOKIE);
    const preferred: Locale | null = isLocale(cookie) ? cookie : negotiateLocale(c.req.header('accept-language'));
    if (preferred && preferred !== 'en') {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Accept-Language, Cookie');
      return c.redirect(`${localePath(preferred, path)}${url.search}`, 302);
    }
    await next();
    c.res.headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  };
}

/** A sitemap like the pages: caches keep it but revalidate, so a taken-down profile leaves at once; unchanged costs a 304. */
function sitemap(c: Context<AppBindings>, xml: string) {
  const etag = etagOf(xml);
  c.header('Cache-Control', 'public, no-cache');
  c.header('ETag', etag);
  c.header('Vary', 'Accept-Encoding');
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  c.header('Content-Type', 'application/xml; charset=utf-8');
  return c.body(xml);
}

const ROBOTS = [
  '# Vitae: the public pages are for search engines; profiles, the console and the API are not.',
  'User-agent: *',
  'Allow: /$',
  'Allow: /help',
  'Allow: /terms',
  'Allow: /privacy',
  'Allow: /login',
  'Allow: /unified-signup',
  'Allow: /find',
  'Allow: /es/find',
  'Allow: /sitemap',
  'Disallow: /',
];

/**
 * The public pages: `/find`, `/find/:hospital` (search), `/find/:hospital/:provider`, each in English
 * and under `/es` in Spanish (decision 0022); and a sitemap per hospital naming both.
 */
export function publicDirectoryRoutes(deps: AppDeps, profileCache?: ProfileReadCache) {
  const db = deps.database.publicReadDb;
  const origin = deps.env.appUrl;
  const slugOk = (value: string) => DIRECTORY_SLUG_PATTERN.test(value);

  /** A sitemap entry: the page in each language, each naming the others (and English as the default). */
  const sitemapEntries = (path: string) => {
    const links = [...LOCALES.map((l) => ({ lang: l, href: `${origin}${localePath(l, path)}` })), { lang: 'x-default', href: `${origin}${path}` }]
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.lang}" href="${escapeHtml(link.href)}"/>`)
      .join('\n');
    return LOCALES.map((l) => `  <url>\n    <loc>${escapeHtml(`${origin}${localePath(l, path)}`)}</loc>\n${links}\n  </url>`).join('\n');
  };
  /** A sitemap of these English paths, every page in each language with its alternates (sitemaps.org with xhtml:link, as search engines read them). */
  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${paths.map(sitemapEntries).join('\n')}\n</urlset>\n`;

  const pages = (locale: Locale) => {
    const missing = (c: Context<AppBindings>) => page(c, notFoundPage(origin, splitLocale(c.req.path).path, locale), 404);
    /** The page made from a cached `source` once (search-cache.ts), for this address, language, hospital row and `also`. */
    const pageOnce = (c: Context<AppBindings>, source: object, hospital: PublicHospital, also: unknown[], render: () => string) => {
      const { revision: _revision, ...shown } = hospital;
      const made = pageMadeOnce(source, JSON.stringify([origin, locale, shown, ...also]), render);
      return page(c, made.html, 200, made.etag);
    };
    return new Hono<AppBindings>()
      .get('/find', async (c) => page(c, directoryIndexPage(origin, await publicHospitals(db), locale)))
      .get('/find/:hospitalSlug', async (c) => {
        const slug = c.req.param('hospitalSlug');
        const hospital = slugOk(slug) ? await publicHospital(db, slug) : null;
        if (!hospital) return missing(c);
        const search: DirectorySearch = {
          query: (c.req.query('q') ?? '').trim().slice(0, 100),
          location: (c.req.query('near') ?? '').trim().slice(0, 60),
          // Only the offered radii; anything else reads as the default.
          radius: SEARCH_RADII.find((miles) => String(miles) === c.req.query('radius')),
          language: /^[a-z]{2,3}$/.test(c.req.query('lang') ?? '') ? c.req.query('lang')! : '',
          insurance: (c.req.query('ins') ?? '').trim().slice(0, 100),
          specialty: (c.req.query('specialty') ?? '').trim().slice(0, 100),
          acceptingNewPatients: isQueryYes(c.req.query('accepting')),
          videoVisits: isQueryYes(c.req.query('video')),
          page: Math.min(Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1), 1000),
        };
        const result = await searchDirectory(db, hospital, search);
        // The same answer makes the same page: made once while the answer is cached (decision 0032).
        return pageOnce(c, result, hospital, [], () => hospitalPage(origin, hospital, result, search, PUBLIC_PAGE_SIZE, locale));
      })
      .get('/find/:hospitalSlug/:providerSlug', async (c) => {
        const { hospitalSlug, providerSlug } = c.req.param();
        const hospital = slugOk(hospitalSlug) ? await publicHospital(db, hospitalSlug) : null;
        const profile = hospital && slugOk(providerSlug) ? await publicProvider(db, hospital, providerSlug, profileCache) : null;
        if (!hospital || !profile) return missing(c);
        // The search the visitor came from (a result's link carries it), for "Back to results".
        const backTo = searchBackPath(hospital.slug, c.req.query('from'));
        // The same read makes the same page: made once while the read is cached (its profile_version stands, decision 0033).
        return pageOnce(c, profile.source, hospital, [profile.slug, backTo], () => providerPage(origin, hospital, profile, { backTo, locale }));
      });
  };

  return (
    new Hono<AppBindings>()
      // Served here rather than as a file so it can name the sitemap by this deployment's address.
      .get('/robots.txt', (c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        return c.text(`${ROBOTS.join('\n')}\n\nSitemap: ${origin}${SITEMAP_INDEX_PATH}\n`);
      })
      .get(SITEMAP_INDEX_PATH, async (c) => {
        // The index of the sitemaps (robots.txt names it): the directory's page, then each hospital's files.
        const hospitals = await publicHospitals(db);
        const files = [
          DIRECTORY_SITEMAP_PATH,
          ...hospitals.flatMap((h) => Array.from({ length: sitemapFileCount(h.providers) }, (_, i) => hospitalSitemapPath(h.slug, i + 1))),
        ];
        return sitemap(
          c,
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
            .map((path) => `  <sitemap><loc>${escapeHtml(`${origin}${path}`)}</loc></sitemap>`)
            .join('\n')}\n</sitemapindex>\n`,
        );
      })
      // The directory's own page, the list of hospitals, in each language.
      .get(DIRECTORY_SITEMAP_PATH, (c) => sitemap(c, urlset(['/find'])))
      // A hospital's sitemap: its search page and its providers, in every language.
      .get('/:file{sitemap-find-[a-z0-9.-]+\\.xml}', async (c) => {
        const file = parseHospitalSitemapFile(c.req.param('file'));
        const hospital = file && slugOk(file.hospitalSlug) ? await publicHospital(db, file.hospitalSlug) : null;
        if (!file || !hospital) return page(c, notFoundPage(origin, c.req.path), 404);
        const range = sitemapFileRange(file.part);
        const slugs = await publishedProviderSlugs(db, hospital.id, range.offset, range.limit);
        // A file past the last (.2.xml while one file holds everything) is not there.
        if (file.part > 1 && slugs.length === 0) return page(c, notFoundPage(origin, c.req.path), 404);
        return sitemap(
          c,
          urlset([...(range.withSearchPage ? [`/find/${hospital.slug}`] : []), ...slugs.map((providerSlug) => `/find/${hospital.slug}/${providerSlug}`)]),
        );
      })
      // Where the sitemaps were until they moved to the root: a permanent redirect to the same file.
      .get('/find/sitemap.xml', (c) => c.redirect(SITEMAP_INDEX_PATH, 301))
      .get('/find/:hospitalSlug/:file{sitemap[-0-9]*\\.xml}', (c) => {
        const slug = c.req.param('hospitalSlug');
        const part = formerSitemapPart(c.req.param('file'));
        if (!slugOk(slug) || part === null) return page(c, notFoundPage(origin, c.req.path), 404);
        return c.redirect(hospitalSitemapPath(slug, part), 301);
      })
      .route('/', pages('en'))
      .route('/es', pages('es'))
  );
}
