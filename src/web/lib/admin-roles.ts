import type { AdminRole } from '@shared/enums';

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  system_admin: 'System administrator',
  hospital_admin: 'Hospital administrator',
};

export function roleLabel(role: string): string {
  return (ADMIN_ROLE_LABELS as Record<string, string>)[role] ?? role.replace(/_/g, ' ');
}
