import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  APPOINTMENT_REQUEST_MESSAGES,
  APPOINTMENT_REQUEST_NEXT,
  type AppointmentRequestDetails,
  type AppointmentRequestStatus,
  type AppointmentRequestView,
} from '../../../shared/schemas/appointment-requests';
import { consumeRateLimit } from '../../auth/rate-limit';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { appointmentRequests, hospitalLocations, hospitals, locations, publicListings, users } from '../../db/schema';
import type { Actor } from '../../http/types';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import { appointmentConfirmationEmail, appointmentRequestEmail } from '../../integrations/mail/templates';
import type { Locale } from '../directory/i18n/locale';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/service';

/**
 * Patients' appointment requests (issue T3 2/7 item 2, decision 0021). Health information: the form
 * is sealed in one column with the app's secret box (ENCRYPTION_KEY), opened only for the hospital's
 * administrators and the provider, and every opening is an audit entry. Nothing of a request is
 * logged: log lines name the request's id at most.
 */

/** Requests per client address: a person asks a few practices in an hour, a script asks hundreds. */
export const REQUESTS_PER_ADDRESS = { limit: 5, windowMs: 60 * 60_000 } as const;
/** Requests per e-mail address a day, so one address cannot be used to flood a practice (or be flooded with confirmations). */
export const REQUESTS_PER_EMAIL = { limit: 3, windowMs: 24 * 60 * 60_000 } as const;
/** How many requests the console lists at once (each one listed is an audited read). */
export const REQUEST_LIST_LIMIT = 100;

export const READ_AUDIT_ACTION = 'appointment_request.read';

export interface BookingSettings {
  hospitalId: string;
  hospitalName: string;
  requestsEnabled: boolean;
  /**
   * Where requests are mailed: the e-mail of the hospital location the provider practises at (their
   * primary office first), else the hospital's intake address, else its contact e-mail; null = only the console.
   */
  practiceEmail: string | null;
  hospitalPhone: string | null;
}

/** The hospital's booking settings: what the profile page offers and where a request for the provider goes. */
export async function bookingSettings(db: Database, hospitalId: string, providerUserId?: string): Promise<BookingSettings | null> {
  const [row] = await db
    .select({
      hospitalId: hospitals.id,
      hospitalName: hospitals.name,
      requestsEnabled: hospitals.appointmentRequestsEnabled,
      intakeEmail: hospitals.appointmentIntakeEmail,
      contactEmail: hospitals.contactEmail,
      hospitalPhone: hospitals.contactPhone,
    })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId))
    .limit(1);
  if (!row) return null;
  const officeEmail = providerUserId ? await officeEmailOf(db, hospitalId, providerUserId) : null;
  return {
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    requestsEnabled: row.requestsEnabled,
    practiceEmail: officeEmail ?? row.intakeEmail ?? row.contactEmail ?? null,
    hospitalPhone: row.hospitalPhone,
  };
}

/**
 * The e-mail of the practice the provider's request goes to: among the provider's offices picked
 * from this hospital's active locations, the first with an e-mail (the primary office first, then in
 * the profile's order). An office the provider typed themselves has no e-mail: the hospital decides
 * where patients' health information is sent.
 */
async function officeEmailOf(db: Database, hospitalId: string, providerUserId: string) {
  const [office] = await db
    .select({ email: hospitalLocations.email })
    .from(locations)
    .innerJoin(hospitalLocations, eq(hospitalLocations.id, locations.predefinedLocationId))
    .where(
      and(
        eq(locations.userId, providerUserId),
        eq(hospitalLocations.hospitalId, hospitalId),
        eq(hospitalLocations.isActive, true),
        isNotNull(hospitalLocations.email),
      ),
    )
    .orderBy(desc(locations.isPrimary), asc(locations.displayOrder), asc(locations.createdAt))
    .limit(1);
  return office?.email ?? null;
}

/** The provider behind a public slug, through the public gate (decision 0020): null when not public. */
export async function publicProviderId(db: Database, hospitalId: string, providerSlug: string) {
  const [row] = await db
    .select({ userId: publicListings.userId })
    .from(publicListings)
    .where(and(eq(publicListings.hospitalId, hospitalId), eq(publicListings.slug, providerSlug)))
    .limit(1);
  return row?.userId ?? null;
}

