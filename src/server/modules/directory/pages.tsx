// The public find-a-doctor pages as HTML from the server: no script, one inline stylesheet
// (directory.css, from the app's design tokens), so they are complete for search engines and fast on
// a phone. Rendered per request from the public
// reads (service.ts) and sent with an ETag and `Cache-Control: public, no-cache`: browsers and proxies
// may keep a page but ask every time, so a save or a take-down shows at once and an unchanged page
// costs a 304.
import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initialsOf } from '../../../shared/names';
import { BIOGRAPHY_PENDING } from '../../../shared/profile-completion';
import { DEFAULT_SEARCH_RADIUS, SEARCH_RADII, type DirectorySearch, type DirectorySearchResult, type PublicHospital, type SearchFilter } from './service';
import type { PublicProfile } from './public-profile';
import { profilePhotoSources } from '../profile/photo';
import { BookingCard } from './booking';
import type { Hospital as SchemaHospital, MedicalProcedureLeaf, MedicalSpecialtyLeaf, PhysicianLeaf, WithContext } from 'schema-dts';
import { directoryStylesheet } from './directory-style';
import { plainWordsFor } from './plain-words';

/** The photo's largest JPEG as an absolute URL: what JSON-LD and link previews need. */
const photoUrl = (photo: string, pageUrl: string) => new URL(profilePhotoSources(photo).large, pageUrl).href;

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
}

