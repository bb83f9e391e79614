import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyListingView } from '@shared/schemas/directory';
import { apiFetch } from '@web/lib/api-client';

export const myListingQueryKey = ['me', 'directory'] as const;

/** `GET /api/me/directory`: whether the provider's profile is in their hospital's public directory. */
export function useMyListing() {
  return useQuery({ queryKey: myListingQueryKey, queryFn: ({ signal }) => apiFetch<MyListingView>('/api/me/directory', { signal }) });
}

/** `PUT /api/me/directory`: publish or withdraw. */
export function useSetMyListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publish: boolean) => apiFetch<MyListingView>('/api/me/directory', { method: 'PUT', body: { publish } }),
    onSuccess: (view) => queryClient.setQueryData(myListingQueryKey, view),
  });
}
