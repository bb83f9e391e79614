import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  APPOINTMENT_FIELD_LIMITS,
  APPOINTMENT_REQUEST_MESSAGES,
  appointmentRequestFormSchema,
  appointmentRequestStatusSchema,
} from '../../../shared/schemas/appointment-requests';
import { DIRECTORY_SLUG_PATTERN } from '../../../shared/schemas/directory';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import { clientIp } from '../../http/client-ip';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { Mailer } from '../../integrations/mail/mailer';
import type { SecretBox } from '../../lib/secret-box';
import { appointmentFormPage, appointmentSentPage, HONEYPOT_FIELD, requestPath, type AppointmentFormValues } from '../directory/booking';
import { localePath, translator, type Locale, type MessageKey, type Translate } from '../directory/i18n/locale';
import { notFoundPage } from '../directory/pages';
import { publicHospital, publicProvider } from '../directory/service';
import type { ProfileReadCache } from '../profile/read';
import {
  bookingSettings,
  consumeRequestLimits,
  createAppointmentRequest,
  listHospitalRequests,
  listMyRequests,
  moveRequest,
  publicProviderId,
} from './service';

const hospitalIdParam = z.object({ hospitalId: z.uuid('Hospital not found') });
const requestParam = z.object({ hospitalId: z.uuid('Hospital not found'), requestId: z.uuid('Appointment request not found') });

/** `/api`: the hospital's administrators list and move their requests; a provider reads their own. */
export function appointmentRequestRoutes(deps: AppDeps & { secretBox: SecretBox }) {
  const db = deps.database.db;
  const adminOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  return new Hono<AppBindings>()
    .get('/me/appointment-requests', requireProvider, async (c) =>
      c.json(await listMyRequests(db, deps.secretBox, c.get('actor'), (c.get('actor') as { userId: string }).userId)),
    )
    .get('/admin/hospitals/:hospitalId/appointment-requests', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await listHospitalRequests(db, deps.secretBox, adminOf(c), c.req.valid('param').hospitalId)),
    )
    .patch(
      '/admin/hospitals/:hospitalId/appointment-requests/:requestId',
      requireCapability('users.manage'),
      validate('param', requestParam),
      validate('json', appointmentRequestStatusSchema),
      async (c) => {
        const { hospitalId, requestId } = c.req.valid('param');
        return c.json(await moveRequest(db, deps.secretBox, adminOf(c), hospitalId, requestId, c.req.valid('json').status));
      },
    );
}

/** The largest form body accepted: every field at its limit, encoded, fits well under it. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

export const REFUSALS = {
  origin: 'This form can only be sent from its page on this site. Open the page again and send your request from there.',
  format: 'The request could not be read. Send it again from the form below.',
  tooLarge: `The request is too long. Keep the reason under ${APPOINTMENT_FIELD_LIMITS.reason} characters and send it again.`,
  honeypot:
    'The request was refused because a field meant to stay empty was filled in (an automatic form filler may have done it). Clear your browser’s autofill for this page and send it again, or call the practice.',
  address: 'Too many appointment requests came from your network in the last hour. Please try again later, or call the practice.',
  email: 'Too many appointment requests were sent with this e-mail address today. Please try again tomorrow, or call the practice.',
} as const;

const FORM_FIELDS = ['name', 'phone', 'email', 'patient', 'preferredTimes', 'insurance', 'reason'] as const;

/** The refusals and the form's errors in the catalogue (the English above stays the English page's words). */
const REFUSAL_KEYS: Record<keyof typeof REFUSALS, MessageKey> = {
  origin: 'refusal.origin',
  format: 'refusal.format',
  tooLarge: 'refusal.tooLarge',
  honeypot: 'refusal.honeypot',
  address: 'refusal.address',
  email: 'refusal.email',
};
const ERROR_KEYS = new Map<string, MessageKey>([
  [APPOINTMENT_REQUEST_MESSAGES.nameRequired, 'error.nameRequired'],
  [APPOINTMENT_REQUEST_MESSAGES.contactRequired, 'error.contactRequired'],
  [APPOINTMENT_REQUEST_MESSAGES.emailInvalid, 'error.emailInvalid'],
  [APPOINTMENT_REQUEST_MESSAGES.phoneInvalid, 'error.phoneInvalid'],
  [APPOINTMENT_REQUEST_MESSAGES.patientKind, 'error.patientKind'],
  [APPOINTMENT_REQUEST_MESSAGES.controlCharacters, 'error.controlCharacters'],
]);
const FIELD_LABEL_KEYS: Partial<Record<string, MessageKey>> = {
  name: 'form.name',
  phone: 'form.phone',
  email: 'form.email',
  preferredTimes: 'form.preferredTimes',
  insurance: 'form.insurance',
  reason: 'form.reason',
};

/** The form's first problem in the page's language: the schema's own words in English, the catalogue's otherwise. */
function formError(issue: { code: string; path: PropertyKey[]; message: string } | undefined, locale: Locale, t: Translate) {
  if (!issue) return t('refusal.format');
  if (locale === 'en') return issue.message;
  const field = String(issue.path[0] ?? '');
  const label = FIELD_LABEL_KEYS[field];
  if (issue.code === 'too_big' && label)
    return t('error.tooLong', { field: t(label), max: APPOINTMENT_FIELD_LIMITS[field as keyof typeof APPOINTMENT_FIELD_LIMITS] });
  const key = ERROR_KEYS.get(issue.message);
  return key ? t(key) : issue.message;
}

