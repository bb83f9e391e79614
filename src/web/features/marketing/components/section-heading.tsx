import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}

export function SectionHeading({ id, eyebrow, title, children, align = 'center', tone = 'light' }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p className={cn('text-sm font-semibold tracking-wider uppercase', tone === 'light' ? 'text-coral-700' : 'text-coral-300')}>{eyebrow}</p>
      <h2 id={id} className={cn('mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl', tone === 'light' ? 'text-gray-900' : 'text-white')}>
        {title}
      </h2>
      {children ? <div className={cn('mt-5 text-lg leading-8 text-pretty', tone === 'light' ? 'text-gray-600' : 'text-brand-100')}>{children}</div> : null}
    </div>
  );
}
