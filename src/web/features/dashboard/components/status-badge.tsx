import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import type { SectionStatus } from '@shared/profile-completion';
import { cn } from '@web/lib/cn';

export const STATUS_TEXT: Record<SectionStatus, string> = {
  complete: 'Complete',
  needs_update: 'Needs update',
  missing: 'Missing',
};

const styles: Record<SectionStatus, { badge: string; dot: string; icon: typeof CircleCheck }> = {
  complete: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500', icon: CircleCheck },
  needs_update: { badge: 'bg-amber-50 text-amber-900 ring-amber-200', dot: 'bg-amber-500', icon: CircleAlert },
  missing: { badge: 'bg-gray-100 text-gray-700 ring-gray-200', dot: 'bg-white ring-2 ring-inset ring-gray-300', icon: CircleDashed },
};

export function StatusBadge({ status, className }: { status: SectionStatus; className?: string }) {
  const { badge, icon: Icon } = styles[status];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', badge, className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_TEXT[status]}
    </span>
  );
}

/** A small coloured dot for the sidebar; the text goes to assistive technology separately. */
export function StatusDot({ status, className }: { status: SectionStatus; className?: string }) {
  return <span aria-hidden="true" title={STATUS_TEXT[status]} className={cn('inline-block size-2 shrink-0 rounded-full', styles[status].dot, className)} />;
}
