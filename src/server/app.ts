import { cors } from 'hono/cors';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { errorResponse, handleError } from './http/errors';
import { directoryLanguage, directoryRefusal, directoryRoutes, publicDirectoryRoutes } from './modules/directory/routes';
import { memberPageState } from './modules/directory/service';
import { adminWorkRoutes } from './modules/admin-work/routes';
import { embedAdminRoutes, embedHeaders, publicEmbedRoutes } from './modules/embed/routes';
import { appointmentRequestRoutes, publicAppointmentRoutes } from './modules/appointment-requests/routes';
import { fhirRefusal, fhirRoutes } from './modules/fhir/routes';
import { npiClaimRoutes } from './modules/npi-claims/routes';
import { isCsvUpload, limitCsvUpload } from './http/csv-upload';
import { preferredEncoding, type Encoding } from './http/compress';
import { createSpaShell, hasSessionCookie, pagePath } from './render/spa-shell';
import type { ViteManifest } from './render/app-shell';
import { createLandingPage, landingDirectoryReader } from './render/landing-page';
import { createMemberPageRenderer, pageBody } from './render/member-page';
import { guardStateChanges, privateApiAnswers, requestLogger } from './http/middleware';
import { publicCountSweeper, publicRequestGuard, type PublicRefusal } from './http/public-requests';
import type { AppBindings } from './http/types';
import type { Logger } from './lib/logger';
import { createAuth } from './auth/auth';
import { sharedRateLimiter } from './auth/rate-limit';
import { CARRIED_ACTOR, resolveActor, type ActorCarrier } from './auth/session';
import { createNppesRegistry, type NpiRegistry } from './integrations/npi-registry';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './integrations/mail/mailer';
import { accountRoutes, outboxRoutes } from './modules/accounts/routes';
import { adminAuthRoutes, adminSessionObject } from './modules/admin-auth/routes';
import { completeAdminSignIn } from './modules/admin-auth/service';
import { adminUserRoutes } from './modules/admin-users/routes';
import { markPasswordChanged } from './modules/admin-users/service';
import { auditRoutes } from './modules/audit/routes';
import { hospitalRoutes } from './modules/hospitals/routes';
import { brandRoutes } from './modules/brand/routes';
import { hospitalLocationRoutes } from './modules/hospital-locations/routes';
import { rosterRoutes } from './modules/roster/routes';
import { rosterClaimRoutes } from './modules/roster/claims-routes';
import { rosterPeopleRoutes, rosterUnsubscribeRoutes } from './modules/roster/people-routes';
import { dataSourceRoutes } from './modules/hospitals/data-source-routes';
import { userRoutes } from './modules/users/routes';
import { membershipRoutes } from './modules/memberships/routes';
import { createProfileReadCache } from './modules/profile/read';
import { profileRoutes } from './modules/profile/routes';
import { historyRoutes } from './modules/profile/history-routes';
import { referenceRoutes } from './modules/reference/routes';
import { expertiseTermRoutes } from './modules/expertise-terms/routes';
import { taxonomyRoutes } from './modules/taxonomy/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { discoveryRoutes } from './modules/discovery/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { helpRoutes } from './modules/help/routes';
import { promptTemplateRoutes } from './modules/prompt-templates/routes';
import { biographyRoutes } from './modules/biography/routes';
import { yextDepsFrom } from './modules/yext/context';
import { yextRoutes } from './modules/yext/routes';
import { lookupDirectoryRecord } from './modules/yext/sync';
import { pendingUpdateRoutes } from './modules/pending-updates/routes';
import { createDirectoryPopulation } from './modules/yext/population';
import { createSecretBox } from './lib/secret-box';
import { createStorageFromEnv, type FileStorage } from './integrations/storage';
import { createLinearFromEnv, type LinearClient } from './integrations/linear/client';
import { clientIp } from './http/client-ip';
import { NPI_RATE_LIMIT, npiRoutes } from './modules/npi/routes';
import { systemRoutes } from './modules/system/routes';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  migrationsDir: string;
  /** The built web app (dist/web); absent when Vite serves it in development and in API tests. */
  webDir?: string;
  /** Outside services; tests inject fakes. Defaults follow the environment. */
  mailer?: Mailer;
  npiRegistry?: NpiRegistry;
  storage?: FileStorage;
  linear?: LinearClient | null;
  /** True once the process has been asked to stop: health answers 503 so the load balancer moves on. */
  isDraining?: () => boolean;
}

