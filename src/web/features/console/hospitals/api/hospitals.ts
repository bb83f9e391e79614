import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSource, ExpertiseTermsScope } from '@shared/enums';
import type { SectionId } from '@shared/limits';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import type { Page } from '../../api/list-admins';

export interface YextConfigDto {
  apiVersion: string;
  locationId: string | null;
  accountId: string | null;
  contentEndpointId: string | null;
  hasApiKey: boolean;
  /** e.g. "••••3f9a"; the key itself never leaves the server. */
  apiKeyMasked: string | null;
}

export interface PopulationConfig {
  enabled: boolean;
  match_by_hospital_id: boolean;
  email_domain_patterns: string[];
  enhanced_expertise: boolean;
}

export interface HospitalDto {
  id: string;
  name: string;
  code: string;
  address: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  isActive: boolean;
  dataSource: DataSource;
  yextConfig: YextConfigDto;
  populationConfig: PopulationConfig | null;
  expertiseTermsScope: ExpertiseTermsScope;
  brandGuidelinesUrl: string | null;
  brandWritingStandards: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface YextConfigInput {
  apiKey?: string;
  clearApiKey?: boolean;
  apiVersion?: string;
  locationId?: string | null;
  accountId?: string | null;
  contentEndpointId?: string | null;
}

export interface HospitalCreateBody {
  name: string;
  code: string;
  address?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  dataSource?: DataSource;
}

export interface HospitalUpdateBody {
  name?: string;
  address?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  dataSource?: DataSource;
  isActive?: boolean;
  yextConfig?: YextConfigInput;
  populationConfig?: PopulationConfig;
  expertiseTermsScope?: ExpertiseTermsScope;
}

export interface SectionPermission {
  sectionId: SectionId;
  isVisible: boolean;
  isRequired: boolean;
}

export interface ReadingLevels {
  professionalReadingLevel: number;
  publicReadingLevel: number;
  professionalTone: string;
  publicTone: string;
  professionalWordCountMin: number;
  professionalWordCountMax: number;
  publicWordCountMin: number;
  publicWordCountMax: number;
}

export const hospitalsQueryKey = ['admin', 'hospitals'] as const;
export const hospitalQueryKey = (id: string) => [...hospitalsQueryKey, 'one', id] as const;

const base = (id: string) => `/api/admin/hospitals/${encodeURIComponent(id)}`;

export interface HospitalListQuery {
  q: string;
  page: number;
  pageSize: number;
}

/** `GET /api/admin/hospitals`: every hospital for a system admin, only their own for a hospital admin. */
export function listHospitals(query: HospitalListQuery, signal?: AbortSignal): Promise<Page<HospitalDto>> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim());
  return apiFetch(`/api/admin/hospitals?${params}`, { signal });
}

export function useHospitals(query: HospitalListQuery) {
  return useQuery({
    queryKey: [...hospitalsQueryKey, 'list', query],
    queryFn: ({ signal }) => listHospitals(query, signal),
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

/** All hospitals the admin may manage, by name, for choosers (the server's largest page). */
export function useHospitalChoices(enabled = true) {
  return useQuery({
    queryKey: [...hospitalsQueryKey, 'choices'],
    queryFn: async ({ signal }) => (await listHospitals({ q: '', page: 1, pageSize: 1000 }, signal)).items,
    enabled,
    ...adminRetryPolicy,
  });
}

export function hospitalQueryOptions(id: string) {
  return queryOptions({ queryKey: hospitalQueryKey(id), queryFn: ({ signal }) => apiFetch<HospitalDto>(base(id), { signal }), ...adminRetryPolicy });
}

export function useHospital(id: string | undefined) {
  return useQuery({ ...hospitalQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** After any change to a hospital the lists, the detail and the choosers elsewhere in the console are stale. */
function useInvalidateHospitals() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hospitalsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['hospitals', 'options'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
    ]);
}

export function useCreateHospital() {
  const invalidate = useInvalidateHospitals();
  return useMutation({
    mutationFn: (body: HospitalCreateBody) => apiFetch<HospitalDto>('/api/admin/hospitals', { method: 'POST', body }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useUpdateHospital() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateHospitals();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: HospitalUpdateBody }) => apiFetch<HospitalDto>(base(id), { method: 'PATCH', body }),
    ...adminRetryPolicy,
    onSuccess: (saved) => {
      queryClient.setQueryData(hospitalQueryKey(saved.id), saved);
      return invalidate();
    },
  });
}

export function useDeactivateHospital() {
  const invalidate = useInvalidateHospitals();
  return useMutation({
    mutationFn: (id: string) => apiFetch<HospitalDto>(`${base(id)}/deactivate`, { method: 'POST' }),
    ...adminRetryPolicy,
    onSuccess: invalidate,
  });
}

export function useDeleteHospital() {
  const invalidate = useInvalidateHospitals();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(base(id), { method: 'DELETE' }),
    retry: false,
    onSuccess: invalidate,
  });
}

// ── Section permissions and reading levels ──

const permissionsKey = (id: string) => [...hospitalQueryKey(id), 'section-permissions'] as const;
const readingLevelsKey = (id: string) => [...hospitalQueryKey(id), 'reading-levels'] as const;

export function useSectionPermissions(hospitalId: string) {
  return useQuery({
    queryKey: permissionsKey(hospitalId),
    queryFn: async ({ signal }) => (await apiFetch<{ items: SectionPermission[] }>(`${base(hospitalId)}/section-permissions`, { signal })).items,
    ...adminRetryPolicy,
  });
}

export function useSaveSectionPermissions(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (permissions: SectionPermission[]) =>
      (await apiFetch<{ items: SectionPermission[] }>(`${base(hospitalId)}/section-permissions`, { method: 'PUT', body: { permissions } })).items,
    ...adminRetryPolicy,
    onSuccess: (items) => {
      queryClient.setQueryData(permissionsKey(hospitalId), items);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}

export function useReadingLevels(hospitalId: string) {
  return useQuery({
    queryKey: readingLevelsKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<ReadingLevels>(`${base(hospitalId)}/reading-levels`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveReadingLevels(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: ReadingLevels) => apiFetch<ReadingLevels>(`${base(hospitalId)}/reading-levels`, { method: 'PUT', body: levels }),
    ...adminRetryPolicy,
    onSuccess: (saved) => queryClient.setQueryData(readingLevelsKey(hospitalId), saved),
  });
}