export type LimitVerdict = { allowed: true } | { allowed: false; which: 'address' | 'email'; retryAfterMs: number };

/**
 * The per-address and per-e-mail limits, counted in the database (decision 0003). The e-mail is
 * keyed by a keyed hash, so rate_limit_counters holds no address a dump could read.
 */
export async function consumeRequestLimits(
  db: Database,
  keys: { address: string; email: string | null; secret: string },
  now = new Date(),
): Promise<LimitVerdict> {
  const byAddress = await consumeRateLimit(db, { key: `appointment-request-ip:${keys.address}`, ...REQUESTS_PER_ADDRESS }, now);
  if (!byAddress.allowed) return { allowed: false, which: 'address', retryAfterMs: byAddress.retryAfterMs };
  if (keys.email) {
    const hashed = createHmac('sha256', `vitae-appointment-email:${keys.secret}`).update(keys.email).digest('base64url');
    const byEmail = await consumeRateLimit(db, { key: `appointment-request-email:${hashed}`, ...REQUESTS_PER_EMAIL }, now);
    if (!byEmail.allowed) return { allowed: false, which: 'email', retryAfterMs: byEmail.retryAfterMs };
  }
  return { allowed: true };
}

export interface RequestDeps {
  db: Database;
  secretBox: SecretBox;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}

/**
 * Stores a request and mails it: to the practice (with the details, so an intake desk without a
 * Vitae account can call back) and a confirmation to the requester (without the reason). A mail
 * that fails does not lose the request: it is in the console either way.
 */
export async function createAppointmentRequest(
  deps: RequestDeps,
  input: { settings: BookingSettings; providerUserId: string; providerName: string; providerPath: string; details: AppointmentRequestDetails; locale?: Locale },
) {
  const { settings, details } = input;
  const [saved] = await deps.db
    .insert(appointmentRequests)
    .values({ hospitalId: settings.hospitalId, providerUserId: input.providerUserId, sealed: deps.secretBox.seal(JSON.stringify(details)) })
    .returning({ id: appointmentRequests.id });
  const id = saved!.id;
  await recordAudit(deps.db, null, {
    action: 'appointment_request.received',
    targetType: 'appointment_request',
    targetId: id,
    hospitalId: settings.hospitalId,
    summary: { providerUserId: input.providerUserId },
  });
  const consoleUrl = `${deps.appUrl}/system-admin/hospitals/${settings.hospitalId}/directory#appointment-requests`;
  const sends: Array<{ message: MailMessage; who: string }> = [];
  if (settings.practiceEmail) {
    sends.push({
      who: 'practice',
      message: {
        to: settings.practiceEmail,
        kind: 'appointment_request',
        links: [consoleUrl],
        sensitive: true,
        ...appointmentRequestEmail({ providerName: input.providerName, hospitalName: settings.hospitalName, details, consoleUrl }),
      },
    });
  }
  if (details.email) {
    const pageUrl = `${deps.appUrl}${input.providerPath}`;
    sends.push({
      who: 'requester',
      message: {
        to: details.email,
        kind: 'appointment_request_confirmation',
        links: [pageUrl],
        sensitive: true,
        ...appointmentConfirmationEmail({
          providerName: input.providerName,
          hospitalName: settings.hospitalName,
          hospitalPhone: settings.hospitalPhone,
          pageUrl,
          locale: input.locale,
        }),
      },
    });
  }
  for (const { message, who } of sends) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      // The error alone (no addresses, no content): the request is stored and listed in the console.
      deps.logger.warn(
        { requestId: id, recipient: who, err: error instanceof Error ? { name: error.name, code: (error as { code?: unknown }).code } : 'unknown' },
        'an appointment request e-mail could not be sent',
      );
    }
  }
  return { id };
}

type Row = { request: typeof appointmentRequests.$inferSelect; providerName: string | null };

function viewOf(box: SecretBox, { request, providerName }: Row): AppointmentRequestView {
  return {
    id: request.id,
    status: request.status as AppointmentRequestStatus,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    provider: { id: request.providerUserId, name: providerName },
    details: JSON.parse(box.open(request.sealed)) as AppointmentRequestDetails,
  };
}

