import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/limits';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface TaxonomyUnit {
  id: string;
  name: string;
}

export interface TaxonomyDepartment extends TaxonomyUnit {
  divisions: Array<TaxonomyUnit & { sections: TaxonomyUnit[] }>;
}

export interface TaxonomySpecialty {
  id: string;
  specialty: string;
  specialtyCode: string | null;
  department: string | null;
  division: string | null;
  section: string | null;
}

export interface HospitalTaxonomy {
  source: 'hospital' | 'default';
  hospitalId: string | null;
  departments: TaxonomyDepartment[];
  specialties: TaxonomySpecialty[];
}

/** `GET /api/hospital-taxonomy`: the provider's hospital's department tree and specialties (or the defaults). */
export function getHospitalTaxonomy(signal?: AbortSignal): Promise<HospitalTaxonomy> {
  return apiFetch<HospitalTaxonomy>('/api/hospital-taxonomy', { signal });
}

export function useHospitalTaxonomy() {
  return useQuery(
    queryOptions({ queryKey: profileKeys.hospitalTaxonomy, queryFn: ({ signal }) => getHospitalTaxonomy(signal), staleTime: QUERY_CACHE.gcTimeMs }),
  );
}
