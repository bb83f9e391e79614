import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const tones = {
  info: { icon: Info, box: 'bg-brand-50 text-brand-900 ring-brand-200', iconClass: 'text-brand-600' },
  success: { icon: CircleCheck, box: 'bg-emerald-50 text-emerald-900 ring-emerald-200', iconClass: 'text-emerald-600' },
  warning: { icon: TriangleAlert, box: 'bg-amber-50 text-amber-900 ring-amber-200', iconClass: 'text-amber-600' },
  error: { icon: CircleAlert, box: 'bg-red-50 text-red-900 ring-red-200', iconClass: 'text-red-600' },
} satisfies Record<string, { icon: LucideIcon; box: string; iconClass: string }>;

interface NoticeProps {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  /** Errors interrupt a screen reader (alert); everything else is announced politely (status). */
  live?: boolean;
  className?: string;
}

/** A banner for outcomes: an error from the server, a confirmation, an expired session. */
export function Notice({ tone = 'info', title, children, live = true, className }: NoticeProps) {
  const { icon: Icon, box, iconClass } = tones[tone];
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={cn('flex gap-3 rounded-xl px-4 py-3 text-sm leading-6 ring-1 ring-inset', box, className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
