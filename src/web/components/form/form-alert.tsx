import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const tones: Record<'error' | 'success' | 'info', { box: string; icon: LucideIcon; iconClass: string }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert, iconClass: 'text-red-600' },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck, iconClass: 'text-emerald-600' },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info, iconClass: 'text-brand-600' },
};

interface FormAlertProps {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A message about the whole form (not one field): rate limits, server failures, confirmations. */
export function FormAlert({ tone = 'error', title, children, className }: FormAlertProps) {
  const { box, icon: Icon, iconClass } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-3.5 text-sm leading-6', box, className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
      </div>
    </div>
  );
}
