import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { adminsQueryKey } from './list-admins';

/** `DELETE /api/admin/admins/:id`: removes the administrator and their sign-in account. */
export function deleteAdmin(id: string): Promise<{ deleted: boolean }> {
  return apiFetch(`/api/admin/admins/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
