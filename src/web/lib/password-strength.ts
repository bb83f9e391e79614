import { isCommonPassword } from '@shared/common-passwords';

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export const STRENGTH_LABELS: Record<PasswordStrength, string> = {
  0: 'Too short',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

/**
 * A hint only: the server's rules (8–128 characters, not a common password) decide. Length counts
 * most, then variety of character kinds.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 8) return 0;
  if (isCommonPassword(password)) return 1;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (kinds >= 3) score += 1;
  if (kinds <= 1 && password.length < 16) score -= 1;
  return Math.max(1, Math.min(4, score)) as PasswordStrength;
}
