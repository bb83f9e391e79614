import { cn } from '@web/lib/cn';
import { passwordStrength, STRENGTH_LABELS } from '@web/lib/password-strength';

const BAR_COLOURS = ['bg-gray-200', 'bg-red-500', 'bg-amber-500', 'bg-brand-500', 'bg-emerald-600'] as const;

/** A strength meter under a new-password field; the rules themselves are checked on submit. */
export function PasswordStrengthHint({ password }: { password: string }) {
  if (!password) return <span>Use at least 8 characters. A longer passphrase is stronger than a short, complex password.</span>;
  const strength = passwordStrength(password);
  return (
    <span className="flex items-center gap-3">
      <span aria-hidden="true" className="grid flex-1 grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((level) => (
          <span key={level} className={cn('h-1.5 rounded-full', strength >= level ? BAR_COLOURS[strength] : 'bg-gray-200')} />
        ))}
      </span>
      <span className="min-w-16 shrink-0 text-right font-medium text-gray-700">
        <span className="sr-only">Password strength: </span>
        {STRENGTH_LABELS[strength]}
      </span>
    </span>
  );
}