/** JSON in a script element: `<` escaped so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function documentHtml(meta: PageMeta, body: ReactNode): string {
  const brand = meta.brandColor ?? DEFAULT_BRAND;
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={meta.canonical} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.canonical} />
      {meta.image ? <meta property="og:image" content={meta.image} /> : null}
      {meta.image && meta.imageAlt ? <meta property="og:image:alt" content={meta.imageAlt} /> : null}
      <meta name="theme-color" content={brand} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>,
  );
  const jsonLd = meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '';
  // The brand colour is validated (#rrggbb) when the hospital saves it.
  const style = `<style>${directoryStylesheet()}:root{--brand:${/^#[0-9a-f]{6}$/i.test(brand) ? brand : DEFAULT_BRAND}}</style>`;
  return `<!doctype html><html lang="en"><head>${head}${style}${jsonLd}</head><body>${renderToStaticMarkup(<>{body}</>)}</body></html>`;
}

export const etagOf = (html: string) => `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

export function Frame({ hospital, children }: { hospital: Pick<PublicHospital, 'name' | 'slug'> | null; children: ReactNode }) {
  return (
    <>
      <header>
        <div className="wrap">
          <a href={hospital ? `/find/${hospital.slug}` : '/find'}>{hospital ? `${hospital.name} · Find a doctor` : 'Find a doctor'}</a>
        </div>
      </header>
      <main id="main">
        <div className="wrap">{children}</div>
      </main>
      <footer>
        <div className="wrap">
          Profiles are kept by the providers themselves on Vitae. <a href="/find">All directories</a>
        </div>
      </footer>
    </>
  );
}

function Avatar({ name, photo, size = 72, alt = '' }: { name: string; photo: string | null; size?: 72 | 128; alt?: string }) {
  // Our stored photos come in three sizes and two formats (profile/photo.ts): the browser picks
  // WebP where it can and the size its screen needs (72 CSS pixels on a card, 128 on the profile).
  const sources = photo ? profilePhotoSources(photo) : null;
  const className = size === 128 ? 'avatar avatar-large' : 'avatar';
  const image = sources ? (
    <img className={className} src={sources.src} srcSet={sources.srcset ?? undefined} sizes={sources.srcset ? `${size}px` : undefined} alt={alt} width={size} height={size} loading={size === 128 ? undefined : 'lazy'} />
  ) : null;
  if (image && sources?.webpSrcset) {
    return (
      <picture>
        <source type="image/webp" srcSet={sources.webpSrcset} sizes={`${size}px`} />
        {image}
      </picture>
    );
  }
  return image ?? (
    <span className={`${className} initials`} aria-hidden="true">
      {initialsOf(name.split(',')[0])}
    </span>
  );
}

export function directoryIndexPage(origin: string, hospitals: Array<PublicHospital & { providers: number }>) {
  return documentHtml(
    { title: 'Find a doctor', description: 'Hospitals and health systems whose clinicians publish their profiles on Vitae.', canonical: `${origin}/find`, brandColor: null },
    <Frame hospital={null}>
      <h1>Find a doctor</h1>
      <p className="muted">Choose a hospital to search its clinicians.</p>
      {hospitals.length === 0 ? (
        <p className="card">No hospital publishes a directory yet.</p>
      ) : (
        <ul className="grid">
          {hospitals.map((hospital) => (
            <li key={hospital.id} className="card">
              <h2>
                <a href={`/find/${hospital.slug}`}>{hospital.name}</a>
              </h2>
              <p className="muted">
                {hospital.providers} {hospital.providers === 1 ? 'clinician' : 'clinicians'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Frame>,
  );
}

const srOnly = { position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' } as const;

export function hospitalPage(origin: string, hospital: PublicHospital, result: DirectorySearchResult, search: DirectorySearch, pageSize: number) {
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
  const filtered = Boolean(search.query || search.location || search.language || search.insurance || search.specialty || search.acceptingNewPatients || search.videoVisits);
  const insurancePlans = result.facets.insurance ?? [];
  return documentHtml(
    {
      title: `Find a doctor at ${hospital.name}`,
      description: `Search ${hospital.name}’s clinicians by name, specialty, condition, location and language.`,
      canonical: `${origin}/find/${hospital.slug}${search.page > 1 && !filtered ? `?page=${search.page}` : ''}`,
      brandColor: hospital.brandColor,
      noindex: filtered,
      jsonLd: hospitalJsonLd(origin, hospital),
    },
    <Frame hospital={hospital}>
      <h1>Find a doctor at {hospital.name}</h1>
      <form method="get" action={`/find/${hospital.slug}`} role="search" className="filters">
        <label htmlFor="q" style={srOnly}>
          Name, specialty or condition
        </label>
        <input id="q" type="search" name="q" defaultValue={search.query} placeholder="Name, specialty or condition" />
        <label htmlFor="near" style={srOnly}>
          City or ZIP code
        </label>
        <input id="near" type="search" name="near" defaultValue={search.location} placeholder="City, state or ZIP code" inputMode="text" />
        <label htmlFor="radius" style={srOnly}>
          Distance
        </label>
        <select id="radius" name="radius" defaultValue={String(search.radius ?? DEFAULT_SEARCH_RADIUS)}>
          {SEARCH_RADII.map((miles) => (
            <option key={miles} value={miles}>
              Within {miles} miles
            </option>
          ))}
        </select>
        <label htmlFor="lang" style={srOnly}>
          Language
        </label>
        <select id="lang" name="lang" defaultValue={search.language}>
          <option value="">Any language</option>
          {result.facets.languages.map((language) => (
            <option key={language.value} value={language.value}>
              {language.name} ({language.count})
            </option>
          ))}
        </select>
        {insurancePlans.length || search.insurance ? (
          <>
            <label htmlFor="ins" style={srOnly}>
              Insurance
            </label>
            <select id="ins" name="ins" defaultValue={search.insurance ?? ''}>
              <option value="">Any insurance</option>
              {search.insurance && !insurancePlans.some((plan) => plan.value.toLowerCase() === search.insurance!.toLowerCase()) ? <option value={search.insurance}>{search.insurance} (0)</option> : null}
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
          <input type="checkbox" name="accepting" value="1" defaultChecked={search.acceptingNewPatients} /> Accepting new patients
        </label>
        <label className="check">
          <input type="checkbox" name="video" value="1" defaultChecked={search.videoVisits} /> Video visits
        </label>
        <button type="submit">Search</button>
      </form>
      <p className="muted" aria-live="polite">
        {result.total} {result.total === 1 ? 'clinician' : 'clinicians'}
        {search.query ? ` matching “${search.query}”` : ''}
        {search.specialty ? ` in ${search.specialty}` : ''}
        {search.location ? (result.place?.measured ? ` within ${result.place.radius} miles of ${search.location}` : ` near ${search.location}`) : ''}
        {search.specialty ? (
          <>
            {' '}
            <a href={params({ specialty: null, page: null })}>Any specialty</a>
          </>
        ) : null}
      </p>
      {result.total === 0 && filtered ? <NoResults result={result} search={search} params={params} /> : null}
      {result.total === 0 && !filtered ? <p className="card">{hospital.name} lists no clinicians here yet.</p> : null}
      {result.facets.specialties.length > 1 ? (
        <nav aria-label="Specialties" className="facets">
          {result.facets.specialties.map((facet) => (
            <a key={facet.value} className="pill" href={params({ specialty: facet.value, page: null })}>
              {facet.value} ({facet.count})
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
                <a href={profileHref(hospital.slug, provider.slug, params({}))}>{provider.name}</a>
              </h2>
              {provider.specialty ? <p className="muted">{provider.specialty}</p> : null}
              <p className="muted">
                {[typeof provider.distanceMiles === 'number' ? `${provider.distanceMiles.toFixed(1)} mi` : null, provider.city, provider.acceptingNewPatients === true ? 'Accepting new patients' : null].filter(Boolean).join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pages" aria-label="Pages">
          {search.page > 1 ? <a href={params({ page: search.page - 1 > 1 ? String(search.page - 1) : null })}>Previous</a> : null}
          <span>
            Page {search.page} of {pages}
          </span>
          {search.page < pages ? <a href={params({ page: String(search.page + 1) })}>Next</a> : null}
        </nav>
      ) : null}
    </Frame>,
  );
}

/** A filter of the search, in the words of a link that drops it. */
const DROP_FILTER_TEXT: Record<SearchFilter, (search: DirectorySearch) => string> = {
  query: (search) => `Any name or condition instead of “${search.query}”`,
  location: (search) => `Anywhere instead of near ${search.location}`,
  language: () => 'Any language',
  insurance: (search) => `Any insurance instead of ${search.insurance}`,
  specialty: (search) => `Any specialty instead of ${search.specialty}`,
  acceptingNewPatients: () => 'Also those not taking new patients',
  videoVisits: () => 'Also those without video visits',
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
const countText = (count: number) => `${count} ${count === 1 ? 'clinician' : 'clinicians'}`;

/** A search that found nobody: every way on that finds someone, with how many; never a bare zero. */
function NoResults({ result, search, params }: { result: DirectorySearchResult; search: DirectorySearch; params: (overrides: Record<string, string | null>) => string }) {
  const offers = result.suggestions;
  const links: Array<{ href: string; text: string; count: number }> = [];
  if (offers?.spelling) links.push({ href: params({ q: offers.spelling.text, page: null }), text: `Did you mean “${offers.spelling.text}”?`, count: offers.spelling.count });
  if (offers?.widerRadius) links.push({ href: params({ radius: String(offers.widerRadius.radius), page: null }), text: `Within ${offers.widerRadius.radius} miles`, count: offers.widerRadius.count });
  for (const drop of offers?.dropFilters ?? []) if (drop.count > 0) links.push({ href: params({ ...DROP_FILTER_PARAMS[drop.filter], page: null }), text: DROP_FILTER_TEXT[drop.filter](search), count: drop.count });
  for (const specialty of offers?.specialties ?? []) links.push({ href: params({ q: null, near: null, radius: null, lang: null, ins: null, accepting: null, video: null, specialty: specialty.value, page: null }), text: `All ${specialty.value} clinicians`, count: specialty.count });
  return (
    <section className="card" aria-labelledby="s-none">
      <h2 id="s-none">No clinician matches all of this. Try:</h2>
      <ul className="plain">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.text}</a> <span className="muted">({countText(link.count)})</span>
          </li>
        ))}
        <li>
          <a href={params({ q: null, near: null, radius: null, lang: null, ins: null, specialty: null, accepting: null, video: null, page: null })}>Every clinician</a>
        </li>
      </ul>
    </section>
  );
}

