import { apiFetch } from '@web/lib/api-client';

export interface AdminMagicLinkSent {
  sent: boolean;
  email: string;
  cooldownSeconds: number;
  redirectDelayMs: number;
}

/** `POST /api/admin/auth/magic-link`. Errors carry the catalogue codes (see `adminErrorMessage`). */
export function requestAdminMagicLink(email: string, signal?: AbortSignal): Promise<AdminMagicLinkSent> {
  return apiFetch<AdminMagicLinkSent>('/api/admin/auth/magic-link', { method: 'POST', body: { email }, signal });
}
