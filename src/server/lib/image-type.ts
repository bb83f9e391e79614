/** Raster images we accept as uploads (screenshots, profile photos), told by their bytes, never by a name or declared type. */
export type ImageType = { ext: 'png' | 'jpg' | 'webp'; type: 'image/png' | 'image/jpeg' | 'image/webp' };

const SIGNATURES: Array<ImageType & { test: (b: Uint8Array) => boolean }> = [
  { ext: 'png', type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', type: 'image/webp', test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP' },
];

/** PNG, JPEG or WebP by signature; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const found = SIGNATURES.find((signature) => signature.test(bytes));
  return found ? { ext: found.ext, type: found.type } : null;
}
