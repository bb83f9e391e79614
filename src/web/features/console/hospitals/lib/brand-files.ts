import { BRAND_FILE_TYPES, BRAND_MESSAGES } from '@shared/schemas/brand';

/** The server's default upload limit (UPLOAD_LIMIT_BYTES); it has the last word. */
export const BRAND_FILE_MAX_BYTES = 10 * 1_048_576;

export function brandFileType(fileName: string) {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return BRAND_FILE_TYPES.find((type) => (type.extensions as readonly string[]).includes(extension)) ?? null;
}

/** The same checks as the server, so a wrong file is refused before it is sent; null when it may go. */
export function checkBrandFile(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes = BRAND_FILE_MAX_BYTES): string | null {
  if (/\.svgz?$/i.test(file.name) || file.type === 'image/svg+xml') return BRAND_MESSAGES.svgRefused;
  const type = brandFileType(file.name);
  if (!type) return BRAND_MESSAGES.unsupportedType;
  // Browsers leave the type empty for unknown extensions; a stated type must agree with the name.
  if (file.type && file.type !== type.mimeType && !(type.kind === 'jpeg' && file.type === 'image/jpg'))
    return BRAND_MESSAGES.contentMismatch(file.name, type.label);
  if (file.size === 0) return BRAND_MESSAGES.emptyFile;
  if (file.size > maxBytes) return BRAND_MESSAGES.tooLarge(maxBytes);
  return null;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
