// The public find-a-doctor pages as HTML from the server: no script, one inline stylesheet
// (directory.css, from the app's design tokens), so they are complete for search engines and fast on
// a phone. Rendered per request from the public
// reads (service.ts) and sent with an ETag and `Cache-Control: public, no-cache`: browsers and proxies
// may keep a page but ask every time, so a save or a take-down shows at once and an unchanged page
// costs a 304. The document around each page (head, metadata, JSON-LD) is the render module's
// (src/server/render/document.tsx); this file says what the directory's pages hold.
import type { ReactNode } from 'react';
import { initialsOf } from '../../../shared/names';
import { BIOGRAPHY_PENDING } from '../../../shared/profile-completion';
import { DEFAULT_SEARCH_RADIUS, SEARCH_RADII, type DirectorySearch, type DirectorySearchResult, type PublicHospital, type SearchFilter } from './service';
import type { PublicProfile } from './public-profile';
import { profilePhotoSources } from '../profile/photo';
import { BookingCard } from './booking';
import { documentHtml, Frame } from './frame';
import type { Hospital as SchemaHospital, MedicalProcedureLeaf, MedicalSpecialtyLeaf, PhysicianLeaf, WithContext } from 'schema-dts';
import { plainWordsFor } from './plain-words';
import { conditionName, languageName, localePath, specialtyName, translator, type Locale, type Translate } from './i18n/locale';

/** The photo's largest JPEG as an absolute URL: what JSON-LD and link previews need. */
const photoUrl = (photo: string, pageUrl: string) => new URL(profilePhotoSources(photo).large, pageUrl).href;

function Avatar({ name, photo, size = 72, alt = '' }: { name: string; photo: string | null; size?: 72 | 128; alt?: string }) {
  // Our stored photos come in three sizes and two formats (profile/photo.ts): the browser picks
  // WebP where it can and the size its screen needs (72 CSS pixels on a card, 128 on the profile).
  const sources = photo ? profilePhotoSources(photo) : null;
  const className = size === 128 ? 'avatar avatar-large' : 'avatar';
  const image = sources ? (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcset ?? undefined}
      sizes={sources.srcset ? `${size}px` : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={size === 128 ? undefined : 'lazy'}
    />
  ) : null;
  if (image && sources?.webpSrcset) {
    return (
      <picture>
        <source type="image/webp" srcSet={sources.webpSrcset} sizes={`${size}px`} />
        {image}
      </picture>
    );
  }
  return (
    image ?? (
      <span className={`${className} initials`} aria-hidden="true">
        {initialsOf(name.split(',')[0])}
      </span>
    )
  );
}

export function directoryIndexPage(origin: string, hospitals: Array<PublicHospital & { providers: number }>, locale: Locale = 'en') {
  const t = translator(locale);
  return documentHtml(
    {
      title: t('frame.findDoctor'),
      description: t('index.description'),
      canonical: `${origin}${localePath(locale, '/find')}`,
      brandColor: null,
      locale,
      alternatePath: '/find',
    },
    <Frame hospital={null} locale={locale} path="/find">
      <h1>{t('frame.findDoctor')}</h1>
      <p className="muted">{t('index.choose')}</p>
      {hospitals.length === 0 ? (
        <p className="card">{t('index.none')}</p>
      ) : (
        <ul className="grid">
          {hospitals.map((hospital) => (
            <li key={hospital.id} className="card">
              <h2>
                <a href={localePath(locale, `/find/${hospital.slug}`)}>{hospital.name}</a>
              </h2>
              <p className="muted">{t('count.clinicians', { count: hospital.providers })}</p>
            </li>
          ))}
        </ul>
      )}
    </Frame>,
  );
}

