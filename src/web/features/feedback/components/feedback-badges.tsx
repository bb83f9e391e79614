import type { FeedbackStatus } from '@shared/enums';
import { cn } from '@web/lib/cn';
import { severityLabel, statusLabel } from '../lib/labels';

const STATUS_TONES: Record<FeedbackStatus, string> = {
  submitted: 'bg-gray-100 text-gray-700 ring-gray-200',
  in_progress: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

const SEVERITY_TONES: Record<number, string> = {
  1: 'bg-gray-100 text-gray-700 ring-gray-200',
  2: 'bg-sky-50 text-sky-800 ring-sky-200',
  3: 'bg-amber-50 text-amber-800 ring-amber-200',
  4: 'bg-orange-50 text-orange-800 ring-orange-200',
  5: 'bg-red-50 text-red-800 ring-red-200',
};

const base = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return <span className={cn(base, STATUS_TONES[status as FeedbackStatus] ?? STATUS_TONES.submitted, className)}>{statusLabel(status)}</span>;
}

export function SeverityBadge({ severity, className }: { severity: number; className?: string }) {
  return (
    <span className={cn(base, SEVERITY_TONES[severity] ?? SEVERITY_TONES[1], className)}>
      <span aria-hidden="true" className="tabular-nums">
        {severity}
      </span>
      <span aria-hidden="true">·</span>
      <span>
        <span className="sr-only">Severity {severity}, </span>
        {severityLabel(severity)}
      </span>
    </span>
  );
}
