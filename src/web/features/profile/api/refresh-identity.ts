import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistryIdentityField } from '@shared/schemas/profile';
import { sessionQueryKey } from '@web/lib/session';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';
import type { IdentityView, SectionResponse } from './types';

export interface IdentityChange {
  field: RegistryIdentityField | 'npiNumber';
  previous: unknown;
  current: unknown;
}

export interface IdentityRefreshResult {
  npiNumber: string;
  changes: IdentityChange[];
  /** Fields the registry has other values for, left alone because the provider edited them. */
  skipped: RegistryIdentityField[];
  identity: IdentityView;
  completionPercentage: number;
}

/** `POST /api/profile/identity/npi-refresh`: fills the unflagged registry fields from the NPI registry. */
export function refreshIdentity(npiNumber?: string): Promise<IdentityRefreshResult> {
  return apiFetch<IdentityRefreshResult>('/api/profile/identity/npi-refresh', { method: 'POST', body: npiNumber ? { npiNumber } : {} });
}

export function useRefreshIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshIdentity,
    onSuccess: (result) => {
      queryClient.setQueryData<SectionResponse<'professional_identity'>>(profileKeys.section('professional_identity'), (current) => ({
        sectionId: 'professional_identity',
        data: result.identity,
        updatedAt: result.identity.lastUpdated ?? current?.updatedAt ?? null,
      }));
      void queryClient.invalidateQueries({ queryKey: profileKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: profileKeys.specialtySuggestions });
      void queryClient.invalidateQueries({ queryKey: profileKeys.provenance });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