const srOnly = { position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' } as const;

export function hospitalPage(
  origin: string,
  hospital: PublicHospital,
  result: DirectorySearchResult,
  search: DirectorySearch,
  pageSize: number,
  locale: Locale = 'en',
) {
  const t = translator(locale);
  const pages = Math.max(1, Math.ceil(result.total / pageSize));
  const params = (overrides: Record<string, string | null>) => {
    const values: Record<string, string | null> = {
      q: search.query || null,
      near: search.location || null,
      radius: search.location && search.radius ? String(search.radius) : null,
      lang: search.language || null,
      ins: search.insurance || null,
      specialty: search.specialty || null,
      accepting: search.acceptingNewPatients ? '1' : null,
      video: search.videoVisits ? '1' : null,
      page: search.page > 1 ? String(search.page) : null,
      ...overrides,
    };
    const query = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null)).toString();
    return `/find/${hospital.slug}${query ? `?${query}` : ''}`;
  };
  /** A link on this page: the search in the page's language. */
  const href = (overrides: Record<string, string | null>) => localePath(locale, params(overrides));
  const filtered = Boolean(
    search.query || search.location || search.language || search.insurance || search.specialty || search.acceptingNewPatients || search.videoVisits,
  );
  const insurancePlans = result.facets.insurance ?? [];
  return documentHtml(
    {
      title: t('search.title', { hospital: hospital.name }),
      description: t('search.description', { hospital: hospital.name }),
      canonical: `${origin}${localePath(locale, `/find/${hospital.slug}`)}${search.page > 1 && !filtered ? `?page=${search.page}` : ''}`,
      locale,
      alternatePath: `/find/${hospital.slug}${search.page > 1 && !filtered ? `?page=${search.page}` : ''}`,
      brandColor: hospital.brandColor,
      jsonLd: hospitalJsonLd(origin, hospital),
    },
    <Frame hospital={hospital} locale={locale} path={params({})}>
      <h1>{t('search.title', { hospital: hospital.name })}</h1>
      <form method="get" action={localePath(locale, `/find/${hospital.slug}`)} role="search" className="filters">
        <label htmlFor="q" style={srOnly}>
          {t('search.words')}
        </label>
        <input id="q" type="search" name="q" defaultValue={search.query} placeholder={t('search.words')} />
        <label htmlFor="near" style={srOnly}>
          {t('search.near')}
        </label>
        <input id="near" type="search" name="near" defaultValue={search.location} placeholder={t('search.nearPlaceholder')} inputMode="text" />
        <label htmlFor="radius" style={srOnly}>
          {t('search.distance')}
        </label>
        <select id="radius" name="radius" defaultValue={String(search.radius ?? DEFAULT_SEARCH_RADIUS)}>
          {SEARCH_RADII.map((miles) => (
            <option key={miles} value={miles}>
              {t('search.withinMiles', { miles })}
            </option>
          ))}
        </select>
        <label htmlFor="lang" style={srOnly}>
          {t('search.language')}
        </label>
        <select id="lang" name="lang" defaultValue={search.language}>
          <option value="">{t('search.anyLanguage')}</option>
          {result.facets.languages.map((language) => (
            <option key={language.value} value={language.value}>
              {languageName(language.value, language.name, locale)} ({language.count})
            </option>
          ))}
        </select>
        {insurancePlans.length || search.insurance ? (
          <>
            <label htmlFor="ins" style={srOnly}>
              {t('search.insurance')}
            </label>
            <select id="ins" name="ins" defaultValue={search.insurance ?? ''}>
              <option value="">{t('search.anyInsurance')}</option>
              {search.insurance && !insurancePlans.some((plan) => plan.value.toLowerCase() === search.insurance!.toLowerCase()) ? (
                <option value={search.insurance}>{search.insurance} (0)</option>
              ) : null}
              {insurancePlans.map((plan) => (
                <option key={plan.value} value={plan.value}>
                  {plan.value} ({plan.count})
                </option>
              ))}
            </select>
          </>
        ) : null}
        {search.specialty ? <input type="hidden" name="specialty" value={search.specialty} /> : null}
        <label className="check">
          <input type="checkbox" name="accepting" value="1" defaultChecked={search.acceptingNewPatients} /> {t('search.accepting')}
        </label>
        <label className="check">
          <input type="checkbox" name="video" value="1" defaultChecked={search.videoVisits} /> {t('search.video')}
        </label>
        <button type="submit">{t('search.submit')}</button>
      </form>
      <p className="muted" aria-live="polite">
        {t('count.clinicians', { count: result.total })}
        {search.query ? t('search.matching', { query: search.query }) : ''}
        {search.specialty ? t('search.inSpecialty', { specialty: specialtyName(search.specialty, locale) }) : ''}
        {search.location
          ? result.place?.measured
            ? t('search.withinOf', { miles: result.place.radius ?? '', place: search.location })
            : t('search.nearPlace', { place: search.location })
          : ''}
        {search.specialty ? (
          <>
            {' '}
            <a href={href({ specialty: null, page: null })}>{t('search.anySpecialty')}</a>
          </>
        ) : null}
      </p>
      {result.total === 0 && filtered ? <NoResults result={result} search={search} params={href} t={t} locale={locale} /> : null}
      {result.total === 0 && !filtered ? <p className="card">{t('search.empty', { hospital: hospital.name })}</p> : null}
      {result.facets.specialties.length > 1 ? (
        <nav aria-label={t('search.specialties')} className="facets">
          {specialtyFacets(result.facets.specialties, locale).map((facet) => (
            // The link filters by the name as stored (English); only the label is in the page's language.
            <a key={facet.value} className="pill" href={href({ specialty: facet.value, page: null })}>
              {facet.label} ({facet.count})
            </a>
          ))}
        </nav>
      ) : null}
      <ul className="grid">
        {result.items.map((provider) => (
          <li key={provider.slug} className="card person">
            <Avatar name={provider.name} photo={provider.photo} />
            <div>
              <h2>
                <a href={localePath(locale, profileHref(hospital.slug, provider.slug, params({})))}>{provider.name}</a>
              </h2>
              {provider.specialty ? <p className="muted">{specialtyName(provider.specialty, locale)}</p> : null}
              <p className="muted">
                {[
                  typeof provider.distanceMiles === 'number' ? t('search.miles', { miles: provider.distanceMiles.toFixed(1) }) : null,
                  provider.city,
                  provider.acceptingNewPatients === true ? t('search.accepting') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pages" aria-label={t('search.pages')}>
          {search.page > 1 ? <a href={href({ page: search.page - 1 > 1 ? String(search.page - 1) : null })}>{t('search.previous')}</a> : null}
          <span>{t('search.pageOf', { page: search.page, pages })}</span>
          {search.page < pages ? <a href={href({ page: String(search.page + 1) })}>{t('search.next')}</a> : null}
        </nav>
      ) : null}
    </Frame>,
  );
}

/**
 * The specialty facets with their labels in the page's language, most clinicians first and, among as
 * many, in the reading order of the labels (the search orders them by the English name).
 */
function specialtyFacets(facets: Array<{ value: string; count: number }>, locale: Locale) {
  const labelled = facets.map((facet) => ({ ...facet, label: specialtyName(facet.value, locale) }));
  if (locale === 'en') return labelled;
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return labelled.sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}

/** A filter of the search, in the words of a link that drops it. */
const DROP_FILTER_TEXT: Record<SearchFilter, (search: DirectorySearch, t: Translate, locale: Locale) => string> = {
  query: (search, t) => t('drop.query', { query: search.query }),
  location: (search, t) => t('drop.location', { place: search.location }),
  language: (_search, t) => t('drop.language'),
  insurance: (search, t) => t('drop.insurance', { insurance: search.insurance ?? '' }),
  specialty: (search, t, locale) => t('drop.specialty', { specialty: specialtyName(search.specialty ?? '', locale) }),
  acceptingNewPatients: (_search, t) => t('drop.acceptingNewPatients'),
  videoVisits: (_search, t) => t('drop.videoVisits'),
};
const DROP_FILTER_PARAMS: Record<SearchFilter, Record<string, null>> = {
  query: { q: null },
  location: { near: null, radius: null },
  language: { lang: null },
  insurance: { ins: null },
  specialty: { specialty: null },
  acceptingNewPatients: { accepting: null },
  videoVisits: { video: null },
};
/** A search that found nobody: every way on that finds someone, with how many; never a bare zero. */
function NoResults({
  result,
  search,
  params,
  t,
  locale,
}: {
  result: DirectorySearchResult;
  search: DirectorySearch;
  params: (overrides: Record<string, string | null>) => string;
  t: Translate;
  locale: Locale;
}) {
  const offers = result.suggestions;
  const links: Array<{ href: string; text: string; count: number }> = [];
  if (offers?.spelling)
    links.push({
      href: params({ q: offers.spelling.text, page: null }),
      text: t('none.spelling', { text: offers.spelling.text }),
      count: offers.spelling.count,
    });
  if (offers?.widerRadius)
    links.push({
      href: params({ radius: String(offers.widerRadius.radius), page: null }),
      text: t('search.withinMiles', { miles: offers.widerRadius.radius }),
      count: offers.widerRadius.count,
    });
  for (const drop of offers?.dropFilters ?? [])
    if (drop.count > 0)
      links.push({
        href: params({ ...DROP_FILTER_PARAMS[drop.filter], page: null }),
        text: DROP_FILTER_TEXT[drop.filter](search, t, locale),
        count: drop.count,
      });
  for (const specialty of offers?.specialties ?? [])
    links.push({
      href: params({ q: null, near: null, radius: null, lang: null, ins: null, accepting: null, video: null, specialty: specialty.value, page: null }),
      text: t('none.allOf', { specialty: specialtyName(specialty.value, locale) }),
      count: specialty.count,
    });
  return (
    <section className="card" aria-labelledby="s-none">
      <h2 id="s-none">{t('none.title')}</h2>
      <ul className="plain">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.text}</a> <span className="muted">({t('count.clinicians', { count: link.count })})</span>
          </li>
        ))}
        <li>
          <a href={params({ q: null, near: null, radius: null, lang: null, ins: null, specialty: null, accepting: null, video: null, page: null })}>
            {t('none.everyone')}
          </a>
        </li>
      </ul>
    </section>
  );
}

