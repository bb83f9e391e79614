import { useMutation } from '@tanstack/react-query';
import { ADMIN_ERROR_MESSAGES, isErrorBody } from '@shared/errors';
import { ApiError } from '@web/lib/api-client';

export const EXPORT_FALLBACK_NAME = 'vitae-profile.json';

/** The file name from a Content-Disposition header (`attachment; filename="…"`). */
export function fileNameFrom(disposition: string | null): string {
  if (!disposition) return EXPORT_FALLBACK_NAME;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || EXPORT_FALLBACK_NAME;
}

/**
 * `GET /api/profile/export`: the whole profile as a JSON file. Read as a blob (not `apiFetch`) so the
 * server's file name is kept; failures still answer in the API's error shape.
 */
export async function exportProfile(): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch('/api/profile/export', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', ADMIN_ERROR_MESSAGES.NETWORK_ERROR, { cause: String(error) });
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    if (isErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details);
    throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status code ${response.status}`);
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) };
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportProfile() {
  return useMutation({
    mutationFn: exportProfile,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
