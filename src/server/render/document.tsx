// A whole HTML document written by the server with no app code (the directory's pages: /find, the
// appointment request form and its confirmation, and so the embed): the head's metadata (title,
// description, canonical URL, language alternates, Open Graph, robots, theme colour), an inline
// stylesheet and JSON-LD, then the body rendered once to static markup. The pages that run the app's
// code start from the build's index.html instead (app-shell.ts).
import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml, jsonForScript } from './escape';

export interface DocumentMeta {
  title: string;
  description: string;
  canonical: string;
  /** The page's language (`<html lang>`, og:locale): `en` or `es`. */
  lang: string;
  /** The same page in each language, plus `x-default`, for search engines (hreflang). */
  alternates?: Array<{ hrefLang: string; href: string }>;
  /** Open Graph type: a provider's page is a profile, the rest are websites. */
  ogType?: 'profile' | 'website';
  image?: string | null;
  imageAlt?: string;
  noindex?: boolean;
  /** `theme-color`: the browser's colour around the page. */
  themeColor: string;
  /** Structured data for search engines (schema.org), as JSON-LD. */
  jsonLd?: unknown;
  /** The page's whole stylesheet, inlined (the page makes no other request for it). */
  stylesheet: string;
}

export function renderDocument(meta: DocumentMeta, body: ReactNode): string {
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={meta.canonical} />
      {meta.alternates?.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:locale" content={meta.lang === 'es' ? 'es_US' : 'en_US'} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.canonical} />
      {meta.image ? <meta property="og:image" content={meta.image} /> : null}
      {meta.image && meta.imageAlt ? <meta property="og:image:alt" content={meta.imageAlt} /> : null}
      <meta name="theme-color" content={meta.themeColor} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>,
  );
  // The stylesheet is ours (no `</style>` in it); JSON-LD goes through jsonForScript.
  const style = `<style>${meta.stylesheet}</style>`;
  const jsonLd = meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '';
  return `<!doctype html><html lang="${escapeHtml(meta.lang)}"><head>${head}${style}${jsonLd}</head><body>${renderToStaticMarkup(<>{body}</>)}</body></html>`;
}

/** A rendered answer's validator: strong for a page built once (the landing page), weak for one rendered per request. */
export function etagOf(body: string, kind: 'strong' | 'weak' = 'weak'): string {
  const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return kind === 'weak' ? `W/${tag}` : tag;
}
