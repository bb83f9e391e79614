import { z } from 'zod';
import { EMAIL_PATTERN, optionalText } from './fields';

/**
 * A patient's request for an appointment, sent from a provider's public page without signing in
 * (issue T3 2/7 item 2, decision 0021). It is health information: the server keeps the contact
 * details and the reason sealed, and only the hospital's administrators and the provider read them.
 */

export const APPOINTMENT_REQUEST_STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;
export type AppointmentRequestStatus = (typeof APPOINTMENT_REQUEST_STATUSES)[number];

export const APPOINTMENT_REQUEST_STATUS_LABELS: Record<AppointmentRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  closed: 'Closed',
};

/** Where a request may go next: forward along new → contacted → booked → closed, and closed from any open state. */
export const APPOINTMENT_REQUEST_NEXT: Record<AppointmentRequestStatus, readonly AppointmentRequestStatus[]> = {
  new: ['contacted', 'booked', 'closed'],
  contacted: ['booked', 'closed'],
  booked: ['closed'],
  closed: [],
};

export const PATIENT_KINDS = ['new', 'existing'] as const;

export const APPOINTMENT_RETENTION_DEFAULT_DAYS = 90;
export const APPOINTMENT_RETENTION_MAX_DAYS = 3650;

export const APPOINTMENT_REQUEST_MESSAGES = {
  nameRequired: 'Tell us your name',
  contactRequired: 'Give a phone number or an e-mail address so the practice can reach you',
  emailInvalid: 'This e-mail address does not look right; check it, or leave it empty and give a phone number',
  phoneInvalid: 'A phone number has 7 to 15 digits',
  patientKind: 'Say whether you are a new or an existing patient',
  tooLong: (label: string, max: number) => `${label} is too long: keep it under ${max} characters`,
  notFound: 'Appointment request not found',
  badMove: 'A request cannot move back, or on from closed',
  intakeEmailInvalid: 'Use an e-mail address like appointments@example.org',
  retention: `Keep requests between 1 and ${APPOINTMENT_RETENTION_MAX_DAYS} days`,
  controlCharacters: 'Remove the invisible control characters from what you typed',
} as const;

export const APPOINTMENT_FIELD_LIMITS = { name: 120, phone: 40, email: 254, preferredTimes: 300, insurance: 200, reason: 2000 } as const;

/** Control characters other than tab and line breaks: nobody types them, and PostgreSQL text refuses NUL (the outbox, a mail). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const optional = (label: string, max: number) =>
  optionalText(max, APPOINTMENT_REQUEST_MESSAGES.tooLong(label, max)).refine(
    (value) => value === null || !CONTROL.test(value),
    APPOINTMENT_REQUEST_MESSAGES.controlCharacters,
  );

/** The public form's fields, as posted (application/x-www-form-urlencoded, every value a string). */
export const appointmentRequestFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, APPOINTMENT_REQUEST_MESSAGES.nameRequired)
      .max(APPOINTMENT_FIELD_LIMITS.name, APPOINTMENT_REQUEST_MESSAGES.tooLong('Your name', APPOINTMENT_FIELD_LIMITS.name))
      .refine((value) => !CONTROL.test(value), APPOINTMENT_REQUEST_MESSAGES.controlCharacters),
    phone: optional('The phone number', APPOINTMENT_FIELD_LIMITS.phone).refine(
      (value) => value === null || (/^[\d\s()+.-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7 && (value.match(/\d/g)?.length ?? 0) <= 15),
      APPOINTMENT_REQUEST_MESSAGES.phoneInvalid,
    ),
    email: optional('The e-mail address', APPOINTMENT_FIELD_LIMITS.email)
      .transform((value) => value?.toLowerCase() ?? null)
      .refine((value) => value === null || EMAIL_PATTERN.test(value), APPOINTMENT_REQUEST_MESSAGES.emailInvalid),
    patient: z.enum(PATIENT_KINDS, { error: APPOINTMENT_REQUEST_MESSAGES.patientKind }),
    preferredTimes: optional('Preferred days and times', APPOINTMENT_FIELD_LIMITS.preferredTimes),
    insurance: optional('Insurance', APPOINTMENT_FIELD_LIMITS.insurance),
    reason: optional('The reason', APPOINTMENT_FIELD_LIMITS.reason),
  })
  .refine((value) => value.phone !== null || value.email !== null, { path: ['phone'], message: APPOINTMENT_REQUEST_MESSAGES.contactRequired });
export type AppointmentRequestForm = z.output<typeof appointmentRequestFormSchema>;

/** What is sealed in the row: everything the person typed. */
export type AppointmentRequestDetails = AppointmentRequestForm;

export const appointmentRequestStatusSchema = z.object({ status: z.enum(APPOINTMENT_REQUEST_STATUSES) }).strict();

export interface AppointmentRequestView {
  id: string;
  status: AppointmentRequestStatus;
  createdAt: string;
  updatedAt: string;
  provider: { id: string; name: string | null };
  details: AppointmentRequestDetails;
}
