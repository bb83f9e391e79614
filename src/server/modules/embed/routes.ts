import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { DIRECTORY_SLUG_PATTERN } from '../../../shared/schemas/directory';
import { embedSettingsSchema } from '../../../shared/schemas/embed';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { embedOriginsFor, getEmbedSettings, updateEmbedSettings } from './service';

/**
 * The directory on a hospital's own website (issue 34 item 2, decision 0024). `/embed/:hospital` and
 * `/embed/:hospital/:provider` are the public search and profile pages (rendered by the /find routes
 * themselves, so they stay one implementation), with their links kept inside the frame, other links
 * opening a new tab, a script that tells the host page its height, and `frame-ancestors` naming the
 * hospital's allowed websites. Every other page keeps `frame-ancestors 'none'`. `/embed/frame.js` is
 * the snippet the hospital's page includes: it adds the iframe and follows its height.
 */

const hospitalIdParam = z.object({ hospitalId: z.uuid('Hospital not found') });

/** `/api`: the hospital's administrators read and set the websites allowed to embed. */
export function embedAdminRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const adminOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  return new Hono<AppBindings>()
    .get('/admin/hospitals/:hospitalId/embed', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await getEmbedSettings(db, adminOf(c), c.req.valid('param').hospitalId)),
    )
    .put(
      '/admin/hospitals/:hospitalId/embed',
      requireCapability('hospital.settings.edit'),
      validate('param', hospitalIdParam),
      validate('json', embedSettingsSchema),
      async (c) => c.json(await updateEmbedSettings(db, adminOf(c), c.req.valid('param').hospitalId, c.req.valid('json').origins)),
    );
}

/** What an embed answer may be framed by, set by the route and applied after the security headers. */
const framedBy = new WeakMap<Request, string[]>();
/** Scripts other websites load (`frame.js`): readable cross-origin. */
const sharedScripts = new WeakSet<Request>();

/**
 * Registered before the app's security headers, so it runs after them on the way out: an embed page
 * gets `frame-ancestors` with its hospital's websites (none listed: 'none', the browser refuses) and no
 * X-Frame-Options; the embed snippet may be loaded by another site (Cross-Origin-Resource-Policy).
 */
export function embedHeaders(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    const origins = framedBy.get(c.req.raw);
    if (origins) {
      const csp = c.res.headers.get('content-security-policy') ?? '';
      const ancestors = origins.length ? origins.join(' ') : "'none'";
      c.res.headers.set(
        'content-security-policy',
        `${csp
          .replace(/(^|;\s*)frame-ancestors[^;]*/i, '$1')
          .replace(/;\s*;/g, ';')
          .replace(/;?\s*$/, '')}; frame-ancestors ${ancestors}`,
      );
      c.res.headers.delete('x-frame-options');
    }
    if (sharedScripts.has(c.req.raw)) c.res.headers.set('cross-origin-resource-policy', 'cross-origin');
  };
}

/** Renders a public page of the app as its own route would (same request headers and client). */
export type RenderPublic = (path: string, c: Context<AppBindings>) => Response | Promise<Response>;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A /find page made an embed page: links and the search form of this hospital's directory stay in the
 * frame (/embed/…); the appointment request form opens in a new tab (its confirmation is a page of the
 * site); every other link opens a new tab (base target); the height script is added.
 */
export function embedHtml(html: string, hospitalSlug: string): string {
  // Either language's pages (/find, /es/find): the frame shows the one the visitor's browser asks for.
  const find = `(?:/[a-z]{2})?${escapeRegExp(`/find/${hospitalSlug}`)}`;
  return (
    html
      .replace(/<head>/i, '<head><base target="_blank">')
      .replace(/<\/head>/i, '<script src="/embed/resize.js" defer></script></head>')
      .replace(new RegExp(`<form([^>]*) action="(${find}/[^"/]+/request)"`, 'g'), '<form$1 action="$2" target="_blank"')
      // The language switch (…?hl=) opens the full site in a new tab: its choice is a cookie, which a
      // frame on another site cannot keep.
      .replace(new RegExp(`(href|action)="${find}(?=["/?#])(?![^"]*/request)(?![^"]*[?&;]hl=)`, 'g'), `target="_self" $1="/embed/${hospitalSlug}`)
  );
}

