import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DegreeType } from '@shared/enums';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface MedicalSchool {
  id: string;
  name: string;
  degreeType: DegreeType;
  city: string | null;
  state: string | null;
}

/** `GET /api/reference/medical-schools?q=&degreeType=`: at most 20 schools by name, city or state. */
export async function searchMedicalSchools(q: string, degreeType: DegreeType | '', signal?: AbortSignal): Promise<MedicalSchool[]> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (degreeType) params.set('degreeType', degreeType);
  const payload = await apiFetch<{ items: MedicalSchool[] }>(`/api/reference/medical-schools?${params.toString()}`, { signal });
  return payload.items;
}

export function useMedicalSchoolSearch(q: string, degreeType: DegreeType | '', enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.medicalSchools(q, degreeType),
      queryFn: ({ signal }) => searchMedicalSchools(q, degreeType, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