const TRIAL_STATUSES = new Set(['recruiting', 'active', 'completed', 'not_yet_recruiting', 'terminated', 'withdrawn']);
const trialStatus = (status: string, t: Translate) => (TRIAL_STATUSES.has(status) ? t(`trial.${status}` as Parameters<Translate>[0]) : status);
const EDUCATION_KINDS = new Set(['medical_school', 'residency', 'fellowship', 'undergraduate', 'graduate', 'continuing_education']);
/** Training whose program is a specialty ("Internal Medicine", a fellowship from our list): named in the page's language. */
const TRAINING_KINDS = new Set(['residency', 'fellowship']);

/** The provider's part in a trial, in words ("principal_investigator" → "Principal investigator"). */
const roleInWords = (role: string) => {
  const words = role.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : words;
};

/** How many entries of a long list show before "Show all": the rest wait in a <details>, no script needed. */
const FIRST_SHOWN = 5;

function List<T>({
  id,
  title,
  items,
  render,
  className = 'plain',
  t = translator('en'),
}: {
  id: string;
  title: string;
  items: T[];
  render: (item: T) => ReactNode;
  className?: string;
  t?: Translate;
}) {
  if (items.length === 0) return null;
  const first = items.slice(0, FIRST_SHOWN);
  const rest = items.slice(FIRST_SHOWN);
  const list = (entries: T[], offset: number) => (
    <ul className={className}>
      {entries.map((item, index) => (
        <li key={offset + index}>{render(item)}</li>
      ))}
    </ul>
  );
  return (
    <section className="card" aria-labelledby={`s-${id}`}>
      <h2 id={`s-${id}`}>{title}</h2>
      {list(first, 0)}
      {rest.length ? (
        <details>
          <summary>{t('profile.showMore', { count: rest.length })}</summary>
          {list(rest, FIRST_SHOWN)}
        </details>
      ) : null}
    </section>
  );
}

