import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SECTION_IDS, type SectionId } from '@shared/limits';
import { completionPercentage, sectionStatus, type CompletionSections } from '@shared/profile-completion';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { sessionQueryKey } from '@web/lib/session';
import type { Dashboard } from '@web/lib/dashboard';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';
import type { SaveSectionResponse, SectionResponse, SectionView } from './types';

/** `PUT /api/profile/sections/:sectionId`: replaces the section (lists replace-style); answers the saved data. */
export function saveSection<Id extends ProfileSectionId>(sectionId: Id, payload: unknown): Promise<SaveSectionResponse<Id>> {
  return apiFetch<SaveSectionResponse<Id>>(`/api/profile/sections/${sectionId}`, { method: 'PUT', body: payload });
}

const isNineSection = (id: ProfileSectionId): id is SectionId => (SECTION_IDS as readonly string[]).includes(id);

/** The dashboard as it will look once this section is saved: its status and the percentage, computed like the server does. */
export function withOptimisticStatus(dashboard: Dashboard, sectionId: SectionId, data: unknown, now = new Date()): Dashboard {
  const status = sectionStatus(sectionId, { [sectionId]: { data, updatedAt: now.toISOString() } } as unknown as CompletionSections, now);
  const sections = dashboard.sections.map((section) =>
    section.sectionId === sectionId ? { ...section, status, isStale: false, updatedAt: now.toISOString() } : section,
  );
  return { ...dashboard, sections, completionPercentage: completionPercentage(sections) };
}

/** What the cache shows while the save is in flight: the sent data, with the read-only extras it can derive. */
function optimisticView(sectionId: ProfileSectionId, payload: unknown, previous: unknown): unknown {
  if (sectionId === 'clinical_trials' && payload && typeof payload === 'object' && 'items' in payload) {
    const items = (payload as { items: Array<Record<string, unknown>> }).items;
    return { items: items.map((item) => ({ ...item, isVisible: item.userStatus !== 'hidden' })) };
  }
  if (sectionId === 'professional_identity' && previous && payload && typeof payload === 'object') {
    return { ...(previous as object), ...payload };
  }
  return payload;
}

interface SaveContext {
  previous: unknown;
  previousDashboard: Dashboard | undefined;
}

/**
 * Saves a section optimistically: the section and the dashboard (status, percentage, sidebar dots)
 * show the new state at once and roll back if the server refuses or fails.
 */
export function useSaveSection<Id extends ProfileSectionId>(sectionId: Id) {
  const queryClient = useQueryClient();
  const sectionKey = profileKeys.section(sectionId);

  return useMutation<SaveSectionResponse<Id>, Error, unknown, SaveContext>({
    mutationKey: ['profile', 'save', sectionId],
    mutationFn: (payload) => saveSection(sectionId, payload),
    onMutate: async (payload) => {
      await Promise.all([queryClient.cancelQueries({ queryKey: sectionKey }), queryClient.cancelQueries({ queryKey: profileKeys.dashboard })]);
      const previous = queryClient.getQueryData<SectionResponse<Id>>(sectionKey);
      const previousDashboard = queryClient.getQueryData<Dashboard>(profileKeys.dashboard);
      const now = new Date();
      queryClient.setQueryData<SectionResponse<Id>>(sectionKey, {
        sectionId,
        data: optimisticView(sectionId, payload, previous?.data) as SectionView<Id>,
        updatedAt: now.toISOString(),
      });
      if (previousDashboard && isNineSection(sectionId)) {
        queryClient.setQueryData<Dashboard>(profileKeys.dashboard, withOptimisticStatus(previousDashboard, sectionId, payload, now));
      }
      return { previous, previousDashboard };
    },
    onError: (_error, _payload, context) => {
      if (!context) return;
      if (context.previous === undefined) void queryClient.invalidateQueries({ queryKey: sectionKey, exact: true });
      else queryClient.setQueryData(sectionKey, context.previous);
      if (context.previousDashboard) queryClient.setQueryData(profileKeys.dashboard, context.previousDashboard);
    },
    onSuccess: (response) => {
      const { completionPercentage: percentage, ...section } = response;
      queryClient.setQueryData<SectionResponse<Id>>(sectionKey, section);
      queryClient.setQueryData<Dashboard>(profileKeys.dashboard, (current) => (current ? { ...current, completionPercentage: percentage } : current));
    },
    // Not awaited: the save is done; the dashboard catches up in the background.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: profileKeys.provenance });
      // The identity carries the account's name, NPI and job title.
      if (sectionId === 'professional_identity') void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
