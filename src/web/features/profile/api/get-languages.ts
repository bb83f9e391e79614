import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/limits';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface LanguageOption {
  code: string;
  name: string;
  isQuickAdd: boolean;
}

export interface LanguageList {
  items: LanguageOption[];
  quickAddCodes: string[];
}

/** `GET /api/reference/languages`: the 42 supported languages and the quick-add codes. */
export function getLanguages(signal?: AbortSignal): Promise<LanguageList> {
  return apiFetch<LanguageList>('/api/reference/languages', { signal });
}

export function useLanguages() {
  return useQuery(queryOptions({ queryKey: profileKeys.languages, queryFn: ({ signal }) => getLanguages(signal), staleTime: QUERY_CACHE.gcTimeMs }));
}