// ── Links to the outside: registries and maps ───────────────────────────────────────────────

/** The NPPES NPI Registry's page for a number: where anyone can check who holds it. */
export const npiRegistryUrl = (npi: string) => `https://npiregistry.cms.hhs.gov/provider-view/${encodeURIComponent(npi)}`;
export const pubmedUrl = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(pmid)}/`;
/** A DOI as its resolver's link (doi.org), from a bare DOI or one written as a URL. */
export const doiUrl = (doi: string) =>
  `https://doi.org/${doi
    .replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
export const trialUrl = (nct: string) => `https://clinicaltrials.gov/study/${encodeURIComponent(nct)}`;
/** A maps search for an address: opens the phone's maps app or the web map, with directions one tap away. */
export const directionsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

type PublicLocation = PublicProfile['locations'][number];
const streetOf = (l: PublicLocation) => [l.address, l.addressLine2].filter(Boolean).join(', ');
const cityLineOf = (l: PublicLocation) => [l.city, [l.state, l.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const fullAddressOf = (l: PublicLocation) => [streetOf(l), cityLineOf(l)].filter(Boolean).join(', ');
/** A publication's year ("2015 Mar" → "2015"). */
const yearOf = (date: string | null) => /\b(19|20)\d{2}\b/.exec(date ?? '')?.[0] ?? null;

// ── The back link: the search the visitor came from ─────────────────────────────────────────

/** The longest search (as a query string) a profile link carries back; a longer one is dropped. */
const MAX_FROM_LENGTH = 600;

/**
 * A result's link: the profile, with the search's query string in `from`, so the profile's "Back to
 * results" returns to the same search. The page stays cacheable (the search is in its URL, not in a
 * cookie or the Referer) and its canonical URL is the bare profile.
 */
export function profileHref(hospitalSlug: string, providerSlug: string, searchPath: string) {
  const query = searchPath.includes('?') ? searchPath.slice(searchPath.indexOf('?') + 1) : '';
  const path = `/find/${hospitalSlug}/${providerSlug}`;
  return query && query.length <= MAX_FROM_LENGTH ? `${path}?${new URLSearchParams({ from: query })}` : path;
}

/**
 * The search a `from` names, as a path on this hospital's directory: only parameter names made of
 * letters, each value cut to 200 characters, re-encoded; so it can only ever lead back to this
 * hospital's search page. Null when there was no search.
 */
export function searchBackPath(hospitalSlug: string, from: string | undefined | null) {
  if (!from || from.length > MAX_FROM_LENGTH) return null;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(from)) {
    if (/^[a-z_]{1,20}$/i.test(name) && value.trim() && [...kept.keys()].length < 20) kept.append(name, value.slice(0, 200));
  }
  const query = kept.toString();
  return query ? `/find/${hospitalSlug}?${query}` : `/find/${hospitalSlug}`;
}

// ── Structured data for search engines ─────────────────────────────────────────────────────

/**
 * schema.org Hospital: the directory's hospital. Typed with schema-dts (schema.org's own definitions),
 * and checked against them again by tests/api/public-profile-page.test.ts.
 */
export function hospitalJsonLd(origin: string, hospital: PublicHospital): WithContext<Exclude<SchemaHospital, string>> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Hospital',
    name: hospital.name,
    url: `${origin}/find/${hospital.slug}`,
    ...(hospital.address ? { address: hospital.address } : {}),
    ...(hospital.contactPhone ? { telephone: hospital.contactPhone } : {}),
  };
}

