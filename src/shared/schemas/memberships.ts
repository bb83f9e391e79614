import { z } from 'zod';

/** Texts of the hospital-membership flow (issue T2 2/5 item 7; not in the original product). */
export const MEMBERSHIP_MESSAGES = {
  hospitalRequired: 'Please choose a hospital.',
  hospitalNotFound: 'Hospital not found',
  alreadyMember: 'You already belong to a hospital. Its administrators can move you to another one.',
  alreadyPending: 'You already have a request waiting. Cancel it to ask another hospital.',
  noPending: 'You have no request waiting.',
  requestNotFound: 'Request not found',
  requestDecided: 'This request has already been answered.',
  messageTooLong: 'Please keep the message under 500 characters.',
} as const;

export const hospitalRequestSchema = z.object({
  hospitalId: z.uuid(MEMBERSHIP_MESSAGES.hospitalRequired),
  message: z
    .string()
    .trim()
    .max(500, MEMBERSHIP_MESSAGES.messageTooLong)
    .optional()
    .transform((value) => value || null),
});
export type HospitalRequestInput = z.input<typeof hospitalRequestSchema>;

/** `PUT /api/admin/users/:userId/hospital`: a system administrator assigns or moves a provider (null: none). */
export const assignHospitalSchema = z.object({ hospitalId: z.uuid(MEMBERSHIP_MESSAGES.hospitalRequired).nullable() });

export interface HospitalRequestView {
  id: string;
  hospitalId: string;
  hospitalName: string;
  message: string | null;
  status: 'pending' | 'approved' | 'declined' | 'cancelled';
  createdAt: string;
  decidedAt: string | null;
}

/** `GET /api/me/hospital`: the provider's hospital, or their request to join one. */
export interface MyHospitalView {
  hospital: { id: string; name: string } | null;
  request: HospitalRequestView | null;
}

/** One row of `GET /api/admin/hospital-requests`. */
export interface AdminHospitalRequestView extends HospitalRequestView {
  user: { id: string; fullName: string; email: string; npiNumber: string | null };
}
