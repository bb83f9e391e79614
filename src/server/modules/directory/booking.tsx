// "Book or ask" on a provider's public page (issue T3 2/7 item 2, decision 0021): a Call to book
// link and the appointment request form, plain HTML posted without script; and the pages the form's
// POST answers with (the form again with what the person typed and what went wrong, or the
// confirmation it redirects to).
import type { CSSProperties } from 'react';
import { APPOINTMENT_FIELD_LIMITS } from '../../../shared/schemas/appointment-requests';
import { documentHtml, Frame } from './frame';
import { localePath, translator, type Locale, type Translate } from './i18n/locale';
import type { PublicHospital } from './service';
import type { PublicProfile } from './public-profile';

/** What the person typed, as posted (strings), to fill the form again after a refusal. */
export type AppointmentFormValues = Partial<Record<'name' | 'phone' | 'email' | 'patient' | 'preferredTimes' | 'insurance' | 'reason', string>>;

/** The honeypot: people never see it (hidden from sight and from screen readers), scripts fill it. */
export const HONEYPOT_FIELD = 'homepage';

export const requestPath = (hospitalSlug: string, providerSlug: string) => `/find/${hospitalSlug}/${providerSlug}/request`;

/** The number to call: the primary public location's, else the first location with one, else the hospital's. */
export function bookingPhone(profile: Pick<PublicProfile, 'locations'>, hospital: Pick<PublicHospital, 'contactPhone'>) {
  const primary = profile.locations.find((l) => l.isPrimary && l.phone);
  return primary?.phone ?? profile.locations.find((l) => l.phone)?.phone ?? hospital.contactPhone ?? null;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const field: CSSProperties = { display: 'grid', gap: 4, flex: '1 1 100%' };
const input: CSSProperties = { padding: '10px 12px', border: '1px solid #9ca3af', borderRadius: 8, font: 'inherit', background: '#fff', width: '100%' };
const hidden: CSSProperties = { position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' };
const callButton: CSSProperties = {
  display: 'inline-block',
  padding: '10px 16px',
  borderRadius: 8,
  background: 'var(--brand)',
  color: '#fff',
  fontWeight: 600,
  textDecoration: 'none',
  minHeight: 24,
};

function RequestForm({ action, values, error, t }: { action: string; values: AppointmentFormValues; error: string | null; t: Translate }) {
  const text = (
    name: keyof AppointmentFormValues,
    label: string,
    max: number,
    extra: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'text' } = {},
  ) => (
    <div style={field}>
      <label htmlFor={`ar-${name}`}>{label}</label>
      <input
        id={`ar-${name}`}
        name={name}
        type={extra.type ?? 'text'}
        maxLength={max}
        defaultValue={values[name] ?? ''}
        autoComplete={extra.autoComplete}
        inputMode={extra.inputMode}
        style={input}
      />
    </div>
  );
  return (
    <form method="post" action={action} style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }} aria-describedby={error ? 'ar-error' : undefined}>
      {error ? (
        <p
          id="ar-error"
          role="alert"
          style={{ flex: '1 1 100%', margin: 0, padding: 12, border: '1px solid #b91c1c', borderRadius: 8, color: '#7f1d1d', background: '#fef2f2' }}
        >
          {error}
        </p>
      ) : null}
      {text('name', t('form.name'), APPOINTMENT_FIELD_LIMITS.name, { autoComplete: 'name' })}
      {text('phone', t('form.phone'), APPOINTMENT_FIELD_LIMITS.phone, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {text('email', t('form.email'), APPOINTMENT_FIELD_LIMITS.email, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <p className="muted" style={{ flex: '1 1 100%', margin: 0 }}>
        {t('form.contactHint')}
      </p>
      <fieldset style={{ flex: '1 1 100%', border: 0, padding: 0, margin: 0 }}>
        <legend>{t('form.patient')}</legend>
        <label className="check">
          <input type="radio" name="patient" value="new" defaultChecked={values.patient !== 'existing'} /> {t('form.newPatient')}
        </label>
        <label className="check">
          <input type="radio" name="patient" value="existing" defaultChecked={values.patient === 'existing'} /> {t('form.existingPatient')}
        </label>
      </fieldset>
      {text('preferredTimes', t('form.preferredTimes'), APPOINTMENT_FIELD_LIMITS.preferredTimes)}
      {text('insurance', t('form.insurance'), APPOINTMENT_FIELD_LIMITS.insurance)}
      <div style={field}>
        <label htmlFor="ar-reason">{t('form.reason')}</label>
        <textarea id="ar-reason" name="reason" rows={4} maxLength={APPOINTMENT_FIELD_LIMITS.reason} defaultValue={values.reason ?? ''} style={input} />
      </div>
      <div style={hidden} aria-hidden="true">
        <label htmlFor="ar-homepage">{t('form.honeypot')}</label>
        <input id="ar-homepage" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="muted" style={{ flex: '1 1 100%', margin: 0 }}>
        {t('form.notice')}
      </p>
      <button type="submit">{t('form.send')}</button>
    </form>
  );
}

/** The booking card of the profile page: Call to book, and the request form unless the hospital switched requests off. */
export function BookingCard({
  hospital,
  profile,
  requestsEnabled,
  locale = 'en',
}: {
  hospital: PublicHospital;
  profile: PublicProfile & { slug: string };
  requestsEnabled: boolean;
  locale?: Locale;
}) {
  const t = translator(locale);
  const phone = bookingPhone(profile, hospital);
  if (!phone && !requestsEnabled) return null;
  return (
    <section className="card" aria-labelledby="s-book">
      <h2 id="s-book">{t('book.title')}</h2>
      {phone ? (
        <p>
          <a href={telHref(phone)} style={callButton}>
            {t('book.call', { phone })}
          </a>
        </p>
      ) : null}
      {requestsEnabled ? (
        // Folded until asked for (no script needed), so the offices and the rest of the page stay near the top.
        <details>
          <summary style={{ cursor: 'pointer', padding: '8px 0', fontWeight: 600, color: 'var(--brand)' }}>{t('book.request')}</summary>
          <RequestForm action={localePath(locale, requestPath(hospital.slug, profile.slug))} values={{}} error={null} t={t} />
        </details>
      ) : null}
    </section>
  );
}

const displayNameOf = (profile: Pick<PublicProfile, 'name' | 'credentials'>) => [profile.name, ...profile.credentials].join(', ');

/** The form on its own page: where a refused request comes back with its error and what was typed. */
export function appointmentFormPage(
  origin: string,
  hospital: PublicHospital,
  profile: PublicProfile & { slug: string },
  values: AppointmentFormValues,
  error: string | null,
  locale: Locale = 'en',
) {
  const t = translator(locale);
  const path = localePath(locale, requestPath(hospital.slug, profile.slug));
  const name = displayNameOf(profile);
  const phone = bookingPhone(profile, hospital);
  return documentHtml(
    {
      title: `${t('form.pageTitle', { name })} · ${hospital.name}`,
      description: t('form.pageDescription', { hospital: hospital.name, name }),
      canonical: `${origin}${path}`,
      brandColor: hospital.brandColor,
      noindex: true,
      locale,
    },
    <Frame hospital={hospital} locale={locale} path={requestPath(hospital.slug, profile.slug)}>
      <p>
        <a href={localePath(locale, `/find/${hospital.slug}/${profile.slug}`)}>{t('form.back', { name })}</a>
      </p>
      <h1>{t('form.pageTitle', { name })}</h1>
      {phone ? (
        <p>
          {t('form.orCall')} <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      <div className="card">
        <RequestForm action={path} values={values} error={error} t={t} />
      </div>
    </Frame>,
  );
}

/** Where the form's POST redirects (Post/Redirect/Get): no detail of the request, so reloading it shows nothing private. */
export function appointmentSentPage(origin: string, hospital: PublicHospital, profile: PublicProfile & { slug: string }, locale: Locale = 'en') {
  const t = translator(locale);
  const name = displayNameOf(profile);
  const phone = bookingPhone(profile, hospital);
  return documentHtml(
    {
      title: `${t('sent.title')} · ${hospital.name}`,
      description: t('sent.description', { name }),
      canonical: `${origin}${localePath(locale, requestPath(hospital.slug, profile.slug))}/sent`,
      brandColor: hospital.brandColor,
      noindex: true,
      locale,
    },
    <Frame hospital={hospital} locale={locale} path={`${requestPath(hospital.slug, profile.slug)}/sent`}>
      <h1>{t('sent.heading')}</h1>
      <div className="card">
        <p>{t('sent.body', { name, hospital: hospital.name })}</p>
        {phone ? (
          <p>
            {t('sent.callSooner')} <a href={telHref(phone)}>{phone}</a>.
          </p>
        ) : null}
        <p>{t('sent.emergency')}</p>
      </div>
      {/* Two links, each whole (a link wrapped over two lines at 390 px had its centre off the link). */}
      <p className="links">
        <a href={localePath(locale, `/find/${hospital.slug}/${profile.slug}`)}>{t('form.back', { name })}</a>
        <a href={localePath(locale, `/find/${hospital.slug}`)}>{t('sent.another')}</a>
      </p>
    </Frame>,
  );
}