/**
 * The public form (`POST /find/:hospital/:provider/request`): anonymous and without script, so it
 * is posted as a form (application/x-www-form-urlencoded) rather than through the JSON-only /api.
 * The /api defences are replaced by: the Origin (else Referer) must be APP_URL's, a honeypot field,
 * a body cap, limits per client address and per e-mail in the database; each refusal answers the
 * form again with what went wrong in words and what the person typed. Success redirects (303) to a
 * confirmation page without any detail. The body is never logged.
 */
export function publicAppointmentRoutes(deps: AppDeps & { secretBox: SecretBox; mailer: Mailer }, profileCache?: ProfileReadCache) {
  const db = deps.database.publicDb;
  const appOrigin = new URL(deps.env.appUrl).origin;
  const slugOk = (value: string) => DIRECTORY_SLUG_PATTERN.test(value);
  const missing = (c: Context<AppBindings>, locale: Locale) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(notFoundPage(deps.env.appUrl, c.req.path.slice(localePath(locale, '').length), locale), 404);
  };

  /** The hospital and the provider through the public gate; null when either is not public or requests are off. */
  const target = async (c: Context<AppBindings>) => {
    const { hospitalSlug, providerSlug } = c.req.param() as { hospitalSlug: string; providerSlug: string };
    if (!slugOk(hospitalSlug) || !slugOk(providerSlug)) return null;
    const hospital = await publicHospital(db, hospitalSlug);
    if (!hospital?.requestsEnabled) return null;
    const profile = await publicProvider(db, hospital, providerSlug, profileCache);
    if (!profile) return null;
    return { hospital, profile };
  };

  const sameOrigin = (c: Context<AppBindings>) => {
    if (c.req.header('sec-fetch-site') === 'cross-site') return false;
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') return origin === appOrigin;
    const referer = c.req.header('referer');
    if (!referer) return false;
    try {
      return new URL(referer).origin === appOrigin;
    } catch {
      return false;
    }
  };

  // The same routes in each language (decision 0022): English at /find…, Spanish at /es/find….
  const routes = (locale: Locale) => {
    const t = translator(locale);
    const refusal = (key: keyof typeof REFUSALS) => (locale === 'en' ? REFUSALS[key] : t(REFUSAL_KEYS[key], { max: APPOINTMENT_FIELD_LIMITS.reason }));
    return new Hono<AppBindings>()
      .get('/find/:hospitalSlug/:providerSlug/request', async (c) => {
        const found = await target(c);
        if (!found) return missing(c, locale);
        c.header('Cache-Control', 'no-cache');
        return c.html(appointmentFormPage(deps.env.appUrl, found.hospital, found.profile, {}, null, locale));
      })
      .get('/find/:hospitalSlug/:providerSlug/request/sent', async (c) => {
        const found = await target(c);
        if (!found) return missing(c, locale);
        c.header('Cache-Control', 'no-store');
        return c.html(appointmentSentPage(deps.env.appUrl, found.hospital, found.profile, locale));
      })
      .post('/find/:hospitalSlug/:providerSlug/request', async (c) => {
        const found = await target(c);
        if (!found) return missing(c, locale);
        const { hospital, profile } = found;
        c.header('Cache-Control', 'no-store');
        const refuse = (status: 400 | 403 | 413 | 415 | 429, message: string, values: AppointmentFormValues = {}) =>
          c.html(appointmentFormPage(deps.env.appUrl, hospital, profile, values, message, locale), status);

        const declared = Number(c.req.header('content-length') ?? '0');
        if (declared > MAX_REQUEST_BODY_BYTES) return refuse(413, refusal('tooLarge'));
        if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) return refuse(415, refusal('format'));
        const raw = await c.req.text();
        if (Buffer.byteLength(raw) > MAX_REQUEST_BODY_BYTES) return refuse(413, refusal('tooLarge'));
        const form = new URLSearchParams(raw);
        const values: AppointmentFormValues = Object.fromEntries(FORM_FIELDS.map((name) => [name, form.get(name) ?? '']));

        if (!sameOrigin(c)) return refuse(403, refusal('origin'), values);
        if ((form.get(HONEYPOT_FIELD) ?? '') !== '') return refuse(400, refusal('honeypot'), values);
        const parsed = appointmentRequestFormSchema.safeParse(values);
        if (!parsed.success) return refuse(400, formError(parsed.error.issues[0], locale, t), values);

        const verdict = await consumeRequestLimits(db, {
          address: clientIp(c, deps.env.TRUST_PROXY),
          email: parsed.data.email,
          secret: deps.env.encryptionKey,
        });
        if (!verdict.allowed) {
          c.header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
          return refuse(429, verdict.which === 'address' ? refusal('address') : refusal('email'), values);
        }
        const providerUserId = await publicProviderId(db, hospital.id, profile.slug);
        const settings = await bookingSettings(db, hospital.id, providerUserId ?? undefined);
        if (!providerUserId || !settings) return missing(c, locale);
        await createAppointmentRequest(
          { db, secretBox: deps.secretBox, mailer: deps.mailer, logger: c.get('logger') ?? deps.logger, appUrl: deps.env.appUrl },
          {
            settings,
            providerUserId,
            providerName: [profile.name, ...profile.credentials].join(', '),
            providerPath: localePath(locale, `/find/${hospital.slug}/${profile.slug}`),
            details: parsed.data,
            locale,
          },
        );
        return c.redirect(`${localePath(locale, requestPath(hospital.slug, profile.slug))}/sent`, 303);
      });
  };
  return new Hono<AppBindings>().route('/', routes('en')).route('/es', routes('es'));
}