/** Routes that take multipart file uploads (larger body limit, not JSON). */
export const UPLOAD_PATHS: RegExp[] = [/^\/api\/admin\/hospitals\/[^/]+\/brand-documents$/, /^\/api\/profile\/photo$/, /^\/api\/feedback\/screenshot$/];

/** CSV uploads: the file itself is the body (`text/csv`), parsed as it streams in (http/csv-upload.ts). */
export const CSV_UPLOAD_PATHS: RegExp[] = [
  /^\/api\/admin\/hospitals\/[^/]+\/terms$/,
  /^\/api\/admin\/hospitals\/[^/]+\/taxonomy\/upload$/,
  /^\/api\/admin\/hospitals\/[^/]+\/locations\/bulk$/,
  /^\/api\/admin\/hospitals\/[^/]+\/roster-uploads$/,
];

/** JSON routes that carry whole lists (bulk terms): the upload size limit applies instead of the JSON one. */
export const BULK_JSON_PATHS: RegExp[] = [/^\/api\/admin\/hospitals\/[^/]+\/terms(\/bulk)?$/];

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Origins the scheduling widget needs: Calendly loads assets from its CDN; others are framed. */
function schedulingSources(schedulingUrl: string | undefined) {
  const origin = originOf(schedulingUrl);
  if (!origin) return { scripts: [], frames: [] };
  if (/(^|\.)calendly\.com$/.test(new URL(origin).hostname)) {
    return { scripts: ['https://assets.calendly.com'], frames: ['https://calendly.com', origin] };
  }
  return { scripts: [], frames: [origin] };
}

/** An HTML document already compressed for this request. */
function encodedHtml(c: Context, encoded: { name: Encoding; body: Uint8Array }) {
  c.header('Content-Encoding', encoded.name);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(encoded.body.buffer as ArrayBuffer, encoded.body.byteOffset, encoded.body.byteLength));
}

