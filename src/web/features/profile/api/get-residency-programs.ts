import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface ResidencyProgram {
  id: string;
  name: string;
  category: string | null;
}

/** `GET /api/reference/residency-programs?q=`: active programs whose name contains the text. */
export async function getResidencyPrograms(q: string, signal?: AbortSignal): Promise<ResidencyProgram[]> {
  const params = new URLSearchParams(q ? { q } : {});
  const payload = await apiFetch<{ items: ResidencyProgram[] }>(`/api/reference/residency-programs?${params.toString()}`, { signal });
  return payload.items;
}

export function useResidencyPrograms(q: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.residencyPrograms(q),
      queryFn: ({ signal }) => getResidencyPrograms(q, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
