// Dates and relative times in the app's language (US English), written out by hand. The first `Intl`
// formatter a page creates makes Chromium load its locale data: 40 to 75 ms measured on this
// project's machine, about 160 ms at Lighthouse's four-fold slowdown, and it ran while the dashboard's
// code was evaluated, because the formatters were made when their module loaded (decision 0015).
// The output is Intl's own: `format.test.ts` compares the two.

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: Array<[Unit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** What `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })` says for one unit before or after. */
const NEXT_OR_LAST: Partial<Record<Unit, [string, string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `value` of `unit` from now, as "5 minutes ago", "in 2 hours", "yesterday" or "next week". */
export function relativeTime(value: number, unit: Unit): string {
  const words = NEXT_OR_LAST[unit];
  if (words && Math.abs(value) === 1) return value < 0 ? words[0] : words[1];
  if (value === 0) return unit === 'day' ? 'today' : `this ${unit}`;
  const amount = Math.abs(value);
  const phrase = `${grouped(amount)} ${unit}${amount === 1 ? '' : 's'}`;
  return value < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** "just now", "5 minutes ago", "yesterday", "3 months ago". */
export function formatRelative(iso: string | null | undefined, now: Date = new Date()): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeTime(Math.round(seconds / size), unit);
  }
  return relativeTime(Math.round(seconds / 60), 'minute');
}

/** "Jun 30, 2021" for an ISO date or timestamp (dates are read as calendar days, not shifted by time zone). */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso;
  const date = new Date(day);
  return Number.isNaN(date.getTime()) ? null : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
