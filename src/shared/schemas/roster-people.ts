import { z } from 'zod';

/**
 * A hospital's roster people after their row was accepted (issue 37 items 3 and 5): each person's
 * state from pre-filling to publishing, the list's filters, sort, search and paging, and the
 * reminders an administrator sends now.
 */

/**
 * A person's state, the furthest they got (docs/roster.md, "People and their states"):
 * before the invitation the pre-filling states (`waiting`, `drafting`, `failed`, `draft_ready`,
 * `linked`, `join_requested`); then `invited` (an invitation exists), `opened` (the claim link was
 * opened), `claimed`, `sections_complete` (claimed, every required section complete), `published`
 * (the profile is in the public directory: the public gate's listing, decision 0020). `bounced` (the
 * mail server refused the address) and `unsubscribed` (no more reminders) come before claimed:
 * they say why no e-mail reaches the person.
 */
export const ROSTER_PERSON_STATES = [
  'waiting',
  'drafting',
  'failed',
  'draft_ready',
  'linked',
  'join_requested',
  'invited',
  'opened',
  'bounced',
  'unsubscribed',
  'claimed',
  'sections_complete',
  'published',
] as const;
export type RosterPersonState = (typeof ROSTER_PERSON_STATES)[number];

/** Each state in words, as the People list and the CSV export say it. */
export const ROSTER_PERSON_STATE_LABELS: Record<RosterPersonState, string> = {
  waiting: 'Waiting to be pre-filled',
  drafting: 'Pre-filling',
  failed: 'Not pre-filled',
  draft_ready: 'Draft ready, not invited',
  linked: 'Linked to their Vitae account',
  join_requested: 'Has an account: asked to join',
  invited: 'Invited',
  opened: 'Opened the invitation',
  bounced: 'E-mail bounced',
  unsubscribed: 'Unsubscribed',
  claimed: 'Claimed',
  sections_complete: 'Sections complete',
  published: 'Published',
};

/** Completion (users.profile_completion_percentage, every required section complete) that counts as "sections complete". */
export const ROSTER_SECTIONS_COMPLETE_PERCENT = 100;

export const ROSTER_PEOPLE_SORTS = ['name', 'state', 'last_email', 'completion', 'line'] as const;
export type RosterPeopleSort = (typeof ROSTER_PEOPLE_SORTS)[number];

export const ROSTER_PEOPLE_PAGE_SIZE = 50;
export const ROSTER_PEOPLE_PAGE_MAX = 200;
/** The CSV export holds at most this many people (a roster upload holds at most 5,000). */
export const ROSTER_PEOPLE_EXPORT_MAX = 50_000;
/** One "Send a reminder" press names at most this many people. */
export const ROSTER_REMINDER_SELECTION_MAX = 500;

const stateList = z
  .string()
  .max(400)
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ROSTER_PERSON_STATES)));

/** The People list's query: the same for the page (with paging) and the CSV export (without). */
export const rosterPeopleQuery = z.object({
  uploadId: z.uuid().optional(),
  state: stateList.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ROSTER_PEOPLE_SORTS).default('line'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ROSTER_PEOPLE_PAGE_MAX).default(ROSTER_PEOPLE_PAGE_SIZE),
});
export type RosterPeopleQuery = z.infer<typeof rosterPeopleQuery>;
/** The same query as the console builds it (states as a list, numbers as numbers). */
export interface RosterPeopleQueryInput {
  uploadId?: string;
  state?: RosterPersonState[];
  q?: string;
  sort?: RosterPeopleSort;
  dir?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export const rosterReminderRequest = z.object({
  rowIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one person.')
    .max(ROSTER_REMINDER_SELECTION_MAX, `At most ${ROSTER_REMINDER_SELECTION_MAX} people at a time.`),
});

export interface RosterPersonDto {
  /** The roster row's id (what a reminder names). */
  id: string;
  uploadId: string;
  line: number;
  npi: string;
  email: string;
  /** The name the roster gave, and the profile's (the registry's, in proper case). */
  name: string | null;
  profileName: string | null;
  specialty: string | null;
  department: string | null;
  state: RosterPersonState;
  failureReason: string | null;
  /** The profile's completion in percent (null before a profile exists). */
  completion: number | null;
  invitedAt: string | null;
  openedAt: string | null;
  claimedAt: string | null;
  bouncedAt: string | null;
  bounceReason: string | null;
  unsubscribedAt: string | null;
  /** Every e-mail recorded for the person (invitation and reminders, any status). */
  emailCount: number;
  lastEmailAt: string | null;
  lastEmailKind: 'invitation' | 'reminder' | null;
  lastEmailStatus: 'sending' | 'sent' | 'failed' | null;
}

export interface RosterPeoplePageDto {
  items: RosterPersonDto[];
  total: number;
  page: number;
  pageSize: number;
  /** People by state under the same upload (before the state filter and the search), for the filter's counts. */
  counts: Partial<Record<RosterPersonState, number>>;
}

export const ROSTER_REMINDER_MESSAGES = {
  notFound: 'Some of the chosen people are not on this hospital’s roster.',
  notInvited: 'Not invited yet: send the invitation first',
  published: 'Already claimed and published: nothing to remind',
  unsubscribed: 'Unsubscribed: they asked for no more e-mails',
  bounced: 'E-mail bounced: the address does not work',
  failed: 'The mail server did not take the reminder',
} as const;

export interface RosterReminderReport {
  sent: number;
  /** Each chosen person who got nothing, with why (in words). */
  refused: Array<{ rowId: string; name: string; reason: string }>;
}
