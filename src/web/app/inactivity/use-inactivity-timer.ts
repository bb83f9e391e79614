import { useCallback, useEffect, useRef, useState } from 'react';
import { INACTIVITY } from '@shared/limits';
import {
  DEFAULT_INACTIVITY_CONFIG,
  inactivityReducer,
  initialInactivityState,
  keepAliveDue,
  KEEP_ALIVE_INTERVAL_MS,
  nextDeadline,
  remainingMs,
  type InactivityConfig,
  type InactivityEvent,
  type InactivityPhase,
} from './inactivity-machine';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

/** Other tabs of the same session hear about activity through this key (the `storage` event). */
export const ACTIVITY_STORAGE_KEY = 'vitae:last-activity';

const COUNTDOWN_TICK_MS = 1_000;

export interface InactivityTimerOptions {
  /** Called once, when 30 minutes have passed without activity. */
  onExpire: () => void;
  /** Tells the server the person is active; scheduled by the timer, at most once per `keepAliveIntervalMs`. */
  sendKeepAlive: () => void | Promise<unknown>;
  config?: InactivityConfig;
  throttleMs?: number;
  keepAliveIntervalMs?: number;
}

export interface InactivityTimer {
  phase: InactivityPhase;
  /** Time left before the automatic logout, in whole seconds (as milliseconds) while the warning shows. */
  remainingMs: number;
  /** "Stay Logged In": restart the timer (the caller has already told the server). */
  stay: () => void;
}

function writeActivity(at: number) {
  try {
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Storage can be full or disabled; other tabs then just keep their own timers.
  }
}

/**
 * The inactivity timer of a signed-in member. Every time is read from `Date.now()` and every wait is a
 * `setTimeout`/`setInterval`, so a sleeping laptop, a throttled background tab and Playwright's clock
 * all land in the right phase.
 */
export function useInactivityTimer({
  onExpire,
  sendKeepAlive,
  config = DEFAULT_INACTIVITY_CONFIG,
  throttleMs = INACTIVITY.activityThrottleMs,
  keepAliveIntervalMs = KEEP_ALIVE_INTERVAL_MS,
}: InactivityTimerOptions): InactivityTimer {
  const [snapshot, setSnapshot] = useState<{ phase: InactivityPhase; remainingMs: number }>({ phase: 'active', remainingMs: config.timeoutMs });
  const callbacks = useRef({ onExpire, sendKeepAlive });
  const controls = useRef<{ stay: () => void } | null>(null);

  useEffect(() => {
    callbacks.current = { onExpire, sendKeepAlive };
  });

  const { timeoutMs, warningBeforeMs } = config;

  useEffect(() => {
    const machineConfig = { timeoutMs, warningBeforeMs };
    let state = initialInactivityState(Date.now());
    let lastHandledAt = Number.NEGATIVE_INFINITY;
    let lastKeepAliveAt: number | null = null;
    let phaseTimer: ReturnType<typeof setTimeout> | undefined;
    let keepAliveTimer: ReturnType<typeof setTimeout> | undefined;
    let countdown: ReturnType<typeof setInterval> | undefined;
    let expired = false;

    const publish = (now: number) => {
      const remaining = state.phase === 'warning' ? Math.ceil(remainingMs(state, now, machineConfig) / 1000) * 1000 : state.phase === 'expired' ? 0 : timeoutMs;
      setSnapshot((previous) =>
        previous.phase === state.phase && previous.remainingMs === remaining ? previous : { phase: state.phase, remainingMs: remaining },
      );
    };

    const stopTimers = () => {
      clearTimeout(phaseTimer);
      clearTimeout(keepAliveTimer);
      clearInterval(countdown);
      phaseTimer = keepAliveTimer = countdown = undefined;
    };

    const schedule = (now: number) => {
      clearTimeout(phaseTimer);
      publish(now);
      if (state.phase === 'expired') {
        stopTimers();
        if (!expired) {
          expired = true;
          callbacks.current.onExpire();
        }
        return;
      }
      if (state.phase === 'warning') {
        countdown ??= setInterval(evaluate, COUNTDOWN_TICK_MS);
      } else if (countdown !== undefined) {
        clearInterval(countdown);
        countdown = undefined;
      }
      const deadline = nextDeadline(state, machineConfig);
      if (deadline !== null) phaseTimer = setTimeout(evaluate, Math.max(0, deadline - now));
    };

    const dispatch = (event: InactivityEvent, now: number) => {
      state = inactivityReducer(state, event, machineConfig);
      schedule(now);
    };

    function evaluate() {
      const now = Date.now();
      dispatch({ type: 'tick', at: now }, now);
    }

    const maybeKeepAlive = (now: number) => {
      if (state.phase === 'expired') return;
      const due = keepAliveDue({ lastActivityAt: state.lastActivityAt, lastKeepAliveAt, now, intervalMs: keepAliveIntervalMs });
      if (due === 'now') {
        clearTimeout(keepAliveTimer);
        keepAliveTimer = undefined;
        lastKeepAliveAt = now;
        void Promise.resolve(callbacks.current.sendKeepAlive()).catch(() => undefined);
      } else if (due !== null && keepAliveTimer === undefined) {
        // Activity since the last keep-alive is reported when the interval is up, even if the person
        // has stopped by then: the server's idle clock must never run ahead of this one.
        keepAliveTimer = setTimeout(() => {
          keepAliveTimer = undefined;
          maybeKeepAlive(Date.now());
        }, due - now);
      }
    };

    const onActivity = () => {
      const now = Date.now();
      if (now - lastHandledAt < throttleMs) return;
      lastHandledAt = now;
      const before = state.lastActivityAt;
      dispatch({ type: 'activity', at: now }, now);
      if (state.lastActivityAt !== before) {
        writeActivity(now);
        maybeKeepAlive(now);
      }
    };

    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACTIVITY_STORAGE_KEY || !event.newValue) return;
      const at = Number(event.newValue);
      if (!Number.isFinite(at)) return;
      const now = Date.now();
      dispatch({ type: 'remote-activity', at, now }, now);
    };

    const onVisibility = () => {
      if (document.visibilityState === 'visible') evaluate();
    };

    controls.current = {
      stay: () => {
        const now = Date.now();
        lastKeepAliveAt = now;
        dispatch({ type: 'stay', at: now }, now);
        if (state.phase === 'active') writeActivity(now);
      },
    };

    const options: AddEventListenerOptions = { passive: true, capture: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);

    // Opening a member page is activity: the server hears about it too, so both clocks start together.
    const now = Date.now();
    maybeKeepAlive(now);
    schedule(now);

    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
      stopTimers();
      controls.current = null;
    };
  }, [timeoutMs, warningBeforeMs, throttleMs, keepAliveIntervalMs]);

  const stay = useCallback(() => controls.current?.stay(), []);
  return { phase: snapshot.phase, remainingMs: snapshot.remainingMs, stay };
}
