// The frame every directory page shares (issue 38 item 3: pages.tsx and booking.tsx both use it, so
// it lives apart from both): the document with the directory's stylesheet, the hospital's colour and
// both languages' addresses, and the header, main and footer around a page's content.
import type { ReactNode } from 'react';
import { renderDocument } from '../../render/document';
import { directoryStylesheet } from './directory-style';
import { LOCALES, localePath, SWITCH_PARAM, translator, type Locale } from './i18n/locale';
import type { PublicHospital } from './service';

/** The app's brand blue (brand-600 of src/web/styles.css): the pages' colour when the hospital chose none. */
const DEFAULT_BRAND = '#1b55a6';

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  brandColor: string | null;
  image?: string | null;
  jsonLd?: unknown;
  /** Open Graph type: a provider's page is a profile, the rest are websites. */
  ogType?: 'profile' | 'website';
  imageAlt?: string;
  noindex?: boolean;
  /** The page's language (English when absent). */
  locale?: Locale;
  /** The page's path without language prefix (`/find/…`, with its query): its other-language versions are named as hreflang alternates. */
  alternatePath?: string;
}

/** A directory page: the render module's document with the directory's stylesheet, the hospital's colour and both languages' addresses. */
export function documentHtml(meta: PageMeta, body: ReactNode): string {
  const brand = meta.brandColor ?? DEFAULT_BRAND;
  const origin = new URL(meta.canonical).origin;
  const alternatePath = meta.alternatePath;
  return renderDocument(
    {
      title: meta.title,
      description: meta.description,
      canonical: meta.canonical,
      lang: meta.locale ?? 'en',
      alternates: alternatePath
        ? [
            ...LOCALES.map((locale) => ({ hrefLang: locale, href: `${origin}${localePath(locale, alternatePath)}` })),
            { hrefLang: 'x-default', href: `${origin}${alternatePath}` },
          ]
        : undefined,
      ogType: meta.ogType,
      image: meta.image,
      imageAlt: meta.imageAlt,
      noindex: meta.noindex,
      themeColor: brand,
      jsonLd: meta.jsonLd,
      // The brand colour is validated (#rrggbb) when the hospital saves it.
      stylesheet: `${directoryStylesheet()}:root{--brand:${/^#[0-9a-f]{6}$/i.test(brand) ? brand : DEFAULT_BRAND}}`,
    },
    body,
  );
}

/** The other language's version of a page: the switch's link, which records the choice (`?hl=`) before the clean URL. */
export function switchHref(to: Locale, path: string) {
  const [pathname, query] = path.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query ?? '');
  params.set(SWITCH_PARAM, to);
  return `${localePath(to, pathname)}?${params}`;
}

export function Frame({
  hospital,
  children,
  locale = 'en',
  path,
}: {
  hospital: Pick<PublicHospital, 'name' | 'slug'> | null;
  children: ReactNode;
  locale?: Locale;
  path?: string;
}) {
  const t = translator(locale);
  const other: Locale = locale === 'en' ? 'es' : 'en';
  return (
    <>
      <header>
        <div className="wrap">
          <a href={localePath(locale, hospital ? `/find/${hospital.slug}` : '/find')}>
            {hospital ? t('frame.hospitalFind', { hospital: hospital.name }) : t('frame.findDoctor')}
          </a>
          {path ? (
            <nav aria-label={t('lang.switch')} className="lang-switch">
              <a href={switchHref(other, path)} hrefLang={other} lang={other} rel="alternate">
                {translator(other)('lang.name')}
              </a>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main">
        <div className="wrap">{children}</div>
      </main>
      <footer>
        <div className="wrap">
          {t('frame.footer')} <a href={localePath(locale, '/find')}>{t('frame.allDirectories')}</a>
        </div>
      </footer>
    </>
  );
}
