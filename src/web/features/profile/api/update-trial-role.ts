import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';
import type { SectionResponse, TrialView } from './types';

/** `PATCH /api/profile/clinical-trials/:trialId/role`: changes one saved trial's role at once. */
export function updateTrialRole(trialId: string, role: string): Promise<TrialView> {
  return apiFetch<TrialView>(`/api/profile/clinical-trials/${encodeURIComponent(trialId)}/role`, { method: 'PATCH', body: { role } });
}

type TrialsResponse = SectionResponse<'clinical_trials'>;

/** Optimistic: the cached trial shows the new role at once and goes back to the old one if the call fails. */
export function useUpdateTrialRole() {
  const queryClient = useQueryClient();
  const key = profileKeys.section('clinical_trials');
  return useMutation<TrialView, Error, { trialId: string; role: string }, { previous: TrialsResponse | undefined }>({
    mutationFn: ({ trialId, role }) => updateTrialRole(trialId, role),
    onMutate: async ({ trialId, role }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TrialsResponse>(key);
      if (previous) {
        queryClient.setQueryData<TrialsResponse>(key, {
          ...previous,
          data: { items: previous.data.items.map((trial) => (trial.id === trialId ? { ...trial, role } : trial)) },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (trial) => {
      queryClient.setQueryData<TrialsResponse>(key, (current) =>
        current ? { ...current, data: { items: current.data.items.map((item) => (item.id === trial.id ? { ...item, role: trial.role } : item)) } } : current,
      );
    },
  });
}
