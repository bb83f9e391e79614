import { z } from 'zod';
import { optionalText, tooLongFor } from './fields';

export const BRAND_LIMITS = {
  brandVoice: 2_000,
  toneGuidelines: 5_000,
  writingStyleNotes: 5_000,
  writingStandards: 20_000,
} as const;

/** Brand documents a hospital may upload. SVG is deliberately absent: it can carry script. */
export const BRAND_FILE_TYPES = [
  { kind: 'pdf', label: 'PDF', mimeType: 'application/pdf', extensions: ['pdf'] },
  { kind: 'docx', label: 'DOCX', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  { kind: 'png', label: 'PNG', mimeType: 'image/png', extensions: ['png'] },
  { kind: 'jpeg', label: 'JPEG', mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { kind: 'webp', label: 'WEBP', mimeType: 'image/webp', extensions: ['webp'] },
] as const;

export type BrandFileKind = (typeof BRAND_FILE_TYPES)[number]['kind'];

/** For `<input type="file" accept>`. */
export const BRAND_FILE_ACCEPT = BRAND_FILE_TYPES.flatMap((type) => [...type.extensions.map((ext) => `.${ext}`), type.mimeType]).join(',');

/** Brand files are cached for an hour (spec §9). */
export const BRAND_FILE_MAX_AGE_SECONDS = 3600;

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export const BRAND_MESSAGES = {
  writingStandardsNotSaved: 'Update operation affected 0 rows - brand writing standards were not saved to database',
  documentNotFound: (id: string) => `Brand document with ID ${id} not found`,
  fileMissing: 'The file of this brand document is no longer in storage.',
  notMultipart: 'Send the file as multipart/form-data in a field named "file".',
  noFile: 'Choose a file to upload (form field "file").',
  emptyFile: 'The file is empty.',
  tooLarge: (limitBytes: number) => `The file is too large (at most ${sizeText(limitBytes)}).`,
  svgRefused: 'SVG files are not accepted because they can contain scripts. Upload a PDF, DOCX, PNG, JPEG or WEBP file.',
  unsupportedType: 'This file type is not accepted. Upload a PDF, DOCX, PNG, JPEG or WEBP file.',
  contentMismatch: (fileName: string, label: string) => `"${fileName}" does not contain a ${label} file; its contents do not match its name or type.`,
  isPrimaryInvalid: 'isPrimary must be "true" or "false".',
  onlyMakePrimary: 'A document can only be made primary (isPrimary: true); make another document primary to replace it.',
  keyConflict: 'Another upload took the same storage name at the same moment. Please try again.',
  storageUnavailable: 'The file store is not responding. Please try again in a few minutes.',
} as const;

/** Trimmed, at most `max` characters; empty becomes null (the column's "not set"). */
const brandText = (max: number, label: string) => optionalText(max, tooLongFor(label, max));

/** PUT replaces the whole settings row: a field left out is cleared. */
export const brandSettingsSchema = z
  .object({
    brandVoice: brandText(BRAND_LIMITS.brandVoice, 'Brand voice'),
    toneGuidelines: brandText(BRAND_LIMITS.toneGuidelines, 'Tone guidelines'),
    writingStyleNotes: brandText(BRAND_LIMITS.writingStyleNotes, 'Writing style notes'),
    autoApplyToPrompts: z.boolean({ error: 'autoApplyToPrompts must be true or false' }).default(false),
  })
  .strict();

export const brandWritingStandardsSchema = z
  .object({
    writingStandards: z
      .string({ error: 'writingStandards must be text' })
      .trim()
      .max(BRAND_LIMITS.writingStandards, `Writing standards must be at most ${BRAND_LIMITS.writingStandards.toLocaleString('en-US')} characters`),
  })
  .strict();

export const brandDocumentUpdateSchema = z.object({ isPrimary: z.literal(true, { error: BRAND_MESSAGES.onlyMakePrimary }) }).strict();

export interface BrandSettingsDto {
  hospitalId: string;
  brandVoice: string | null;
  toneGuidelines: string | null;
  writingStyleNotes: string | null;
  autoApplyToPrompts: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

export interface BrandDocumentDto {
  id: string;
  hospitalId: string;
  fileName: string;
  url: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  isPrimary: boolean;
  uploadedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the biography writer reads: everything a hospital has said about its brand. */
export interface BrandGuidelinesDto {
  settings: BrandSettingsDto;
  writingStandards: string | null;
  brandGuidelinesUrl: string | null;
  documents: BrandDocumentDto[];
}
