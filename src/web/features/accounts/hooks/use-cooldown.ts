import { useCallback, useEffect, useState } from 'react';

/**
 * A resend cooldown: `secondsLeft` counts down to 0 from `start()`. Driven by `Date.now()` so a
 * throttled background tab still shows the right number when it comes back.
 */
export function useCooldown(durationMs: number, { startImmediately = false } = {}) {
  const [endsAt, setEndsAt] = useState<number | null>(() => (startImmediately ? Date.now() + durationMs : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    };
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + durationMs);
  }, [durationMs]);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, active: secondsLeft > 0, start };
}