const TRIAL_STATUS: Record<string, string> = { recruiting: 'Recruiting', active: 'Active', completed: 'Completed', not_yet_recruiting: 'Not yet recruiting', terminated: 'Ended early', withdrawn: 'Withdrawn' };

/** The provider's part in a trial, in words ("principal_investigator" → "Principal investigator"). */
const roleInWords = (role: string) => {
  const words = role.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : words;
};

/** How many entries of a long list show before "Show all": the rest wait in a <details>, no script needed. */
const FIRST_SHOWN = 5;

function List<T>({ id, title, items, render, className = 'plain' }: { id: string; title: string; items: T[]; render: (item: T) => ReactNode; className?: string }) {
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
          <summary>
            Show {rest.length} more
          </summary>
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
export const doiUrl = (doi: string) => `https://doi.org/${doi.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '').split('/').map(encodeURIComponent).join('/')}`;
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
    hospitalAffiliation: [{ '@type': 'Hospital', name: hospital.name }, ...profile.hospitalAffiliations.filter((name) => name !== hospital.name).map((name) => ({ '@type': 'Hospital' as const, name }))],
  };
}

/** The biography as the public may read it: the sign-up placeholder ("Professional biography pending") is no biography. */
export function publishedSummary(summary: string | null) {
  const text = summary?.trim();
  return text && text.toLowerCase() !== BIOGRAPHY_PENDING.toLowerCase() ? text : null;
}

