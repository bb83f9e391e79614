import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionId } from '@shared/limits';
import type { NextStep, SectionCompletion } from '@shared/profile-completion';
import type { SessionUser } from '@web/lib/session';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface Dashboard {
  user: SessionUser & { createdAt?: string; lastLoginAt?: string | null };
  sections: SectionCompletion[];
  completionPercentage: number;
  nextSteps: NextStep[];
}

/** `GET /api/dashboard`: each section's status for this provider's hospital, the percentage and next steps. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>('/api/dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: profileKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

export type SectionStatusMap = Partial<Record<SectionId, SectionCompletion>>;
