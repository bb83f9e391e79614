import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-brand-600" />
      <path d="M16 18h8.5L32 40.5 39.5 18H48L36.5 47h-9z" fill="#fff" />
      <circle cx="47" cy="47" r="6" className="fill-coral-500" />
    </svg>
  );
}

interface LogoProps {
  to?: string;
  /** A short label after the word mark, such as "Admin". */
  suffix?: string;
  tone?: 'dark' | 'light';
  className?: string;
}

export function Logo({ to = '/', suffix, tone = 'dark', className }: LogoProps) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2.5 rounded-md', className)} aria-label={suffix ? `Vitae ${suffix} home` : 'Vitae home'}>
      <LogoMark />
      <span className={cn('text-xl font-bold tracking-tight', tone === 'dark' ? 'text-gray-900' : 'text-white')}>Vitae</span>
      {suffix ? (
        <span
          className={cn(
            'rounded-md px-1.5 py-0.5 text-xs font-semibold tracking-wide uppercase',
            tone === 'dark' ? 'bg-brand-50 text-brand-700' : 'bg-white/10 text-brand-100',
          )}
        >
          {suffix}
        </span>
      ) : null}
    </Link>
  );
}