// ── The profile page ────────────────────────────────────────────────────────────────────────

function Place({ location }: { location: PublicLocation }) {
  const address = fullAddressOf(location);
  return (
    <div className="place">
      <strong>{location.name ?? streetOf(location)}</strong>
      {streetOf(location) ? <span>{streetOf(location)}</span> : null}
      {cityLineOf(location) ? <span>{cityLineOf(location)}</span> : null}
      <div className="actions">
        {location.phone ? (
          <a className="button button-outline" href={telHref(location.phone)}>
            Call {location.phone}
          </a>
        ) : null}
        {address ? (
          <a className="button button-outline" href={directionsUrl(address)} rel="noopener">
            Directions<span className="sr-only"> to {location.name ?? address}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** A condition or procedure in the patient's words first, the clinical name beside it. */
function PlainTerm({ term }: { term: string }) {
  const plain = plainWordsFor(term);
  return plain ? (
    <>
      {plain} <span className="muted">({term})</span>
    </>
  ) : (
    <>{term}</>
  );
}

export function providerPage(origin: string, hospital: PublicHospital, profile: PublicProfile & { slug: string }, options: { backTo?: string | null } = {}) {
  const url = `${origin}/find/${hospital.slug}/${profile.slug}`;
  const displayName = [profile.name, ...profile.credentials].join(', ');
  const specialties = [profile.primarySpecialty, ...profile.additionalSpecialties].filter((s): s is string => !!s);
  const summary = publishedSummary(profile.summary);
  const description = summary?.slice(0, 300) ?? `${displayName}${specialties[0] ? `, ${specialties[0]}` : ''} at ${hospital.name}.`;
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
      imageAlt: profile.photo ? `Photo of ${displayName}` : undefined,
      ogType: 'profile',
      jsonLd: physicianJsonLd(profile, url, hospital),
    },
    <Frame hospital={hospital}>
      <a className="back" href={options.backTo ?? `/find/${hospital.slug}`}>
        {options.backTo ? '← Back to results' : `← Find a doctor at ${hospital.name}`}
      </a>
      <article>
        <div className="card profile-head">
          <Avatar name={profile.name} photo={profile.photo} size={128} alt={`Photo of ${displayName}`} />
          <div>
            <h1>{displayName}</h1>
            {specialties.length ? <p className="lead">{specialties.join(' · ')}</p> : null}
            {profile.jobTitle ? <p className="muted">{profile.jobTitle}</p> : null}
            <p>
              {profile.acceptingNewPatients === true ? <span className="pill ok">Accepting new patients</span> : null}
              {profile.acceptingNewPatients === false ? <span className="pill">Not accepting new patients</span> : null}
              {profile.telehealth ? <span className="pill">Video visits</span> : null}
              {profile.pronouns ? <span className="pill">{profile.pronouns}</span> : null}
            </p>
          </div>
        </div>
        <BookingCard hospital={hospital} profile={profile} requestsEnabled={hospital.requestsEnabled === true} />
        <List id="locations" title="Locations" items={locations} render={(l) => <Place location={l} />} />
        {summary ? (
          <section className="card" aria-labelledby="s-about">
            <h2 id="s-about">About</h2>
            <p>{summary}</p>
          </section>
        ) : null}
        <List id="expertise" title="Conditions and treatments" items={expertise} className="terms" render={(t) => <PlainTerm term={t.term} />} />
        <div className="sections sections-two">
          <List id="insurance" title="Insurance accepted" items={profile.insurance} render={(i) => i} />
          <List id="languages" title="Languages spoken" items={profile.languages} render={(l) => l} />
        </div>
        <List
          id="education"
          title="Education and training"
          items={profile.education}
          render={(e) => (
            <>
              <strong>{e.kind}</strong>
              <br />
              {[e.institution, e.program, e.degree].filter(Boolean).join(', ')}
              {e.year ? <span className="muted"> · {e.year}</span> : null}
            </>
          )}
        />
        <List
          id="certifications"
          title="Board certifications"
          items={profile.boardCertifications}
          render={(c) => (
            <>
              {c.specialty ? `${c.specialty}, ` : ''}
              {c.board}
              {c.year ? <span className="muted"> · certified {c.year}</span> : null}
            </>
          )}
        />
        <List id="affiliations" title="Hospital affiliations" items={profile.hospitalAffiliations} render={(h) => h} />
        <List id="awards" title="Awards and recognition" items={profile.awards} render={(a) => [a.name, a.organization, a.year].filter(Boolean).join(', ')} />
        <List
          id="publications"
          title="Publications"
          items={profile.publications}
          render={(p) => (
            <>
              <cite>{p.title}</cite>
              <br />
              <span className="muted">{[p.journal, yearOf(p.date)].filter(Boolean).join(', ')}</span>
              {p.pmid || p.doi ? (
                <>
                  {' '}
                  <span className="links">
                    {p.pmid ? <a href={pubmedUrl(p.pmid)}>PubMed<span className="sr-only">: {p.title}</span></a> : null}
                    {p.doi ? <a href={doiUrl(p.doi)}>DOI {p.doi}</a> : null}
                  </span>
                </>
              ) : null}
            </>
          )}
        />
        <List
          id="trials"
          title="Clinical trials"
          items={profile.trials}
          render={(t) => (
            <>
              {t.nctNumber ? <a href={trialUrl(t.nctNumber)}>{t.title}</a> : t.title}
              <br />
              {t.status ? <span className={t.status === 'recruiting' ? 'pill ok' : 'pill'}>{TRIAL_STATUS[t.status] ?? t.status}</span> : null}{' '}
              <span className="muted small">{[t.phase, t.role ? roleInWords(t.role) : null, t.nctNumber ? `${t.nctNumber} on ClinicalTrials.gov` : null].filter(Boolean).join(' · ')}</span>
            </>
          )}
        />
        <List
          id="media"
          title="In the news"
          items={profile.media}
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
            National Provider Identifier (NPI) <a href={npiRegistryUrl(profile.npi)}>{profile.npi}</a>, in the national NPI registry
          </p>
        ) : null}
      </article>
    </Frame>,
  );
}

/** A refused request (bad input, too many requests): what went wrong, and the way back to a search. */
export function problemPage(origin: string, path: string, status: 400 | 414 | 429, message: string) {
  const title = status === 429 ? 'Too many requests' : 'This search could not be read';
  return documentHtml(
    { title: `${title} · Find a doctor`, description: message, canonical: `${origin}${path}`, brandColor: null, noindex: true },
    <Frame hospital={null}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={path.startsWith('/find') ? path : '/find'}>Start a new search</a>.
      </p>
    </Frame>,
  );
}

export function notFoundPage(origin: string, path: string) {
  return documentHtml(
    { title: 'Not found · Find a doctor', description: 'This page is not in the directory.', canonical: `${origin}${path}`, brandColor: null, noindex: true },
    <Frame hospital={null}>
      <h1>This page is not in the directory</h1>
      <p>
        The profile may have been taken down or moved. <a href="/find">See all directories</a>.
      </p>
    </Frame>,
  );
}
