import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterInvitationsDto } from '@shared/schemas/roster-claims';
import { apiFetch } from '@web/lib/api-client';
import { hospitalQueryKey } from './hospitals';

/** `POST …/roster-uploads/:uploadId/invitations`: invite the upload's drafted people not invited yet (issue 37 item 4). */
export function useSendRosterInvitations(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) =>
      apiFetch<RosterInvitationsDto>(`/api/admin/hospitals/${encodeURIComponent(hospitalId)}/roster-uploads/${encodeURIComponent(uploadId)}/invitations`, {
        method: 'POST',
      }),
    retry: false,
    // The people's states (invited…) are read under the hospital's key.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hospitalQueryKey(hospitalId) }),
  });
}
