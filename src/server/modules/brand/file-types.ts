import { BRAND_FILE_TYPES, BRAND_MESSAGES, type BrandFileKind } from '../../../shared/schemas/brand';
import { AppError } from '../../lib/app-error';

export type BrandFileType = (typeof BRAND_FILE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function contains(bytes: Uint8Array, needle: string) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle, 0, 'latin1');
}

/** What the bytes are, by their signature; the name and the browser's type are only claims. */
export function sniffBrandFile(bytes: Uint8Array): BrandFileKind | 'svg' | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // A DOCX is a ZIP whose entries include the OOXML content-types part and the word/ folder;
  // a macro project means it is really a .docm, which is refused.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return contains(bytes, '[Content_Types].xml') && contains(bytes, 'word/') && !contains(bytes, 'vbaProject.bin') ? 'docx' : null;
  }
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.startsWith('<!doctype svg')) return 'svg';
  return null;
}

/** The last path segment, without control characters, at most 200 characters (keeping the extension). */
export function cleanFileName(name: string) {
  const base = [...(name.split(/[\\/]/).pop() ?? '').normalize('NFC')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base.length <= 200) return base || 'document';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 11 ? base.slice(dot) : '';
  return base.slice(0, 200 - extension.length) + extension;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Browsers and OSes send a few aliases and generic types for these files. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download']);
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'application/x-pdf': 'application/pdf' };

/**
 * Accepts a brand document only when its extension, its declared type and its bytes all agree on
 * one of the allowed kinds. Errors are 400 (empty), 413 (too large) or 415 (any type problem).
 */
export function checkBrandFile(input: { fileName: string; declaredType: string; bytes: Uint8Array; limitBytes: number }): BrandFileType {
  const { fileName, bytes } = input;
  if (bytes.byteLength === 0) throw AppError.validation(BRAND_MESSAGES.emptyFile);
  if (bytes.byteLength > input.limitBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, BRAND_MESSAGES.tooLarge(input.limitBytes));

  const declared = input.declaredType.split(';')[0]!.trim().toLowerCase();
  const extension = extensionOf(fileName);
  const sniffed = sniffBrandFile(bytes);
  if (extension === 'svg' || extension === 'svgz' || declared.includes('svg') || sniffed === 'svg') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, BRAND_MESSAGES.svgRefused);
  }
  const type = BRAND_FILE_TYPES.find((candidate) => (candidate.extensions as readonly string[]).includes(extension));
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, BRAND_MESSAGES.unsupportedType);
  const declaredCanonical = TYPE_ALIASES[declared] ?? declared;
  if ((!GENERIC_TYPES.has(declaredCanonical) && declaredCanonical !== type.mimeType) || sniffed !== type.kind) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, BRAND_MESSAGES.contentMismatch(fileName, type.label));
  }
  return type;
}

/** inline, with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
