import { ADMIN_MAGIC_LINK } from '@shared/limits';

const key = (email: string) => `vitae:admin-magic-link:${email}`;

/** Remembers when the resend cooldown ends, so a reload of the confirmation page keeps counting. */
export function rememberCooldown(email: string, seconds = ADMIN_MAGIC_LINK.resendCooldownMs / 1000): number {
  const until = Date.now() + seconds * 1000;
  try {
    sessionStorage.setItem(key(email), String(until));
  } catch {
    // Private browsing may refuse storage; the countdown then restarts on reload, which errs safe.
  }
  return until;
}

/** When the cooldown for this e-mail ends; a page opened without a record assumes a link was just sent. */
export function cooldownUntil(email: string): number {
  let stored: number | null;
  try {
    const raw = sessionStorage.getItem(key(email));
    stored = raw === null ? null : Number(raw);
  } catch {
    stored = null;
  }
  if (stored !== null && Number.isFinite(stored)) return stored;
  return rememberCooldown(email);
}
