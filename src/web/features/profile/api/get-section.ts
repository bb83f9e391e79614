import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';
import type { SectionResponse } from './types';

/** `GET /api/profile/sections/:sectionId`: the saved data, in the shape the section's PUT takes. */
export function getSection<Id extends ProfileSectionId>(sectionId: Id, signal?: AbortSignal): Promise<SectionResponse<Id>> {
  return apiFetch<SectionResponse<Id>>(`/api/profile/sections/${sectionId}`, { signal });
}

export function sectionQueryOptions<Id extends ProfileSectionId>(sectionId: Id) {
  return queryOptions({
    queryKey: profileKeys.section(sectionId),
    queryFn: ({ signal }) => getSection(sectionId, signal),
    // A form is filled once from this; a background refetch must not look like new data to edit.
    refetchOnWindowFocus: false,
  });
}

export function useSection<Id extends ProfileSectionId>(sectionId: Id) {
  return useQuery(sectionQueryOptions(sectionId));
}
