import { FEEDBACK_CATEGORY_LABELS, type FeedbackCategory, type FeedbackStatus } from '@shared/enums';
import { SEVERITY_LABELS } from '@shared/schemas/feedback';
import type { StatusFilter } from '../api/admin-feedback';

export const STATUS_LABELS: Record<FeedbackStatus, string> = {
  submitted: 'Submitted',
  in_progress: 'In Progress',
  completed: 'Completed',
  rejected: 'Rejected',
};

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All statuses',
  all_but_closed: 'All but closed',
  ...STATUS_LABELS,
};

export function categoryLabel(category: string): string {
  return FEEDBACK_CATEGORY_LABELS[category as FeedbackCategory] ?? category;
}

export function severityLabel(severity: number): string {
  return SEVERITY_LABELS[severity as keyof typeof SEVERITY_LABELS] ?? String(severity);
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as FeedbackStatus] ?? status;
}
