import { INACTIVITY } from '@shared/limits';

/**
 * The inactivity session as a pure state machine (access spec §4): active → warning after 25 minutes
 * without activity → expired at 30. Times are `Date.now()` milliseconds passed in by the caller, so
 * the machine is testable and a sleeping laptop simply wakes up in the right phase.
 */

export type InactivityPhase = 'active' | 'warning' | 'expired';

export interface InactivityConfig {
  timeoutMs: number;
  warningBeforeMs: number;
}

export const DEFAULT_INACTIVITY_CONFIG: InactivityConfig = {
  timeoutMs: INACTIVITY.timeoutMs,
  warningBeforeMs: INACTIVITY.warningBeforeMs,
};

/** How often an active person's browser tells the server they are still there. */
export const KEEP_ALIVE_INTERVAL_MS = 5 * 60_000;

export interface InactivityState {
  lastActivityAt: number;
  phase: InactivityPhase;
}

export type InactivityEvent =
  /** Mouse, keys, scroll, touch or click in this tab. Ignored while the warning shows. */
  | { type: 'activity'; at: number }
  /** Activity in another tab of the same session: it keeps the shared session alive, so it counts even during the warning. */
  | { type: 'remote-activity'; at: number; now: number }
  /** "Stay Logged In". */
  | { type: 'stay'; at: number }
  /** A timer fired or the tab became visible: re-read the clock. */
  | { type: 'tick'; at: number };

export function phaseAt(lastActivityAt: number, now: number, config: InactivityConfig = DEFAULT_INACTIVITY_CONFIG): InactivityPhase {
  const idle = now - lastActivityAt;
  if (idle >= config.timeoutMs) return 'expired';
  if (idle >= config.timeoutMs - config.warningBeforeMs) return 'warning';
  return 'active';
}

export function initialInactivityState(now: number): InactivityState {
  return { lastActivityAt: now, phase: 'active' };
}

export function inactivityReducer(state: InactivityState, event: InactivityEvent, config: InactivityConfig = DEFAULT_INACTIVITY_CONFIG): InactivityState {
  if (state.phase === 'expired') return state;
  switch (event.type) {
    case 'tick':
      return { ...state, phase: phaseAt(state.lastActivityAt, event.at, config) };
    case 'activity': {
      // A late timer must not let a stray mouse move rescue a session that is already over.
      const phase = phaseAt(state.lastActivityAt, event.at, config);
      if (phase !== 'active') return { ...state, phase };
      return { lastActivityAt: event.at, phase: 'active' };
    }
    case 'remote-activity': {
      if (phaseAt(state.lastActivityAt, event.now, config) === 'expired') return { ...state, phase: 'expired' };
      const lastActivityAt = Math.min(Math.max(state.lastActivityAt, event.at), event.now);
      return { lastActivityAt, phase: phaseAt(lastActivityAt, event.now, config) };
    }
    case 'stay':
      if (phaseAt(state.lastActivityAt, event.at, config) === 'expired') return { ...state, phase: 'expired' };
      return { lastActivityAt: event.at, phase: 'active' };
  }
}

/** When the current phase ends: the warning while active, the logout while warning. */
export function nextDeadline(state: InactivityState, config: InactivityConfig = DEFAULT_INACTIVITY_CONFIG): number | null {
  if (state.phase === 'active') return state.lastActivityAt + config.timeoutMs - config.warningBeforeMs;
  if (state.phase === 'warning') return state.lastActivityAt + config.timeoutMs;
  return null;
}

/** Milliseconds left before the automatic logout. */
export function remainingMs(state: InactivityState, now: number, config: InactivityConfig = DEFAULT_INACTIVITY_CONFIG): number {
  return Math.max(0, state.lastActivityAt + config.timeoutMs - now);
}

/**
 * When to tell the server the person is still active: at most once per interval, and only if there
 * was activity since the last keep-alive. `'now'`, a later time to check again, or `null` (nothing to send).
 */
export function keepAliveDue(args: { lastActivityAt: number; lastKeepAliveAt: number | null; now: number; intervalMs?: number }): 'now' | number | null {
  const { lastActivityAt, lastKeepAliveAt, now, intervalMs = KEEP_ALIVE_INTERVAL_MS } = args;
  if (lastKeepAliveAt === null) return 'now';
  if (lastActivityAt <= lastKeepAliveAt) return null;
  const due = lastKeepAliveAt + intervalMs;
  return now >= due ? 'now' : due;
}

/** 300000 → "5:00", 61000 → "1:01", 999 → "0:01": whole seconds, rounded up so 0:00 means the end. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
