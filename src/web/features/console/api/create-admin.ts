import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRole } from '@shared/enums';
import { apiFetch } from '@web/lib/api-client';
import { adminsQueryKey, type AdminDto } from './list-admins';

export interface CreateAdminBody {
  email: string;
  fullName: string;
  role: AdminRole;
  hospitalId?: string | null;
}

/** `POST /api/admin/admins`: creates the administrator and e-mails them an invitation. */
export function createAdmin(body: CreateAdminBody): Promise<AdminDto> {
  return apiFetch<AdminDto>('/api/admin/admins', { method: 'POST', body });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    // Creating twice would send two invitations (or a 409 the first one caused).
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