/** schema.org Physician: what search engines show for a doctor (typed and checked like the hospital's). */
export function physicianJsonLd(profile: PublicProfile, url: string, hospital: PublicHospital): WithContext<PhysicianLeaf> {
  const primary = profile.locations.find((l) => l.isPrimary) ?? profile.locations[0];
  const procedures = profile.expertise.filter((t) => t.type === 'Procedure');
  const conditions = profile.expertise.filter((t) => t.type !== 'Procedure');
  const hasPoint = primary && primary.latitude !== null && primary.longitude !== null;
  const specialties = [profile.primarySpecialty, ...profile.additionalSpecialties].filter((s): s is string => !!s);
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: [profile.name, ...profile.credentials].join(', '),
    url,
    ...(profile.photo ? { image: photoUrl(profile.photo, url) } : {}),
    ...(profile.npi ? { usNPI: profile.npi } : {}),
    // schema.org's range is MedicalSpecialty: each of ours as a named one.
    ...(specialties.length ? { medicalSpecialty: specialties.map((name): MedicalSpecialtyLeaf => ({ '@type': 'MedicalSpecialty', name })) } : {}),
    ...(procedures.length ? { availableService: procedures.map((t): MedicalProcedureLeaf => ({ '@type': 'MedicalProcedure', name: t.term })) } : {}),
    ...(conditions.length ? { knowsAbout: conditions.map((t) => t.term) } : {}),
    ...(primary
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(streetOf(primary) ? { streetAddress: streetOf(primary) } : {}),
            ...(primary.city ? { addressLocality: primary.city } : {}),
            ...(primary.state ? { addressRegion: primary.state } : {}),
            ...(primary.postalCode ? { postalCode: primary.postalCode } : {}),
            addressCountry: 'US',
          },
          ...(hasPoint ? { geo: { '@type': 'GeoCoordinates', latitude: primary.latitude!, longitude: primary.longitude! } } : {}),
          ...(primary.phone ? { telephone: primary.phone } : {}),
        }
      : {}),
    ...(profile.languages.length ? { knowsLanguage: profile.languages } : {}),
    ...(profile.acceptingNewPatients !== null ? { isAcceptingNewPatients: profile.acceptingNewPatients } : {}),
    ...(profile.insurance.length ? { paymentAccepted: profile.insurance.join(', ') } : {}),
    hospitalAffiliation: [
      { '@type': 'Hospital', name: hospital.name },
      ...profile.hospitalAffiliations.filter((name) => name !== hospital.name).map((name) => ({ '@type': 'Hospital' as const, name })),
    ],
  };
}

