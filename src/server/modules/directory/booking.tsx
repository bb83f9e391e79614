// "Book or ask" on a provider's public page (issue T3 2/7 item 2, decision 0021): a Call to book
// link and the appointment request form, plain HTML posted without script; and the pages the form's
// POST answers with (the form again with what the person typed and what went wrong, or the
// confirmation it redirects to).
import type { CSSProperties } from 'react';
import { APPOINTMENT_FIELD_LIMITS } from '../../../shared/schemas/appointment-requests';
import { documentHtml, Frame } from './pages';
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
const callButton: CSSProperties = { display: 'inline-block', padding: '10px 16px', borderRadius: 8, background: 'var(--brand)', color: '#fff', fontWeight: 600, textDecoration: 'none', minHeight: 24 };

function RequestForm({ action, values, error }: { action: string; values: AppointmentFormValues; error: string | null }) {
  const text = (name: keyof AppointmentFormValues, label: string, max: number, extra: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'text' } = {}) => (
    <div style={field}>
      <label htmlFor={`ar-${name}`}>{label}</label>
      <input id={`ar-${name}`} name={name} type={extra.type ?? 'text'} maxLength={max} defaultValue={values[name] ?? ''} autoComplete={extra.autoComplete} inputMode={extra.inputMode} style={input} />
    </div>
  );
  return (
    <form method="post" action={action} style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }} aria-describedby={error ? 'ar-error' : undefined}>
      {error ? (
        <p id="ar-error" role="alert" style={{ flex: '1 1 100%', margin: 0, padding: 12, border: '1px solid #b91c1c', borderRadius: 8, color: '#7f1d1d', background: '#fef2f2' }}>
          {error}
        </p>
      ) : null}
      {text('name', 'Your name', APPOINTMENT_FIELD_LIMITS.name, { autoComplete: 'name' })}
      {text('phone', 'Phone', APPOINTMENT_FIELD_LIMITS.phone, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {text('email', 'E-mail', APPOINTMENT_FIELD_LIMITS.email, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <p className="muted" style={{ flex: '1 1 100%', margin: 0 }}>
        Give a phone number, an e-mail address or both.
      </p>
      <fieldset style={{ flex: '1 1 100%', border: 0, padding: 0, margin: 0 }}>
        <legend>Are you a new or an existing patient?</legend>
        <label className="check">
          <input type="radio" name="patient" value="new" defaultChecked={values.patient !== 'existing'} /> New patient
        </label>
        <label className="check">
          <input type="radio" name="patient" value="existing" defaultChecked={values.patient === 'existing'} /> Existing patient
        </label>
      </fieldset>
      {text('preferredTimes', 'Preferred days and times', APPOINTMENT_FIELD_LIMITS.preferredTimes)}
      {text('insurance', 'Insurance', APPOINTMENT_FIELD_LIMITS.insurance)}
      <div style={field}>
        <label htmlFor="ar-reason">Reason for the visit, in your words</label>
        <textarea id="ar-reason" name="reason" rows={4} maxLength={APPOINTMENT_FIELD_LIMITS.reason} defaultValue={values.reason ?? ''} style={input} />
      </div>
      <div style={hidden} aria-hidden="true">
        <label htmlFor="ar-homepage">Leave this field empty</label>
        <input id="ar-homepage" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="muted" style={{ flex: '1 1 100%', margin: 0 }}>
        Not for emergencies: call 911. The practice reads your request and contacts you; it is kept private and deleted after a while.
      </p>
      <button type="submit">Send the request</button>
    </form>
  );
}

/** The booking card of the profile page: Call to book, and the request form unless the hospital switched requests off. */
export function BookingCard({ hospital, profile, requestsEnabled }: { hospital: PublicHospital; profile: PublicProfile & { slug: string }; requestsEnabled: boolean }) {
  const phone = bookingPhone(profile, hospital);
  if (!phone && !requestsEnabled) return null;
  return (
    <section className="card" aria-labelledby="s-book">
      <h2 id="s-book">Book an appointment</h2>
      {phone ? (
        <p>
          <a href={telHref(phone)} style={callButton}>
            Call to book: {phone}
          </a>
        </p>
      ) : null}
      {requestsEnabled ? (
        // Folded until asked for (no script needed), so the offices and the rest of the page stay near the top.
        <details>
          <summary style={{ cursor: 'pointer', padding: '8px 0', fontWeight: 600, color: 'var(--brand)' }}>Request an appointment</summary>
          <RequestForm action={requestPath(hospital.slug, profile.slug)} values={{}} error={null} />
        </details>
      ) : null}
    </section>
  );
}

const displayNameOf = (profile: Pick<PublicProfile, 'name' | 'credentials'>) => [profile.name, ...profile.credentials].join(', ');

/** The form on its own page: where a refused request comes back with its error and what was typed. */
export function appointmentFormPage(origin: string, hospital: PublicHospital, profile: PublicProfile & { slug: string }, values: AppointmentFormValues, error: string | null) {
  const path = requestPath(hospital.slug, profile.slug);
  const name = displayNameOf(profile);
  const phone = bookingPhone(profile, hospital);
  return documentHtml(
    { title: `Request an appointment with ${name} · ${hospital.name}`, description: `Ask ${hospital.name} for an appointment with ${name}.`, canonical: `${origin}${path}`, brandColor: hospital.brandColor, noindex: true },
    <Frame hospital={hospital}>
      <p>
        <a href={`/find/${hospital.slug}/${profile.slug}`}>Back to {name}</a>
      </p>
      <h1>Request an appointment with {name}</h1>
      {phone ? (
        <p>
          Or call to book: <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      <div className="card">
        <RequestForm action={path} values={values} error={error} />
      </div>
    </Frame>,
  );
}

/** Where the form's POST redirects (Post/Redirect/Get): no detail of the request, so reloading it shows nothing private. */
export function appointmentSentPage(origin: string, hospital: PublicHospital, profile: PublicProfile & { slug: string }) {
  const name = displayNameOf(profile);
  const phone = bookingPhone(profile, hospital);
  return documentHtml(
    { title: `Request sent · ${hospital.name}`, description: `Your appointment request for ${name} was sent.`, canonical: `${origin}${requestPath(hospital.slug, profile.slug)}/sent`, brandColor: hospital.brandColor, noindex: true },
    <Frame hospital={hospital}>
      <h1>Your request was sent</h1>
      <div className="card">
        <p>
          We passed your request for an appointment with {name} to {hospital.name}. The practice will contact you by phone or e-mail to find a time. If you gave an e-mail
          address, a confirmation is on its way.
        </p>
        {phone ? (
          <p>
            To book sooner, call <a href={telHref(phone)}>{phone}</a>.
          </p>
        ) : null}
        <p>If this is an emergency, call 911.</p>
      </div>
      {/* Two links, each whole (a link wrapped over two lines at 390 px had its centre off the link). */}
      <p className="links">
        <a href={`/find/${hospital.slug}/${profile.slug}`}>Back to {name}</a>
        <a href={`/find/${hospital.slug}`}>Find another doctor</a>
      </p>
    </Frame>,
  );
}
