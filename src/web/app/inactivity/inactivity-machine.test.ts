import { describe, expect, it } from 'vitest';
import { INACTIVITY } from '@shared/limits';
import {
  formatCountdown,
  inactivityReducer,
  initialInactivityState,
  keepAliveDue,
  KEEP_ALIVE_INTERVAL_MS,
  nextDeadline,
  phaseAt,
  remainingMs,
  type InactivityState,
} from './inactivity-machine';

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;
const WARN_AT = T0 + 25 * MINUTE;
const END_AT = T0 + 30 * MINUTE;

describe('formatCountdown', () => {
  it.each([
    [300_000, '5:00'],
    [299_001, '5:00'],
    [299_000, '4:59'],
    [61_000, '1:01'],
    [60_000, '1:00'],
    [59_999, '1:00'],
    [9_000, '0:09'],
    [999, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('phaseAt', () => {
  it('uses the spec limits: warning after 25 minutes, expiry at 30', () => {
    expect(INACTIVITY.timeoutMs - INACTIVITY.warningBeforeMs).toBe(25 * MINUTE);
    expect(phaseAt(T0, WARN_AT - 1)).toBe('active');
    expect(phaseAt(T0, WARN_AT)).toBe('warning');
    expect(phaseAt(T0, END_AT - 1)).toBe('warning');
    expect(phaseAt(T0, END_AT)).toBe('expired');
    expect(phaseAt(T0, END_AT + 10 * MINUTE)).toBe('expired');
  });
});

describe('inactivityReducer', () => {
  const start = initialInactivityState(T0);

  it('activity while active restarts the timer', () => {
    const state = inactivityReducer(start, { type: 'activity', at: T0 + 20 * MINUTE });
    expect(state).toEqual({ lastActivityAt: T0 + 20 * MINUTE, phase: 'active' });
    expect(nextDeadline(state)).toBe(T0 + 45 * MINUTE);
  });

  it('a tick moves to the warning, then to expiry', () => {
    const warning = inactivityReducer(start, { type: 'tick', at: WARN_AT });
    expect(warning.phase).toBe('warning');
    expect(nextDeadline(warning)).toBe(END_AT);
    expect(remainingMs(warning, WARN_AT)).toBe(5 * MINUTE);
    const expired = inactivityReducer(warning, { type: 'tick', at: END_AT });
    expect(expired.phase).toBe('expired');
    expect(nextDeadline(expired)).toBeNull();
  });

  it('ignores activity while the warning shows', () => {
    const warning = inactivityReducer(start, { type: 'tick', at: WARN_AT });
    const after = inactivityReducer(warning, { type: 'activity', at: WARN_AT + 1_000 });
    expect(after).toEqual(warning);
  });

  it('does not let a late activity event rescue a session whose warning time has passed', () => {
    // The tab slept: no timer fired, and the first thing that happens is a mouse move at 26 minutes.
    const after = inactivityReducer(start, { type: 'activity', at: T0 + 26 * MINUTE });
    expect(after.phase).toBe('warning');
    expect(after.lastActivityAt).toBe(T0);
    expect(inactivityReducer(start, { type: 'activity', at: END_AT + 1 }).phase).toBe('expired');
  });

  it('"Stay Logged In" restarts from the warning', () => {
    const warning = inactivityReducer(start, { type: 'tick', at: WARN_AT });
    const stayed = inactivityReducer(warning, { type: 'stay', at: WARN_AT + 30_000 });
    expect(stayed).toEqual({ lastActivityAt: WARN_AT + 30_000, phase: 'active' });
  });

  it('"Stay Logged In" is too late once the time is up, and expiry is final', () => {
    const warning = inactivityReducer(start, { type: 'tick', at: WARN_AT });
    const late = inactivityReducer(warning, { type: 'stay', at: END_AT });
    expect(late.phase).toBe('expired');
    const expired: InactivityState = { lastActivityAt: T0, phase: 'expired' };
    expect(inactivityReducer(expired, { type: 'stay', at: T0 + 1 })).toBe(expired);
    expect(inactivityReducer(expired, { type: 'activity', at: T0 + 1 })).toBe(expired);
    expect(inactivityReducer(expired, { type: 'remote-activity', at: T0 + 1, now: T0 + 1 })).toBe(expired);
  });

  it('activity in another tab counts even during the warning, but never from the future', () => {
    const warning = inactivityReducer(start, { type: 'tick', at: WARN_AT });
    const remote = inactivityReducer(warning, { type: 'remote-activity', at: WARN_AT + 1_000, now: WARN_AT + 1_500 });
    expect(remote).toEqual({ lastActivityAt: WARN_AT + 1_000, phase: 'active' });
    const skewed = inactivityReducer(start, { type: 'remote-activity', at: T0 + 99 * MINUTE, now: T0 + MINUTE });
    expect(skewed.lastActivityAt).toBe(T0 + MINUTE);
    const older = inactivityReducer(remote, { type: 'remote-activity', at: T0, now: WARN_AT + 2_000 });
    expect(older.lastActivityAt).toBe(WARN_AT + 1_000);
  });
});

describe('keepAliveDue', () => {
  it('sends at once when nothing has been sent yet', () => {
    expect(keepAliveDue({ lastActivityAt: T0, lastKeepAliveAt: null, now: T0 })).toBe('now');
  });

  it('sends nothing without activity since the last keep-alive', () => {
    expect(keepAliveDue({ lastActivityAt: T0, lastKeepAliveAt: T0, now: T0 + 20 * MINUTE })).toBeNull();
  });

  it('waits for the interval, then sends for the activity in between', () => {
    expect(KEEP_ALIVE_INTERVAL_MS).toBe(5 * MINUTE);
    expect(keepAliveDue({ lastActivityAt: T0 + MINUTE, lastKeepAliveAt: T0, now: T0 + MINUTE })).toBe(T0 + 5 * MINUTE);
    expect(keepAliveDue({ lastActivityAt: T0 + MINUTE, lastKeepAliveAt: T0, now: T0 + 5 * MINUTE })).toBe('now');
  });
});