/** The biography as the public may read it: the sign-up placeholder ("Professional biography pending") is no biography. */
export function publishedSummary(summary: string | null) {
  const text = summary?.trim();
  return text && text.toLowerCase() !== BIOGRAPHY_PENDING.toLowerCase() ? text : null;
}

// ── The profile page ────────────────────────────────────────────────────────────────────────

function Place({ location, t }: { location: PublicLocation; t: Translate }) {
  const address = fullAddressOf(location);
  return (
    <div className="place">
      <strong>{location.name ?? streetOf(location)}</strong>
      {streetOf(location) ? <span>{streetOf(location)}</span> : null}
      {cityLineOf(location) ? <span>{cityLineOf(location)}</span> : null}
      <div className="actions">
        {location.phone ? (
          <a className="button button-outline" href={telHref(location.phone)}>
            {t('profile.call', { phone: location.phone })}
          </a>
        ) : null}
        {address ? (
          <a className="button button-outline" href={directionsUrl(address)} rel="noopener">
            {t('profile.directions')}
            <span className="sr-only">{t('profile.directionsTo', { place: location.name ?? address })}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A condition or procedure in the patient's words first, the clinical name beside it. In Spanish,
 * the ICD-10's Spanish name where the term is a reference condition (no Spanish everyday words are
 * held); the name as held otherwise.
 */
function PlainTerm({ term, termId, locale }: { term: string; termId: string | null; locale: Locale }) {
  if (locale !== 'en') return <>{conditionName(termId, locale) ?? term}</>;
  const plain = plainWordsFor(term);
  return plain ? (
    <>
      {plain} <span className="muted">({term})</span>
    </>
  ) : (
    <>{term}</>
  );
}

/** The languages a provider speaks, named in the page's language by their ISO 639 codes. */
function languagesIn(profile: PublicProfile, locale: Locale) {
  if (locale === 'en' || profile.languageCodes.length === 0) return profile.languages;
  return profile.languageCodes.map((l) => languageName(l.code, l.name, locale));
}

export function providerPage(
  origin: string,
  hospital: PublicHospital,
  profile: PublicProfile & { slug: string },
  options: { backTo?: string | null; locale?: Locale } = {},
) {
  const locale = options.locale ?? 'en';
  const t = translator(locale);
  const path = `/find/${hospital.slug}/${profile.slug}`;
  const url = `${origin}${localePath(locale, path)}`;
  const displayName = [profile.name, ...profile.credentials].join(', ');
  // Shown in the page's language; the JSON-LD (physicianJsonLd) keeps the names as stored.
  const specialties = [profile.primarySpecialty, ...profile.additionalSpecialties].filter((s): s is string => !!s).map((s) => specialtyName(s, locale));
  const summary = publishedSummary(profile.summary);
  const description = summary?.slice(0, 300) ?? t('profile.description', { name: displayName, specialty: specialties[0] ?? 'none', hospital: hospital.name });
  // Conditions first, then procedures and reasons for a visit: what a patient looks for first.
  const expertise = [...profile.expertise].sort((a, b) => Number(a.type === 'Procedure') - Number(b.type === 'Procedure'));
  const locations = [...profile.locations].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return documentHtml(
    {
      title: `${displayName} · ${hospital.name}`,
      description,
      canonical: url,
      brandColor: hospital.brandColor,
      image: profile.photo ? photoUrl(profile.photo, url) : null,
      imageAlt: profile.photo ? t('profile.photoOf', { name: displayName }) : undefined,
      ogType: 'profile',
      jsonLd: physicianJsonLd(profile, url, hospital),
      locale,
      alternatePath: path,
    },
    <Frame
      hospital={hospital}
      locale={locale}
      path={options.backTo ? `${path}?${new URLSearchParams({ from: options.backTo.slice(options.backTo.indexOf('?') + 1) })}` : path}
    >
      <a className="back" href={localePath(locale, options.backTo ?? `/find/${hospital.slug}`)}>
        {options.backTo ? t('profile.backToResults') : t('profile.backToHospital', { hospital: hospital.name })}
      </a>
      <article>
        <div className="card profile-head">
          <Avatar name={profile.name} photo={profile.photo} size={128} alt={t('profile.photoOf', { name: displayName })} />
          <div>
            <h1>{displayName}</h1>
            {specialties.length ? <p className="lead">{specialties.join(' · ')}</p> : null}
            {profile.jobTitle ? <p className="muted">{profile.jobTitle}</p> : null}
            <p>
              {profile.acceptingNewPatients === true ? <span className="pill ok">{t('profile.accepting')}</span> : null}
              {profile.acceptingNewPatients === false ? <span className="pill">{t('profile.notAccepting')}</span> : null}
              {profile.videoVisits ? <span className="pill">{t('profile.video')}</span> : null}
              {profile.pronouns ? <span className="pill">{profile.pronouns}</span> : null}
            </p>
          </div>
        </div>
        <BookingCard hospital={hospital} profile={profile} requestsEnabled={hospital.requestsEnabled === true} locale={locale} />
        <List id="locations" title={t('profile.locations')} items={locations} t={t} render={(l) => <Place location={l} t={t} />} />
        {summary ? (
          <section className="card" aria-labelledby="s-about">
            <h2 id="s-about">{t('profile.about')}</h2>
            <p>{summary}</p>
          </section>
        ) : null}
        <List
          id="expertise"
          title={t('profile.expertise')}
          items={expertise}
          className="terms"
          t={t}
          render={(term) => <PlainTerm term={term.term} termId={term.termId ?? null} locale={locale} />}
        />
        <div className="sections sections-two">
          <List id="insurance" title={t('profile.insurance')} items={profile.insurance} t={t} render={(i) => i} />
          <List id="languages" title={t('profile.languages')} items={languagesIn(profile, locale)} t={t} render={(l) => l} />
        </div>
        <List
          id="education"
          title={t('profile.education')}
          items={profile.education}
          t={t}
          render={(e) => (
            <>
              <strong>{locale !== 'en' && e.type && EDUCATION_KINDS.has(e.type) ? t(`education.${e.type}` as Parameters<Translate>[0]) : e.kind}</strong>
              <br />
              {[e.institution, e.program && TRAINING_KINDS.has(e.type ?? '') ? specialtyName(e.program, locale) : e.program, e.degree]
                .filter(Boolean)
                .join(', ')}
              {e.year ? <span className="muted"> · {e.year}</span> : null}
            </>
          )}
        />
        <List
          id="certifications"
          title={t('profile.certifications')}
          items={profile.boardCertifications}
          t={t}
          render={(c) => (
            <>
              {c.specialty ? `${specialtyName(c.specialty, locale)}, ` : ''}
              {c.board}
              {c.year ? <span className="muted"> · {t('profile.certifiedIn', { year: c.year })}</span> : null}
            </>
          )}
        />
        <List id="affiliations" title={t('profile.affiliations')} items={profile.hospitalAffiliations} t={t} render={(h) => h} />
        <List
          id="awards"
          title={t('profile.awards')}
          items={profile.awards}
          t={t}
          render={(a) => [a.name, a.organization, a.year].filter(Boolean).join(', ')}
        />
        <List
          id="publications"
          title={t('profile.publications')}
          items={profile.publications}
          t={t}
          render={(p) => (
            <>
              <cite>{p.title}</cite>
              <br />
              <span className="muted">{[p.journal, yearOf(p.date)].filter(Boolean).join(', ')}</span>
              {p.pmid || p.doi ? (
                <>
                  {' '}
                  <span className="links">
                    {p.pmid ? (
                      <a href={pubmedUrl(p.pmid)}>
                        PubMed<span className="sr-only">: {p.title}</span>
                      </a>
                    ) : null}
                    {p.doi ? <a href={doiUrl(p.doi)}>DOI {p.doi}</a> : null}
                  </span>
                </>
              ) : null}
            </>
          )}
        />
        <List
          id="trials"
          title={t('profile.trials')}
          items={profile.trials}
          t={t}
          render={(trial) => (
            <>
              {trial.nctNumber ? <a href={trialUrl(trial.nctNumber)}>{trial.title}</a> : trial.title}
              <br />
              {trial.status ? <span className={trial.status === 'recruiting' ? 'pill ok' : 'pill'}>{trialStatus(trial.status, t)}</span> : null}{' '}
              <span className="muted small">
                {[trial.phase, trial.role ? roleInWords(trial.role) : null, trial.nctNumber ? t('profile.trialOn', { nct: trial.nctNumber }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </>
          )}
        />
        <List
          id="media"
          title={t('profile.media')}
          items={profile.media}
          t={t}
          render={(m) => (
            <>
              {/* Links the provider entered: no endorsement passed on to them (nofollow, ugc), no window.opener for them. */}
              {m.url ? (
                <a href={m.url} rel="nofollow ugc noopener">
                  {m.title}
                </a>
              ) : (
                m.title
              )}
              <span className="muted"> {[m.source, m.date].filter(Boolean).join(', ')}</span>
            </>
          )}
        />
        {profile.npi ? (
          <p className="registry">
            {t('profile.npiBefore')} <a href={npiRegistryUrl(profile.npi)}>{profile.npi}</a>
            {t('profile.npiAfter')}
          </p>
        ) : null}
      </article>
    </Frame>,
  );
}

/** A refused request (bad input, too many requests): what went wrong, and the way back to a search. */
export function problemPage(origin: string, path: string, status: 400 | 414 | 429, message: string, locale: Locale = 'en') {
  const t = translator(locale);
  const title = status === 429 ? t('problem.tooMany') : t('problem.unreadable');
  const searchPath = path.startsWith('/find') ? path : '/find';
  return documentHtml(
    {
      title: `${title} · ${t('frame.findDoctor')}`,
      description: message,
      canonical: `${origin}${localePath(locale, path)}`,
      brandColor: null,
      noindex: true,
      locale,
    },
    <Frame hospital={null} locale={locale}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={localePath(locale, searchPath)}>{t('problem.newSearch')}</a>.
      </p>
    </Frame>,
  );
}

/** `path` is the request's path without its language prefix. */
export function notFoundPage(origin: string, path: string, locale: Locale = 'en') {
  const t = translator(locale);
  return documentHtml(
    {
      title: `${t('notFound.title')} · ${t('frame.findDoctor')}`,
      description: t('notFound.description'),
      canonical: `${origin}${localePath(locale, path)}`,
      brandColor: null,
      noindex: true,
      locale,
    },
    <Frame hospital={null} locale={locale}>
      <h1>{t('notFound.heading')}</h1>
      <p>
        {t('notFound.body')} <a href={localePath(locale, '/find')}>{t('notFound.all')}</a>.
      </p>
    </Frame>,
  );
}
