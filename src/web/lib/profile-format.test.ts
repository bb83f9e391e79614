import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, relativeTime } from '@web/lib/profile-format';

// The hand-written English must say exactly what the browser's Intl formatters say.
describe('dates and relative times in US English without Intl', () => {
  const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

  it('says what Intl.RelativeTimeFormat says, before and after, for every unit', () => {
    for (const unit of ['year', 'month', 'week', 'day', 'hour', 'minute'] as const) {
      for (const value of [-1234, -45, -2, -1, 0, 1, 2, 12, 59, 1000]) {
        expect(relativeTime(value, unit), `${value} ${unit}`).toBe(intl.format(value, unit));
      }
    }
  });

  it('rounds to the largest unit and says "just now" under 45 seconds', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const ago = (seconds: number) => formatRelative(new Date(now.getTime() - seconds * 1000).toISOString(), now);
    expect(ago(30)).toBe('just now');
    expect(ago(50)).toBe('1 minute ago');
    expect(ago(5 * 60)).toBe('5 minutes ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(26 * 3600)).toBe('yesterday');
    expect(ago(8 * 86400)).toBe('last week');
    expect(ago(95 * 86400)).toBe('3 months ago');
    expect(formatRelative(null)).toBeNull();
    expect(formatRelative('not a date')).toBeNull();
  });

  it('writes a date as Intl.DateTimeFormat does, a calendar day unshifted by the time zone', () => {
    const intlDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (const iso of ['2021-06-30', '2024-02-29', '2026-01-01', '1999-12-31']) {
      expect(formatDate(iso)).toBe(intlDate.format(new Date(`${iso}T12:00:00`)));
    }
    expect(formatDate('2021-06-30')).toBe('Jun 30, 2021');
    expect(formatDate('2026-11-27T09:30:00.000Z')).toBe(intlDate.format(new Date('2026-11-27T09:30:00.000Z')));
    expect(formatDate('')).toBeNull();
    expect(formatDate('garbage')).toBeNull();
  });
});
