import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api-client';

export interface HelpFaq {
  id: string;
  question: string;
  answer: string;
}

export interface HelpCategory {
  id: string;
  title: string;
  icon: string | null;
  description: string | null;
  faqs: HelpFaq[];
}

/** `GET /api/help`: published help categories with their questions, in display order. */
export interface HelpContent {
  categories: HelpCategory[];
}

export async function getHelp(signal?: AbortSignal): Promise<HelpContent> {
  try {
    const payload = await apiFetch<Partial<HelpContent> | undefined>('/api/help', { signal });
    return { categories: payload?.categories ?? [] };
  } catch (error) {
    if (isApiError(error, 404)) return { categories: [] };
    throw error;
  }
}

export function helpQueryOptions() {
  return queryOptions({ queryKey: ['help'], queryFn: ({ signal }) => getHelp(signal) });
}

export function useHelp() {
  return useQuery(helpQueryOptions());
}
