import { useEffect, useState } from 'react';

/** Whole seconds left until `untilMs` (0 once passed), updated every second. */
export function useCountdown(untilMs: number | null): number {
  const remaining = () => (untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);

  useEffect(() => {
    const tick = () => setSeconds(untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
    tick();
    if (untilMs === null) return undefined;
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= untilMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);

  return seconds;
}

/** 75 → "1:15". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
