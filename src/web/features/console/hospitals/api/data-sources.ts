import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSource } from '@shared/enums';
import type { FIELD_TYPES, MAPPABLE_SECTION_IDS } from '@shared/schemas/data-sources';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { hospitalQueryKey } from './hospitals';

export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldMapping {
  id?: string;
  profileSection: (typeof MAPPABLE_SECTION_IDS)[number];
  profileField: string;
  sourcePath: string;
  sourceFieldType: FieldType | null;
  transformationRules: Record<string, unknown>;
  isRequired: boolean;
  defaultValue: string | null;
  fallbackPaths: string[];
  notes: string | null;
}

export interface DataSourceConfigDto {
  id: string;
  hospitalId: string;
  sourceType: DataSource;
  sourceName: string;
  isActive: boolean;
  connectionConfig: Record<string, unknown>;
  providerLookupStrategy: string | null;
  syncEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  fieldMappings: FieldMapping[];
}

export interface DataSourceBody {
  sourceType?: DataSource;
  sourceName?: string;
  isActive?: boolean;
  connectionConfig?: Record<string, unknown>;
  providerLookupStrategy?: string | null;
  syncEnabled?: boolean;
  fieldMappings?: Array<Omit<FieldMapping, 'id'>>;
}

const key = (hospitalId: string) => [...hospitalQueryKey(hospitalId), 'data-sources'] as const;
const base = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}/data-sources`;

export function useDataSources(hospitalId: string) {
  return useQuery({
    queryKey: key(hospitalId),
    queryFn: async ({ signal }) => (await apiFetch<{ items: DataSourceConfigDto[] }>(base(hospitalId), { signal })).items,
    ...adminRetryPolicy,
  });
}

export function useSaveDataSource(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DataSourceBody }) =>
      id
        ? apiFetch<DataSourceConfigDto>(`${base(hospitalId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<DataSourceConfigDto>(base(hospitalId), { method: 'POST', body }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(hospitalId) }),
  });
}

export function useDeleteDataSource(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`${base(hospitalId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(hospitalId) }),
  });
}