// Tells the host page this document's height whenever it changes (postMessage carries the number only).
const RESIZE_JS = `(function(){var last=0;function send(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({vitaeEmbedHeight:h},'*');}}addEventListener('load',send);addEventListener('toggle',send,true);if(window.ResizeObserver){new ResizeObserver(send).observe(document.documentElement);}else{setInterval(send,500);}send();})();\n`;

// The hospital's snippet: <script src="https://<vitae>/embed/frame.js" data-hospital="<slug>" [data-provider="<slug>"]></script>.
// It adds the iframe after itself and sets its height from the embed's messages (only from that frame and origin).
const FRAME_JS = `(function(){var s=document.currentScript;if(!s)return;var origin=new URL(s.src).origin;var path='/embed/'+encodeURIComponent(s.getAttribute('data-hospital')||'');var p=s.getAttribute('data-provider');if(p)path+='/'+encodeURIComponent(p);var f=document.createElement('iframe');f.src=origin+path;f.title=s.getAttribute('data-title')||'Find a doctor';f.style.cssText='display:block;width:100%;min-height:480px;border:0';s.parentNode.insertBefore(f,s.nextSibling);addEventListener('message',function(e){if(e.origin!==origin||e.source!==f.contentWindow||!e.data||typeof e.data.vitaeEmbedHeight!=='number')return;f.style.height=e.data.vitaeEmbedHeight+'px';f.style.minHeight='0';});})();\n`;

export function publicEmbedRoutes(deps: AppDeps, render: RenderPublic) {
  const db = deps.database.publicReadDb;
  const script = (c: Context<AppBindings>, body: string) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body);
  };
  const embed = async (c: Context<AppBindings>, hospitalSlug: string, rest: string) => {
    if (!DIRECTORY_SLUG_PATTERN.test(hospitalSlug)) return c.notFound();
    const query = new URL(c.req.url).search;
    // The /find route answers first (its own limits and checks); only a page it serves is looked up.
    let inner = await render(`/find/${hospitalSlug}${rest}${query}`, c);
    // A visitor whose browser prefers another language is sent to that language's page: followed
    // here, so the frame shows it instead of leaving for a page that may not be framed.
    const hop = inner.headers.get('location');
    if (inner.status >= 300 && inner.status < 400 && hop && new RegExp(`^/[a-z]{2}/find/${escapeRegExp(hospitalSlug)}(?=$|[/?])`).test(hop))
      inner = await render(hop, c);
    const headers = new Headers(inner.headers);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'content-length',
      'content-encoding',
      'etag',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
    ])
      headers.delete(name);
    const location = headers.get('location');
    if (location)
      headers.set('location', location.replace(new RegExp(`^(?:/[a-z]{2})?/find/${escapeRegExp(hospitalSlug)}(?=$|[/?])`), `/embed/${hospitalSlug}`));
    // What may frame it depends on the hospital's list, which can change at any time.
    headers.set('cache-control', 'no-cache');
    if (inner.ok && (headers.get('content-type') ?? '').includes('text/html')) {
      framedBy.set(c.req.raw, await embedOriginsFor(db, hospitalSlug));
      return new Response(embedHtml(await inner.text(), hospitalSlug), { status: inner.status, headers });
    }
    framedBy.set(c.req.raw, []);
    return new Response(inner.body, { status: inner.status, headers });
  };
  return new Hono<AppBindings>()
    .get('/embed/resize.js', (c) => script(c, RESIZE_JS))
    .get('/embed/frame.js', (c) => {
      sharedScripts.add(c.req.raw);
      return script(c, FRAME_JS);
    })
    .get('/embed/:hospitalSlug', (c) => embed(c, c.req.param('hospitalSlug'), ''))
    .get('/embed/:hospitalSlug/:providerSlug', (c) => {
      const provider = c.req.param('providerSlug');
      if (!DIRECTORY_SLUG_PATTERN.test(provider)) return c.notFound();
      return embed(c, c.req.param('hospitalSlug'), `/${provider}`);
    });
}
