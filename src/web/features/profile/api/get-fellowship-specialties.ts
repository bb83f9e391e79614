import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/limits';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface FellowshipSpecialty {
  id: string;
  parentSpecialty: string;
  subspecialtyName: string;
}

export interface FellowshipSpecialtyList {
  items: FellowshipSpecialty[];
  /** Every parent specialty, for the first picker. */
  parents: string[];
}

/** `GET /api/reference/fellowship-specialties?parent=`: fellowships of one parent specialty, and all parents. */
export function getFellowshipSpecialties(parent: string, signal?: AbortSignal): Promise<FellowshipSpecialtyList> {
  const params = new URLSearchParams(parent ? { parent } : {});
  return apiFetch<FellowshipSpecialtyList>(`/api/reference/fellowship-specialties?${params.toString()}`, { signal });
}

export function useFellowshipSpecialties(parent: string) {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.fellowshipSpecialties(parent),
      queryFn: ({ signal }) => getFellowshipSpecialties(parent, signal),
      staleTime: QUERY_CACHE.gcTimeMs,
      placeholderData: keepPreviousData,
    }),
  );
}
