/**
 * The administrator's dashboard of work (issue 35 item 5): what waits for the admin, each a count
 * with where to act on it, and the completion reminder to providers below a threshold.
 */

/** Providers whose stored completion is below this are offered a reminder. */
export const COMPLETION_REMINDER_THRESHOLD = 50;
/** A provider gets at most one completion reminder in this many days, whoever sends it. */
export const COMPLETION_REMINDER_INTERVAL_DAYS = 7;
/** One press of "Send a reminder" mails at most this many providers (the rest on a later press). */
export const COMPLETION_REMINDER_BATCH = 200;

export interface AdminWorkItem {
  count: number;
  /** The hospital with the most of them (a system admin's link goes there); null when none. */
  hospitalId: string | null;
}

export interface AdminWorkView {
  listingsAwaitingApproval: AdminWorkItem;
  joinRequests: AdminWorkItem;
  appointmentRequests: AdminWorkItem;
  providersBelowThreshold: AdminWorkItem & {
    threshold: number;
    /** Of them, how many a reminder may go to now (none in the last interval). */
    remindable: number;
  };
  newFeedback: AdminWorkItem;
}

export interface CompletionReminderReport {
  sent: number;
  /** Below the threshold but reminded in the last interval: not mailed again. */
  skippedRecentlyReminded: number;
  /** Left for a later press, beyond one batch. */
  remaining: number;
}