/** Each request opened is one audit entry, so who read which request is always known. */
async function auditReads(db: Database, actor: Actor, rows: Row[]) {
  for (const { request } of rows) {
    await recordAudit(db, actor, {
      action: READ_AUDIT_ACTION,
      targetType: 'appointment_request',
      targetId: request.id,
      hospitalId: request.hospitalId,
      summary: { providerUserId: request.providerUserId },
    });
  }
}

async function scopedHospitalId(db: Database, actor: AdminActor, hospitalId: string) {
  const [hospital] = await db
    .select({ id: hospitals.id })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), hospitalScope(actor, hospitals.id)))
    .limit(1);
  if (!hospital) throw AppError.notFound('Hospital not found');
  return hospital.id;
}

const listColumns = { request: appointmentRequests, providerName: users.fullName };

/** `GET /api/admin/hospitals/:id/appointment-requests`: the hospital's requests, newest first; 404 outside the admin's hospital. */
export async function listHospitalRequests(db: Database, box: SecretBox, actor: AdminActor, hospitalId: string): Promise<{ items: AppointmentRequestView[] }> {
  const id = await scopedHospitalId(db, actor, hospitalId);
  const rows = await db
    .select(listColumns)
    .from(appointmentRequests)
    .leftJoin(users, eq(users.id, appointmentRequests.providerUserId))
    .where(eq(appointmentRequests.hospitalId, id))
    .orderBy(
      sql`case ${appointmentRequests.status} when 'new' then 0 when 'contacted' then 1 when 'booked' then 2 else 3 end`,
      desc(appointmentRequests.createdAt),
    )
    .limit(REQUEST_LIST_LIMIT);
  await auditReads(db, actor, rows);
  return { items: rows.map((row) => viewOf(box, row)) };
}

/** `GET /api/me/appointment-requests`: the provider's own requests (those sent while at their current hospital). */
export async function listMyRequests(db: Database, box: SecretBox, actor: Actor, userId: string): Promise<{ items: AppointmentRequestView[] }> {
  const rows = await db
    .select(listColumns)
    .from(appointmentRequests)
    .innerJoin(users, and(eq(users.id, appointmentRequests.providerUserId), eq(users.hospitalId, appointmentRequests.hospitalId)))
    .where(eq(appointmentRequests.providerUserId, userId))
    .orderBy(desc(appointmentRequests.createdAt))
    .limit(REQUEST_LIST_LIMIT);
  await auditReads(db, actor, rows);
  return { items: rows.map((row) => viewOf(box, row)) };
}

/** `PATCH /api/admin/hospitals/:id/appointment-requests/:requestId`: forward along new → contacted → booked → closed. */
export async function moveRequest(db: Database, box: SecretBox, actor: AdminActor, hospitalId: string, requestId: string, to: AppointmentRequestStatus) {
  const id = await scopedHospitalId(db, actor, hospitalId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(listColumns)
      .from(appointmentRequests)
      .leftJoin(users, eq(users.id, appointmentRequests.providerUserId))
      .where(and(eq(appointmentRequests.id, requestId), eq(appointmentRequests.hospitalId, id)))
      .for('update', { of: appointmentRequests });
    if (!row) throw AppError.notFound(APPOINTMENT_REQUEST_MESSAGES.notFound);
    const from = row.request.status as AppointmentRequestStatus;
    if (from === to) return viewOf(box, row);
    if (!APPOINTMENT_REQUEST_NEXT[from].includes(to)) throw AppError.conflict(APPOINTMENT_REQUEST_MESSAGES.badMove, { from, to });
    const [saved] = await tx
      .update(appointmentRequests)
      .set({ status: to, statusChangedBy: actor.email })
      .where(eq(appointmentRequests.id, requestId))
      .returning();
    await recordAudit(tx as unknown as Database, actor, {
      action: 'appointment_request.status_changed',
      targetType: 'appointment_request',
      targetId: requestId,
      hospitalId: id,
      summary: { from, to },
    });
    return viewOf(box, { request: saved!, providerName: row.providerName });
  });
}

/** Deletes requests older than their hospital's retention; returns how many went. */
export async function purgeAppointmentRequests(db: Database, now = new Date()) {
  const deleted = await db
    .delete(appointmentRequests)
    .where(
      sql`${appointmentRequests.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => (select ${hospitals.appointmentRetentionDays} from ${hospitals} where ${hospitals.id} = ${appointmentRequests.hospitalId}))`,
    )
    .returning({ id: appointmentRequests.id });
  return deleted.length;
}
