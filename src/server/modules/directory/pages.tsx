// The public find-a-doctor pages as HTML from the server: no script, one small inline stylesheet, so
// they are complete for search engines and fast on a phone. Rendered per request from the public
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

/** The photo's largest JPEG as an absolute URL: what JSON-LD and link previews need. */
const photoUrl = (photo: string, pageUrl: string) => new URL(profilePhotoSources(photo).large, pageUrl).href;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f9fafb}
a{color:var(--brand)}a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
header{background:var(--brand);color:#fff}header a{color:#fff;text-decoration:none;font-weight:600}
.wrap{max-width:960px;margin:0 auto;padding:16px}main .wrap{padding-top:24px}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 4px}h2{font-size:1.125rem;margin:0 0 8px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px;margin:0 0 16px}
.muted{color:#4b5563}.pill{display:inline-block;border:1px solid #d1d5db;border-radius:999px;padding:2px 10px;margin:0 6px 6px 0;font-size:.875rem;background:#fff}
.ok{border-color:#059669;color:#065f46}.grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));list-style:none;padding:0;margin:0}
.person{display:flex;gap:12px;align-items:center}.avatar{width:72px;height:72px;border-radius:50%;object-fit:cover;background:#e5e7eb;flex:none}
.initials{display:flex;align-items:center;justify-content:center;font-weight:700;color:#374151}
ul.plain{list-style:none;padding:0;margin:0}ul.plain li{margin:0 0 8px}
form{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px;align-items:center}input[type=search],select{flex:1 1 180px;min-width:0;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;font:inherit;background:#fff}
.check{display:flex;gap:6px;align-items:center;white-space:nowrap}.check input{width:18px;height:18px}.facets{margin:0 0 12px}.facets a{text-decoration:none}
button{padding:10px 16px;border:0;border-radius:8px;background:var(--brand);color:#fff;font:inherit;font-weight:600}
nav.pages{display:flex;gap:16px;margin:16px 0}footer{color:#4b5563;font-size:.875rem}
`;

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  brandColor: string | null;
  image?: string | null;
  jsonLd?: unknown;
  noindex?: boolean;
}

/** JSON in a script element: `<` escaped so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function documentHtml(meta: PageMeta, body: ReactNode): string {
  const brand = meta.brandColor ?? '#1d4ed8';
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={meta.canonical} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content={meta.jsonLd ? 'profile' : 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.canonical} />
      {meta.image ? <meta property="og:image" content={meta.image} /> : null}
      <meta name="theme-color" content={brand} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>,
  );
  const jsonLd = meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '';
  // The brand colour is validated (#rrggbb) when the hospital saves it.
  const style = `<style>:root{--brand:${/^#[0-9a-f]{6}$/i.test(brand) ? brand : '#1d4ed8'}}${STYLE}</style>`;
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

function Avatar({ name, photo }: { name: string; photo: string | null }) {
  // Our stored photos come in three sizes and two formats (profile/photo.ts): the browser picks
  // WebP where it can and the size its screen needs for 72 CSS pixels.
  const sources = photo ? profilePhotoSources(photo) : null;
  const image = sources ? (
    <img className="avatar" src={sources.src} srcSet={sources.srcset ?? undefined} sizes={sources.srcset ? '72px' : undefined} alt="" width={72} height={72} loading="lazy" />
  ) : null;
  if (image && sources?.webpSrcset) {
    return (
      <picture>
        <source type="image/webp" srcSet={sources.webpSrcset} sizes="72px" />
        {image}
      </picture>
    );
  }
  return image ?? (
    <span className="avatar initials" aria-hidden="true">
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
      </p>
      {result.total === 0 ? <NoResults result={result} search={search} params={params} /> : null}
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
                <a href={`/find/${hospital.slug}/${provider.slug}`}>{provider.name}</a>
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

function List<T>({ title, items, render }: { title: string; items: T[]; render: (item: T) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section className="card" aria-labelledby={`s-${title}`}>
      <h2 id={`s-${title}`}>{title}</h2>
      <ul className="plain">
        {items.map((item, index) => (
          <li key={index}>{render(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/** schema.org Physician: what search engines show for a doctor. */
export function physicianJsonLd(profile: PublicProfile, url: string, hospital: PublicHospital) {
  const primary = profile.locations.find((l) => l.isPrimary) ?? profile.locations[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: [profile.name, ...profile.credentials].join(', '),
    url,
    ...(profile.photo ? { image: photoUrl(profile.photo, url) } : {}),
    ...(profile.npi ? { usNPI: profile.npi } : {}),
    medicalSpecialty: [profile.primarySpecialty, ...profile.additionalSpecialties].filter(Boolean),
    ...(primary
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: [primary.address, primary.addressLine2].filter(Boolean).join(', ') || undefined,
            addressLocality: primary.city ?? undefined,
            addressRegion: primary.state ?? undefined,
            postalCode: primary.postalCode ?? undefined,
            addressCountry: 'US',
          },
          ...(primary.phone ? { telephone: primary.phone } : {}),
        }
      : {}),
    ...(profile.languages.length ? { knowsLanguage: profile.languages } : {}),
    ...(profile.acceptingNewPatients !== null ? { isAcceptingNewPatients: profile.acceptingNewPatients } : {}),
    hospitalAffiliation: [{ '@type': 'Hospital', name: hospital.name }, ...profile.hospitalAffiliations.filter((name) => name !== hospital.name).map((name) => ({ '@type': 'Hospital', name }))],
  };
}

/** The biography as the public may read it: the sign-up placeholder ("Professional biography pending") is no biography. */
export function publishedSummary(summary: string | null) {
  const text = summary?.trim();
  return text && text.toLowerCase() !== BIOGRAPHY_PENDING.toLowerCase() ? text : null;
}

export function providerPage(origin: string, hospital: PublicHospital, profile: PublicProfile & { slug: string }) {
  const url = `${origin}/find/${hospital.slug}/${profile.slug}`;
  const displayName = [profile.name, ...profile.credentials].join(', ');
  const specialties = [profile.primarySpecialty, ...profile.additionalSpecialties].filter((s): s is string => !!s);
  const summary = publishedSummary(profile.summary);
  const description = summary?.slice(0, 300) ?? `${displayName}${specialties[0] ? `, ${specialties[0]}` : ''} at ${hospital.name}.`;
  return documentHtml(
    { title: `${displayName} · ${hospital.name}`, description, canonical: url, brandColor: hospital.brandColor, image: profile.photo ? photoUrl(profile.photo, url) : null, jsonLd: physicianJsonLd(profile, url, hospital) },
    <Frame hospital={hospital}>
      <article>
        <div className="card person">
          <Avatar name={profile.name} photo={profile.photo} />
          <div>
            <h1>{displayName}</h1>
            {specialties.length ? <p className="muted">{specialties.join(' · ')}</p> : null}
            <p>
              {profile.acceptingNewPatients === true ? <span className="pill ok">Accepting new patients</span> : null}
              {profile.acceptingNewPatients === false ? <span className="pill">Not accepting new patients</span> : null}
              {profile.telehealth ? <span className="pill">Video visits</span> : null}
              {profile.pronouns ? <span className="pill">{profile.pronouns}</span> : null}
            </p>
          </div>
        </div>
        <BookingCard hospital={hospital} profile={profile} requestsEnabled={hospital.requestsEnabled === true} />
        {summary ? (
          <section className="card" aria-labelledby="s-about">
            <h2 id="s-about">About</h2>
            <p>{summary}</p>
          </section>
        ) : null}
        <List
          title="Locations"
          items={profile.locations}
          render={(l) => (
            <>
              <strong>{l.name ?? l.address}</strong>
              <br />
              {[l.address, l.addressLine2].filter(Boolean).join(', ')}
              {l.city ? `, ${l.city}` : ''}
              {l.state ? `, ${l.state}` : ''} {l.postalCode ?? ''}
              {l.phone ? (
                <>
                  <br />
                  <a href={`tel:${l.phone.replace(/[^\d+]/g, '')}`}>{l.phone}</a>
                </>
              ) : null}
            </>
          )}
        />
        <List title="Conditions and treatments" items={profile.expertise} render={(t) => t.term} />
        <List title="Languages" items={profile.languages} render={(l) => l} />
        <List title="Insurance accepted" items={profile.insurance} render={(i) => i} />
        <List title="Education and training" items={profile.education} render={(e) => `${e.kind}: ${e.institution ?? ''}${e.year ? ` (${e.year})` : ''}`} />
        <List title="Board certifications" items={profile.boardCertifications} render={(c) => [c.board, c.specialty].filter(Boolean).join(' – ')} />
        <List title="Hospital affiliations" items={profile.hospitalAffiliations} render={(h) => h} />
        <List title="Awards" items={profile.awards} render={(a) => [a.name, a.organization, a.year].filter(Boolean).join(', ')} />
        <List
          title="Publications"
          items={profile.publications}
          render={(p) => (
            <>
              {p.pmid ? <a href={`https://pubmed.ncbi.nlm.nih.gov/${p.pmid}/`}>{p.title}</a> : p.title}
              <span className="muted"> {[p.journal, p.date].filter(Boolean).join(', ')}</span>
            </>
          )}
        />
        <List
          title="Clinical trials"
          items={profile.trials}
          render={(t) => (
            <>
              {t.nctNumber ? <a href={`https://clinicaltrials.gov/study/${t.nctNumber}`}>{t.title}</a> : t.title}
              {t.status ? <span className="muted"> {TRIAL_STATUS[t.status] ?? t.status}</span> : null}
            </>
          )}
        />
        <List
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
        {profile.npi ? <p className="muted">NPI {profile.npi}</p> : null}
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
