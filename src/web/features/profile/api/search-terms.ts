import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TermType } from '@shared/enums';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface ExpertiseTerm {
  id: string;
  termId: string;
  term: string;
  termType: TermType;
  specialtyName: string | null;
}

export interface TermSearchResult {
  source: 'hospital' | 'hospital_and_default' | 'default';
  items: ExpertiseTerm[];
  totalCount: number;
  /** More matches than the server counts (totalCount is then its cap, 1,000). */
  totalCountCapped?: boolean;
}

export type TermTypeFilter = Exclude<TermType, 'Other'> | 'all';

export const TERM_SEARCH_PAGE_SIZE = 20;

/** `GET /api/terms/search`: the provider's hospital's expertise terms (or the defaults) containing the text. */
export function searchTerms(q: string, termType: TermTypeFilter, specialty: string, signal?: AbortSignal): Promise<TermSearchResult> {
  const params = new URLSearchParams({ q, termType, pageSize: String(TERM_SEARCH_PAGE_SIZE) });
  if (specialty) params.set('specialty', specialty);
  return apiFetch<TermSearchResult>(`/api/terms/search?${params.toString()}`, { signal });
}

export function useTermSearch(q: string, termType: TermTypeFilter, specialty: string) {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.termSearch(q, termType, specialty),
      queryFn: ({ signal }) => searchTerms(q, termType, specialty, signal),
      enabled: q.trim().length > 0,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