export function createApp(deps: AppDeps) {
  const { env } = deps;
  const db = deps.database.db;
  const mailer = deps.mailer ?? (env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, deps.logger) : createOutboxMailer(db, deps.logger));
  const npiRegistry = deps.npiRegistry ?? createNppesRegistry({ baseUrl: env.NPI_REGISTRY_URL });
  const auth = createAuth({ db, env, mailer });
  const secretBox = createSecretBox(env.encryptionKey);
  const storage = deps.storage ?? createStorageFromEnv(env);
  const linear = deps.linear !== undefined ? deps.linear : createLinearFromEnv(env);
  const app = new Hono<AppBindings>();
  const scheduling = schedulingSources(env.SCHEDULING_URL);
  const sentryOrigin = originOf(env.SENTRY_DSN);

  app.use('*', requestId());
  if (deps.isDraining) {
    const isDraining = deps.isDraining;
    // While draining, every answer closes its connection, so no keep-alive socket outlives the process.
    app.use('*', async (c, next) => {
      await next();
      if (isDraining()) c.res.headers.set('connection', 'close');
    });
  }
  app.use('*', requestLogger(deps.logger));
  // Before the security headers, so it adjusts them on the way out: frame-ancestors for the embed pages only.
  app.use('/embed/*', embedHeaders());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scheduling.scripts],
        // Radix and React set inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'", ...scheduling.scripts],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        frameSrc: scheduling.frames.length > 0 ? scheduling.frames : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(env.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: env.isProduction ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  );
  const jsonBodyLimit = bodyLimit({
    maxSize: env.BODY_LIMIT_BYTES,
    onError: (c) => errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  });
  const uploadBodyLimit = bodyLimit({
    maxSize: env.UPLOAD_LIMIT_BYTES,
    onError: (c) => errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', `The file is too large (at most ${Math.round(env.UPLOAD_LIMIT_BYTES / 1_048_576)} MB).`),
  });
  const csvBodyLimit = limitCsvUpload(env.CSV_UPLOAD_LIMIT_BYTES);
  const largeBody = [...UPLOAD_PATHS, ...BULK_JSON_PATHS];
  // First of the /api middleware, so its refusals (413, 403, 415) are marked private too.
  app.use('/api/*', privateApiAnswers());
  app.use('/api/*', (c, next) => {
    // A GET or HEAD has no body here (the Node adapter gives it none). Asking for it anyway, as the
    // body limit does, makes the adapter build a full WHATWG Request with an AbortSignal for every
    // read; that object outlives the request in the young generation and is promoted, so the old
    // generation grew by about 10 MB/s under load and its collections showed in the tail latency.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (CSV_UPLOAD_PATHS.some((path) => path.test(c.req.path)) && isCsvUpload(c)) return csvBodyLimit(c, next);
    return largeBody.some((path) => path.test(c.req.path)) ? uploadBodyLimit(c, next) : jsonBodyLimit(c, next);
  });
  app.use('/api/*', guardStateChanges({ allowedOrigins: [originOf(env.appUrl) ?? env.appUrl], multipartPaths: UPLOAD_PATHS, csvPaths: CSV_UPLOAD_PATHS }));
  app.use('/api/*', async (c, next) => {
    c.set('db', db);
    await next();
  });
  // The anonymous routes: bounded, clean query strings and a request budget per client address,
  // counted through the public pool so a flood cannot take the connections signed-in people need.
  const publicLimiter =
    env.PUBLIC_RATE_LIMIT_PER_MINUTE > 0
      ? sharedRateLimiter(deps.database.publicDb, { name: 'public', limit: env.PUBLIC_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 })
      : null;
  const sweepPublicCounts = publicCountSweeper(deps.database.publicDb, {
    name: 'public',
    windowMs: 60_000,
    onError: (error) => deps.logger.warn({ err: error }, 'expired public request counts could not be deleted'),
  });
  const guardPublic = (refuse: PublicRefusal) => publicRequestGuard({ limiter: publicLimiter, sweep: sweepPublicCounts, trustProxy: env.TRUST_PROXY, refuse });
  app.use(
    '/api/profile-photos/*',
    guardPublic((c, status, message) =>
      errorResponse(c, status, status === 429 ? 'RATE_LIMIT_EXCEEDED' : status === 414 ? 'URI_TOO_LONG' : 'VALIDATION_ERROR', message),
    ),
  );
  app.use('/api/*', resolveActor({ auth, db, trustProxy: env.TRUST_PROXY }));

  app.route('/api', systemRoutes(deps));
  app.route(
    '/api',
    accountRoutes({
      ...deps,
      auth,
      npiRegistry,
      populateDirectory: createDirectoryPopulation({ db, env, logger: deps.logger, secretBox }),
      verifyAdminSignIn: async (email, c) => {
        const admin = await completeAdminSignIn({ db, auth, logger: deps.logger }, email, {
          ip: clientIp(c, env.TRUST_PROXY),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return adminSessionObject(deps, admin.id, new Date());
      },
      afterPasswordChange: async (actor) => {
        if (actor.kind === 'admin') await markPasswordChanged(db, actor);
      },
    }),
  );
  const directoryDeps = yextDepsFrom({ db, logger: deps.logger, env, secretBox });
  app.route(
    '/api',
    npiRoutes(npiRegistry, {
      limiter: sharedRateLimiter(db, { name: 'npi-lookup', ...NPI_RATE_LIMIT }),
      trustProxy: env.TRUST_PROXY,
      directoryLookup: (hospitalId, npi) => lookupDirectoryRecord(directoryDeps, hospitalId, npi),
    }),
  );
  app.route('/api', adminAuthRoutes({ ...deps, auth }));
  app.route('/api', adminUserRoutes({ ...deps, auth }));
  app.route('/api', auditRoutes(deps));
  // One cache of full profile reads per process, keyed by users.profile_version: the provider's own
  // reads (sections' permissions too) and the public directory's (pages and FHIR) share it.
  const profileCache = createProfileReadCache(env.PROFILE_CACHE_ENTRIES);
  app.route('/api', hospitalRoutes({ ...deps, secretBox }));
  app.route('/api', brandRoutes({ ...deps, storage }));
  app.route('/api', hospitalLocationRoutes(deps));
  app.route('/api', rosterRoutes({ ...deps, npiRegistry }));
  app.route('/api', rosterClaimRoutes({ ...deps, auth, npiRegistry }));
  app.route('/api', rosterPeopleRoutes({ ...deps, mailer }));
  app.route('/api', dataSourceRoutes(deps));
  app.route('/api', userRoutes({ ...deps, storage, profileCache }));
  app.route('/api', membershipRoutes(deps));
  app.route('/api', historyRoutes(deps));
  app.route('/api', profileRoutes({ ...deps, npiRegistry, storage, profileCache }));
  app.route('/api', referenceRoutes(deps));
  app.route('/api', expertiseTermRoutes(deps));
  app.route('/api', taxonomyRoutes(deps));
  app.route('/api', feedbackRoutes({ ...deps, storage, linear }));
  app.route('/api', discoveryRoutes({ ...deps, mailer }));
  app.route('/api', notificationRoutes(deps));
  app.route('/api', helpRoutes(deps));
  app.route('/api', promptTemplateRoutes(deps));
  app.route('/api', biographyRoutes(deps));
  app.route('/api', yextRoutes({ ...deps, secretBox, npiRegistry }));
  app.route('/api', pendingUpdateRoutes(deps));
  app.route('/api', directoryRoutes({ ...deps, npiRegistry }));
  app.route('/api', npiClaimRoutes({ ...deps, npiRegistry }));
  app.route('/api', appointmentRequestRoutes({ ...deps, secretBox }));
  app.route('/api', embedAdminRoutes(deps));
  app.route('/api', adminWorkRoutes({ ...deps, mailer }));
  if (!env.isProduction && mailer.transport === 'outbox') app.route('/', outboxRoutes(deps));

  // Unknown API paths answer JSON, before the single-page app's fallback can claim them.
  app.all('/api/*', (c) => errorResponse(c, 404, 'NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`));

  // The public find-a-doctor directory: HTML from the server, built or not; and its FHIR R4 API,
  // readable from any origin (it holds only what the public pages show).
  const guardPlainText = guardPublic((c, status, message) => c.text(message, status));
  app.use('/robots.txt', guardPlainText);
  // The sitemaps, at the root: /sitemap.xml, /sitemap-find.xml and each hospital's /sitemap-find-<slug>….xml.
  app.use('/:file{sitemap[a-z0-9.-]*\\.xml}', guardPlainText);
  app.use('/find/*', guardPublic(directoryRefusal(env.appUrl)));
  app.use('/es/find/*', guardPublic(directoryRefusal(env.appUrl)));
  // English at /find, Spanish at /es/find: the visitor's choice or their browser's languages (decision 0022).
  app.use('/find/*', directoryLanguage(env.isProduction));
  app.use('/es/find/*', directoryLanguage(env.isProduction));
  // The roster e-mails' unsubscribe page and RFC 8058 one-click POST (the signed link is the permission).
  app.route('/', rosterUnsubscribeRoutes(deps));
  // A patient's appointment request: the one anonymous form that writes (decision 0021).
  app.route('/', publicAppointmentRoutes({ ...deps, secretBox, mailer }, profileCache));
  // The directory on the hospital's own website: the /find pages themselves, rendered for a frame (decision 0024).
  app.route(
    '/',
    publicEmbedRoutes(deps, (path, c) => {
      const headers = new Headers(c.req.raw.headers);
      headers.delete('accept-encoding');
      headers.delete('if-none-match');
      return app.request(path, { headers }, c.env);
    }),
  );
  app.route('/', publicDirectoryRoutes(deps, profileCache));
  app.use('/fhir/*', cors({ origin: '*', allowMethods: ['GET'] }));
  app.use('/fhir/*', guardPublic(fhirRefusal));
  app.route('/', fhirRoutes(deps, profileCache));

  if (deps.webDir) {
    const webDir = deps.webDir;
    const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
    // The build's files, listed once (the folder does not change while the server runs): a page's
    // path then costs no look-ups in the file system.
    const webFiles = new Set(
      readdirSync(webDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${relative(webDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
    );
    // The build writes .br and .gz copies (scripts/compress-web.mjs); the browser gets the best it
    // accepts. serveStatic's onFound runs after its response is built, too late for headers, so the
    // caching header goes on the response it returns.
    const staticFiles = (cacheControl: string): MiddlewareHandler<AppBindings> => {
      const serve = serveStatic({ root: webDir, precompressed: true });
      return async (c, next) => {
        if (!webFiles.has(c.req.path)) return next();
        let notAFile = false;
        const response = await serve(c, async () => {
          notAFile = true;
          await next();
        });
        if (notAFile || !response) return;
        // index.html names the current build's hashed assets: browsers must revalidate it.
        const html = response.headers.get('content-type')?.startsWith('text/html');
        response.headers.set('Cache-Control', html ? 'no-cache' : cacheControl);
        return response;
      };
    };
    // `/` is the landing page as HTML with one small script, not the app's empty shell (decision 0006).
    const manifestPath = join(webDir, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest) : null;
    const landingPage = manifest ? createLandingPage({ indexHtml, manifest, schedulingUrl: env.SCHEDULING_URL }) : null;
    const spaShell = createSpaShell(indexHtml, manifest);
    if (landingPage) {
      const landingDirectory = landingDirectoryReader(deps.database.publicReadDb);
      app.get('/', async (c) => {
        const page = landingPage(await landingDirectory());
        c.header('Cache-Control', 'no-cache');
        c.header('ETag', page.etag);
        c.header('Vary', 'Accept-Encoding');
        if (c.req.header('if-none-match') === page.etag) return c.body(null, 304);
        const encoding = preferredEncoding(c.req.header('accept-encoding'));
        if (!encoding) return c.html(page.html);
        return encodedHtml(c, { name: encoding, body: encoding === 'br' ? page.br : page.gzip });
      });
    }
    // The build manifest is for the server and the bundle report, not for browsers.
    app.all('/.vite/*', (c) => c.text('Not found', 404));
    app.use('/assets/*', staticFiles('public, max-age=31536000, immutable'));
    app.use('*', staticFiles('public, max-age=3600'));
    // The dashboard comes rendered for a signed-in provider (decision 0015); its shell then names
    // only the page's code, since the reads travel in the page.
    const renderMemberPage = manifest ? createMemberPageRenderer((path) => spaShell(path, undefined)) : null;
    app.get('*', async (c) => {
      // A missing file (favicon.ico, llms.txt, /.well-known/…) is a 404, not the app's page.
      if (/\.[A-Za-z0-9]+$/.test(c.req.path) || c.req.path.startsWith('/.well-known/')) return c.text('Not found', 404);
      // The member pages' shells differ by whether a session cookie came (decision 0013).
      c.header('Vary', 'Cookie');
      const cookie = c.req.header('cookie');
      if (renderMemberPage && hasSessionCookie(cookie)) {
        const path = pagePath(c.req.path);
        const headers = { cookie, accept: 'application/json', 'user-agent': c.req.header('user-agent') ?? '' };
        // The page's reads share the session the first of them resolves (auth/session.ts, CARRIED_ACTOR).
        const carrier: ActorCarrier = {};
        const pageEnv = { ...(c.env as object), [CARRIED_ACTOR]: carrier };
        // The page's state (decision 0038) for the provider the page's first read resolved.
        const state = async () => (carrier.actor?.kind === 'provider' ? memberPageState(deps.database.db, carrier.actor.userId) : null);
        const page = await renderMemberPage(path, async (apiPath) => app.request(apiPath, { headers }, pageEnv), state).catch((error: unknown) => {
          deps.logger.warn({ err: error, path }, 'server rendering failed; sending the shell');
          return null;
        });
        if (page) {
          for (const value of page.setCookies) c.header('Set-Cookie', value, { append: true });
          // The HTML holds the provider's own data: no shared cache may keep it.
          c.header('Cache-Control', 'private, no-cache');
          const encoding = preferredEncoding(c.req.header('accept-encoding'));
          const body = await pageBody(page, encoding);
          if (encoding) return encodedHtml(c, { name: encoding, body });
          c.header('Content-Type', 'text/html; charset=UTF-8');
          return c.body(body);
        }
      }
      c.header('Cache-Control', 'no-cache');
      return c.html(spaShell(c.req.path, cookie));
    });
  }

  app.notFound((c) => errorResponse(c, 404, 'NOT_FOUND', 'Not found'));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
