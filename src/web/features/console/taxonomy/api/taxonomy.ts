import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxonomySource, UploadStatus } from '@shared/enums';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import type { Page } from '../../api/list-admins';

/** Which taxonomy a screen works on: the default one, or one hospital's own. */
export type TaxonomyScope = { kind: 'default' } | { kind: 'hospital'; hospitalId: string };

export interface TaxonomyRow {
  id: string;
  specialty: string;
  department: string | null;
  division: string | null;
  section: string | null;
  specialtyCode: string | null;
  isActive: boolean;
  /** Default taxonomy only. */
  searchKeywords?: string[];
  commonAbbreviations?: string[];
  sortOrder?: number;
  /** Hospital taxonomy only: added by hand rather than from a file. */
  isCustom?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TaxonomyRowBody {
  specialty?: string;
  department?: string | null;
  division?: string | null;
  section?: string | null;
  specialtyCode?: string | null;
  isActive?: boolean;
  searchKeywords?: string[];
  commonAbbreviations?: string[];
}

export interface TaxonomyConfigDto {
  hospitalId: string;
  usesDefaultTaxonomy: boolean;
  taxonomySource: TaxonomySource;
  updatedAt: string | null;
  activeHospitalRowCount: number;
  effectiveSource: 'hospital' | 'default';
}

export interface TaxonomyUploadDto {
  id: string;
  fileName: string;
  rowCount: number | null;
  uploadStatus: UploadStatus;
  errorMessage: string | null;
  uploadedBy: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface TaxonomyFilters {
  department: string;
  division: string;
  section: string;
  q: string;
  activeOnly: boolean;
  page: number;
  pageSize: number;
}

export const TAXONOMY_TEMPLATE_URL = '/api/admin/taxonomy/template.csv';

export function taxonomyBase(scope: TaxonomyScope): string {
  return scope.kind === 'default' ? '/api/admin/taxonomy/default' : `/api/admin/hospitals/${encodeURIComponent(scope.hospitalId)}/taxonomy`;
}

export const taxonomyKey = (scope: TaxonomyScope) => ['admin', 'taxonomy', scope.kind === 'default' ? 'default' : scope.hospitalId] as const;

export function useTaxonomyRows(scope: TaxonomyScope, filters: TaxonomyFilters) {
  return useQuery({
    queryKey: [...taxonomyKey(scope), 'rows', filters],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize), activeOnly: String(filters.activeOnly) });
      for (const key of ['department', 'division', 'section', 'q'] as const) if (filters[key].trim()) params.set(key, filters[key].trim());
      return apiFetch<Page<TaxonomyRow>>(`${taxonomyBase(scope)}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

/** Departments; a department's divisions; a division's sections. */
export function useTaxonomyUnits(
  scope: TaxonomyScope,
  level: 'departments' | 'divisions' | 'sections',
  parents: { department?: string; division?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: [...taxonomyKey(scope), 'units', level, parents],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      if (parents.department) params.set('department', parents.department);
      if (parents.division) params.set('division', parents.division);
      return (await apiFetch<{ items: string[] }>(`${taxonomyBase(scope)}/${level}?${params}`, { signal })).items;
    },
    enabled,
    ...adminRetryPolicy,
  });
}

function useInvalidateTaxonomy(scope: TaxonomyScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taxonomyKey(scope) });
}

export function useSaveTaxonomyRow(scope: TaxonomyScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TaxonomyRowBody }) =>
      id
        ? apiFetch<TaxonomyRow>(`${taxonomyBase(scope)}/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<TaxonomyRow>(taxonomyBase(scope), { method: 'POST', body }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useDeleteTaxonomyRow(scope: TaxonomyScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`${taxonomyBase(scope)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: invalidate,
  });
}

// ── A hospital's configuration, uploads and reset ──

type HospitalScope = Extract<TaxonomyScope, { kind: 'hospital' }>;

export function useTaxonomyConfig(scope: HospitalScope) {
  return useQuery({
    queryKey: [...taxonomyKey(scope), 'config'],
    queryFn: ({ signal }) => apiFetch<TaxonomyConfigDto>(`${taxonomyBase(scope)}/config`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveTaxonomyConfig(scope: HospitalScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: (body: { usesDefaultTaxonomy: boolean; taxonomySource: TaxonomySource }) =>
      apiFetch<TaxonomyConfigDto>(`${taxonomyBase(scope)}/config`, { method: 'PUT', body }),
    ...adminRetryPolicy,
    onSuccess: invalidate,
  });
}

export function useTaxonomyUploads(scope: HospitalScope) {
  return useQuery({
    queryKey: [...taxonomyKey(scope), 'uploads'],
    queryFn: ({ signal }) => apiFetch<Page<TaxonomyUploadDto>>(`${taxonomyBase(scope)}/uploads?page=1&pageSize=20`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useUploadTaxonomy(scope: HospitalScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: ({ fileName, csv }: { fileName: string; csv: string }) =>
      apiFetch<{ uploadId: string; rowCount: number }>(`${taxonomyBase(scope)}/upload?${new URLSearchParams({ fileName })}`, {
        method: 'POST',
        body: csvBody(csv),
        timeoutMs: 120_000,
      }),
    retry: false,
    // A refused file is recorded in the history too.
    onSettled: invalidate,
  });
}

export function useCopyDefaultTaxonomy(scope: HospitalScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: () =>
      apiFetch<{ created_count: number; config: TaxonomyConfigDto }>(`${taxonomyBase(scope)}/copy-defaults`, { method: 'POST', timeoutMs: 120_000 }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useResetTaxonomy(scope: HospitalScope) {
  const invalidate = useInvalidateTaxonomy(scope);
  return useMutation({
    mutationFn: () => apiFetch<{ deletedRowCount: number; config: TaxonomyConfigDto }>(`${taxonomyBase(scope)}/reset`, { method: 'POST' }),
    retry: false,
    onSuccess: invalidate,
  });
}
