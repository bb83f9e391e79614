import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicHelpCategory, PublicHelpContent, PublicHelpFaq } from '@shared/schemas/help';
import { apiFetch, isApiError } from '@web/lib/api-client';

export type HelpFaq = PublicHelpFaq;
export type HelpCategory = PublicHelpCategory;
export type HelpContent = PublicHelpContent;

/** `GET /api/help`: published help categories with their questions, in display order, answers as safe HTML. */
export async function getHelp(signal?: AbortSignal): Promise<HelpContent> {
  try {
    const payload = await apiFetch<Partial<HelpContent> | undefined>('/api/help', { signal });
    return { categories: payload?.categories ?? [] };
  } catch (error) {
    if (isApiError(error, 404)) return { categories: [] };
    throw error;
  }
}

export const helpQueryKey = ['help'] as const;

export function helpQueryOptions() {
  return queryOptions({ queryKey: helpQueryKey, queryFn: ({ signal }) => getHelp(signal) });
}

export function useHelp() {
  return useQuery(helpQueryOptions());
}
