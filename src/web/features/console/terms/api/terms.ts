import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermsImportDto } from '@shared/schemas/terms-import';
import type { TermType } from '@shared/enums';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import type { Page } from '../../api/list-admins';

export type TermScope = { kind: 'default' } | { kind: 'hospital'; hospitalId: string };

export interface TermRow {
  id: string;
  termId: string;
  term: string;
  termType: TermType;
  specialtyName: string | null;
  isActive: boolean;
  isCustom?: boolean;
  isYextSourced?: boolean;
  sortOrder?: number;
  synonyms?: string[];
  searchKeywords?: string[];
}

export interface TermFilters {
  q: string;
  termType: TermType | '';
  specialty: string;
  activeOnly: boolean;
}

export interface TermCreateBody {
  termId: string;
  term: string;
  termType?: TermType;
  specialtyName?: string | null;
  isActive?: boolean;
}

export interface TermUpdateBody {
  term?: string;
  termType?: TermType;
  specialtyName?: string | null;
  isActive?: boolean;
}

/** The server's largest page (spec §7: paged fetches of terms use 1,000). */
export const TERMS_PAGE_SIZE = 1000;
export const TERMS_TEMPLATE_URL = '/api/admin/terms/template.csv';

export function termsBase(scope: TermScope): string {
  return scope.kind === 'default' ? '/api/admin/terms/default' : `/api/admin/hospitals/${encodeURIComponent(scope.hospitalId)}/terms`;
}

export const termsKey = (scope: TermScope) => ['admin', 'terms', scope.kind === 'default' ? 'default' : scope.hospitalId] as const;

/** One page (0-based) of the list under the given filters. */
export function termsPageQuery(scope: TermScope, filters: TermFilters, pageIndex: number, pageSize = TERMS_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...termsKey(scope), 'page', filters, pageSize, pageIndex],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(pageIndex + 1), pageSize: String(pageSize), activeOnly: String(filters.activeOnly) });
      if (filters.q.trim()) params.set('q', filters.q.trim());
      if (filters.termType) params.set('termType', filters.termType);
      if (filters.specialty.trim()) params.set('specialty', filters.specialty.trim());
      return apiFetch<Page<TermRow> & { totalCountCapped?: boolean }>(`${termsBase(scope)}?${params}`, { signal, timeoutMs: 60_000 });
    },
    // Pages stay while the admin scrolls back and forth; edits invalidate them.
    staleTime: 60_000,
    ...adminRetryPolicy,
  });
}

function useInvalidateTerms(scope: TermScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: termsKey(scope) });
}

export function useCreateTerm(scope: TermScope) {
  const invalidate = useInvalidateTerms(scope);
  return useMutation({
    mutationFn: (body: TermCreateBody) => apiFetch<TermRow>(termsBase(scope), { method: 'POST', body }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useUpdateTerm(scope: TermScope) {
  const invalidate = useInvalidateTerms(scope);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TermUpdateBody }) =>
      apiFetch<TermRow>(`${termsBase(scope)}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    ...adminRetryPolicy,
    onSuccess: invalidate,
  });
}

export function useDeleteTerm(scope: TermScope) {
  const invalidate = useInvalidateTerms(scope);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`${termsBase(scope)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: invalidate,
  });
}

type HospitalScope = Extract<TermScope, { kind: 'hospital' }>;

export interface TermsReport {
  created: number;
  failed: number;
  errors: string[];
}

/**
 * `PUT …/terms` with a CSV: every row must be valid, or nothing changes. A small file is replaced in
 * the request (the report); a larger one is queued as an import job (202, its progress to poll).
 */
export function useReplaceTerms(scope: HospitalScope) {
  const invalidate = useInvalidateTerms(scope);
  return useMutation({
    mutationFn: ({ csv, fileName }: { csv: string; fileName: string }) =>
      apiFetch<TermsReport | TermsImportDto>(`${termsBase(scope)}?${new URLSearchParams({ fileName })}`, {
        method: 'PUT',
        body: csvBody(csv),
        timeoutMs: 180_000,
      }),
    retry: false,
    onSuccess: (result) => (isTermsImport(result) ? undefined : invalidate()),
  });
}

export const isTermsImport = (result: TermsReport | TermsImportDto): result is TermsImportDto => 'jobId' in result;

/** How often the console asks how a queued import is doing. */
export const TERMS_IMPORT_POLL_MS = 1_000;

/** The import's progress, polled while it waits or runs; the terms are read again once it is done. */
export function useTermsImport(scope: HospitalScope, jobId: string | null) {
  const invalidate = useInvalidateTerms(scope);
  return useQuery({
    // Not under termsKey: reading the terms again once it is done must not ask for the import again.
    queryKey: ['admin', 'terms-import', scope.hospitalId, jobId],
    queryFn: async ({ signal }) => {
      const result = await apiFetch<TermsImportDto>(`${termsBase(scope)}/imports/${encodeURIComponent(jobId!)}`, { signal });
      if (result.status === 'done') void invalidate();
      return result;
    },
    enabled: Boolean(jobId),
    refetchInterval: (query) => (query.state.data && !['queued', 'running'].includes(query.state.data.status) ? false : TERMS_IMPORT_POLL_MS),
    ...adminRetryPolicy,
  });
}

export function useCopyDefaultTerms(scope: HospitalScope) {
  const invalidate = useInvalidateTerms(scope);
  return useMutation({
    mutationFn: () => apiFetch<{ success: boolean; created_count: number }>(`${termsBase(scope)}/copy-defaults`, { method: 'POST', timeoutMs: 120_000 }),
    retry: false,
    onSuccess: invalidate,
  });
}
