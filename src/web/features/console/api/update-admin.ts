import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRole } from '@shared/enums';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { adminsQueryKey, type AdminDto } from './list-admins';

export interface UpdateAdminBody {
  fullName?: string;
  role?: AdminRole;
  hospitalId?: string | null;
  isActive?: boolean;
}

/** `PATCH /api/admin/admins/:id`. */
export function updateAdmin(id: string, body: UpdateAdminBody): Promise<AdminDto> {
  return apiFetch<AdminDto>(`/api/admin/admins/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdminBody }) => updateAdmin(id, body),
    ...adminRetryPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
