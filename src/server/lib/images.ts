import sharp, { type Metadata } from 'sharp';
import { sniffImage } from './image-type';

/**
 * Uploaded images are never stored as sent (issue 32 item 5): a camera JPEG carries EXIF (GPS,
 * device, time), a file can start with an image signature and go on as HTML, and a few kilobytes
 * of PNG can declare billions of pixels. Every image is read by libvips (sharp), checked by its
 * header before any pixel is decoded, and written out again as new pixels with no metadata.
 */
export const IMAGE_LIMITS = {
  /** Largest decoded size we accept: 40 megapixels is more than any phone camera takes today. */
  maxInputPixels: 40_000_000,
} as const;

// Every upload is a different picture, so libvips' operation cache would only hold memory.
sharp.cache(false);

/** What libvips calls the formats the signature check lets through. */
const FORMAT_OF_SIGNATURE = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

export type ImageProblem = { reason: 'unreadable' } | { reason: 'unsupported'; format: string } | { reason: 'too_many_pixels'; width: number; height: number };

export class ImageRejectedError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`Image refused: ${problem.reason}`);
    this.name = 'ImageRejectedError';
  }
}

/**
 * The first frame's header only (format and declared size; no pixel is decoded), refused when it
 * is not a PNG, JPEG or WebP image or declares more than the pixel cap. The signature is checked
 * first, so libvips never sees the other formats it reads (SVG, TIFF, HEIF, GIF…). The header read
 * runs without sharp's own cap so that a bomb is answered with its size, not a generic error.
 */
export async function inspectImage(bytes: Uint8Array) {
  const signature = sniffImage(bytes);
  if (!signature) throw new ImageRejectedError({ reason: 'unsupported', format: 'unknown' });
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new ImageRejectedError({ reason: 'unreadable' });
  }
  // A file that starts like one format and reads as another is no honest image.
  if (meta.format !== FORMAT_OF_SIGNATURE[signature.ext]) throw new ImageRejectedError({ reason: 'unreadable' });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw new ImageRejectedError({ reason: 'unreadable' });
  if (width * height > IMAGE_LIMITS.maxInputPixels) throw new ImageRejectedError({ reason: 'too_many_pixels', width, height });
  return { format: meta.format as 'jpeg' | 'png' | 'webp', width, height };
}

/** Decoding options for every pipeline: the cap enforced by libvips too, and a corrupt or truncated file is an error. */
const decodeOptions = { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' } as const;

export interface SquarePixels {
  data: Buffer;
  info: { width: number; height: number; channels: 3 };
}

/**
 * Decodes the image once into a `size`×`size` square of plain sRGB pixels: turned upright by its
 * EXIF orientation (stripping the metadata would otherwise leave phone photos on their side),
 * cropped to the centre, transparency laid on white. Nothing of the original file but its pixels
 * survives this step. A file that does not decode completely (a signature followed by anything
 * else) is refused here.
 */
export async function decodeSquare(bytes: Uint8Array, size: number): Promise<SquarePixels> {
  await inspectImage(bytes);
  try {
    const { data, info } = await sharp(bytes, decodeOptions)
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: 3 } };
  } catch {
    throw new ImageRejectedError({ reason: 'unreadable' });
  }
}

/** One output file from decoded pixels: scaled to `size`, encoded afresh (sharp writes no metadata unless asked). */
export async function encodeSquare(pixels: SquarePixels, size: number, format: 'jpeg' | 'webp'): Promise<Uint8Array> {
  const pipeline = sharp(pixels.data, { raw: pixels.info }).resize(size, size);
  const buffer = format === 'jpeg' ? await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer() : await pipeline.webp({ quality: 80 }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
