import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BRAND_FILE_MAX_AGE_SECONDS,
  BRAND_MESSAGES,
  type BrandDocumentDto,
  type BrandGuidelinesDto,
  type BrandSettingsDto,
  type brandSettingsSchema,
  type brandWritingStandardsSchema,
} from '../../../shared/schemas/brand';
import { HOSPITAL_MESSAGES } from '../../../shared/schemas/hospitals';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { brandGuidelineDocuments, hospitalBrandSettings, hospitals } from '../../db/schema';
import { isStorageConflict, type FileStorage } from '../../integrations/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';
import { checkBrandFile, cleanFileName } from './file-types';

export interface BrandDeps {
  db: Database;
  logger: Logger;
  storage: FileStorage;
  uploadLimitBytes: number;
}

type DocumentRow = typeof brandGuidelineDocuments.$inferSelect;
type SettingsRow = typeof hospitalBrandSettings.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STORED_CACHE_CONTROL = `public, max-age=${BRAND_FILE_MAX_AGE_SECONDS}`;
const KEY_ATTEMPTS = 3;

/** Where the browser fetches a document: through the API, so tenancy is checked on every read. */
export const brandDocumentUrl = (hospitalId: string, documentId: string) => `/api/admin/hospitals/${hospitalId}/brand-documents/${documentId}/file`;

/** Long texts in the audit trail are clipped: it records what changed, not a second copy. */
const clip = (value: string | null | undefined) => (value && value.length > 200 ? `${value.slice(0, 200)}…` : (value ?? null));

function toSettingsDto(hospitalId: string, row: SettingsRow | undefined): BrandSettingsDto {
  return {
    hospitalId,
    brandVoice: row?.brandVoice ?? null,
    toneGuidelines: row?.toneGuidelines ?? null,
    writingStyleNotes: row?.writingStyleNotes ?? null,
    autoApplyToPrompts: row?.autoApplyToPrompts ?? false,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function documentDto(row: DocumentRow): BrandDocumentDto {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    fileName: row.fileName,
    url: row.url,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    isPrimary: row.isPrimary,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const settingsSummary = (dto: BrandSettingsDto) => ({
  brandVoice: clip(dto.brandVoice),
  toneGuidelines: clip(dto.toneGuidelines),
  writingStyleNotes: clip(dto.writingStyleNotes),
  autoApplyToPrompts: dto.autoApplyToPrompts,
});

async function readSettings(db: Database, hospitalId: string) {
  const [row] = await db.select().from(hospitalBrandSettings).where(eq(hospitalBrandSettings.hospitalId, hospitalId)).limit(1);
  return toSettingsDto(hospitalId, row);
}

async function readDocuments(db: Database, hospitalId: string) {
  const rows = await db
    .select()
    .from(brandGuidelineDocuments)
    .where(and(eq(brandGuidelineDocuments.hospitalId, hospitalId), eq(brandGuidelineDocuments.isActive, true)))
    .orderBy(desc(brandGuidelineDocuments.isPrimary), desc(brandGuidelineDocuments.createdAt), desc(brandGuidelineDocuments.id));
  return rows.map(documentDto);
}

/**
 * Serializes brand-document writes of one hospital (row lock on the hospital), so "is there a
 * primary yet?" and the partial unique index never race. Also catches a hospital deleted meanwhile.
 */
async function lockHospital(tx: Database, hospitalId: string) {
  const [row] = await tx
    .select({ id: hospitals.id, brandGuidelinesUrl: hospitals.brandGuidelinesUrl })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId))
    .for('update');
  if (!row) throw new AppError('HOSPITAL_NOT_FOUND', 404, HOSPITAL_MESSAGES.notFound(hospitalId));
  return row;
}

async function findDocument(tx: Database, hospitalId: string, documentId: string) {
  if (!UUID.test(documentId)) throw new AppError('BRAND_DOCUMENT_NOT_FOUND', 404, BRAND_MESSAGES.documentNotFound(documentId));
  const [row] = await tx
    .select()
    .from(brandGuidelineDocuments)
    .where(and(eq(brandGuidelineDocuments.id, documentId), eq(brandGuidelineDocuments.hospitalId, hospitalId), eq(brandGuidelineDocuments.isActive, true)))
    .limit(1);
  if (!row) throw new AppError('BRAND_DOCUMENT_NOT_FOUND', 404, BRAND_MESSAGES.documentNotFound(documentId));
  return row;
}

/** A file whose database row is gone (or never came) is removed; failing that is only logged (spec §8). */
async function removeStoredFile(deps: BrandDeps, file: { key: string; hospitalId: string; documentId: string }, reason: string) {
  try {
    await deps.storage.delete(file.key);
  } catch (error) {
    // The scrubber masks the key's 13-digit timestamp; hospital and document ids still locate the orphan.
    deps.logger.warn(
      { err: error, storagePath: file.key, hospitalId: file.hospitalId, documentId: file.documentId, storage: deps.storage.kind, reason },
      'brand document file could not be removed from storage',
    );
  }
}

/** The file store failing is the store's fault, not the request's: a 503 the admin may retry. */
function storageUnavailable(deps: BrandDeps, error: unknown, operation: 'put' | 'get') {
  deps.logger.error({ err: error, storage: deps.storage.kind, operation }, 'file storage failed');
  return new AppError('STORAGE_UNAVAILABLE', 503, BRAND_MESSAGES.storageUnavailable);
}

export async function getBrandSettings(deps: Pick<BrandDeps, 'db'>, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return readSettings(deps.db, hospital.id);
}

export async function saveBrandSettings(deps: BrandDeps, actor: AdminActor, hospitalId: string, input: z.output<typeof brandSettingsSchema>) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return deps.db.transaction(async (tx) => {
    const before = await readSettings(tx, hospital.id);
    const values = { ...input, updatedBy: actor.adminId };
    const [row] = await tx
      .insert(hospitalBrandSettings)
      .values({ hospitalId: hospital.id, ...values })
      .onConflictDoUpdate({ target: hospitalBrandSettings.hospitalId, set: values })
      .returning();
    const after = toSettingsDto(hospital.id, row);
    await recordAudit(tx, actor, {
      action: 'brand.settings.update',
      targetType: 'hospital',
      targetId: hospital.id,
      hospitalId: hospital.id,
      summary: { before: settingsSummary(before), after: settingsSummary(after) },
    });
    return after;
  });
}

export async function getWritingStandards(deps: Pick<BrandDeps, 'db'>, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return { writingStandards: hospital.brandWritingStandards };
}

export async function saveWritingStandards(deps: BrandDeps, actor: AdminActor, hospitalId: string, input: z.output<typeof brandWritingStandardsSchema>) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const value = input.writingStandards || null;
  return deps.db.transaction(async (tx) => {
    const updated = await tx.update(hospitals).set({ brandWritingStandards: value }).where(eq(hospitals.id, hospital.id)).returning({ id: hospitals.id });
    // The hospital was found a moment ago; zero rows means the write silently did not happen.
    if (updated.length === 0) throw new AppError('WRITE_NOT_APPLIED', 409, BRAND_MESSAGES.writingStandardsNotSaved);
    await recordAudit(tx, actor, {
      action: 'brand.writing_standards.update',
      targetType: 'hospital',
      targetId: hospital.id,
      hospitalId: hospital.id,
      summary: { before: clip(hospital.brandWritingStandards), after: clip(value), length: value?.length ?? 0 },
    });
    return { writingStandards: value };
  });
}

export async function listBrandDocuments(deps: Pick<BrandDeps, 'db'>, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return { items: await readDocuments(deps.db, hospital.id) };
}

export interface BrandUpload {
  /** The multipart `file` field: a File, a plain string (wrong) or absent. */
  file: File | string | null;
  /** The multipart `isPrimary` field. */
  isPrimary: File | string | null;
}

/**
 * Stores the file (never overwriting), then records it in one transaction: the row, the previous
 * primary cleared, the hospital's brand_guidelines_url. If the transaction fails the file is removed.
 */
export async function uploadBrandDocument(deps: BrandDeps, actor: AdminActor, hospitalId: string, upload: BrandUpload) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  if (!(upload.file instanceof File)) throw AppError.validation(BRAND_MESSAGES.noFile);
  if (upload.isPrimary !== null && upload.isPrimary !== 'true' && upload.isPrimary !== 'false') throw AppError.validation(BRAND_MESSAGES.isPrimaryInvalid);
  const wantsPrimary = upload.isPrimary === 'true';
  const fileName = cleanFileName(upload.file.name);
  // Size first, from the multipart headers, so an oversized file is never copied into memory.
  if (upload.file.size > deps.uploadLimitBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, BRAND_MESSAGES.tooLarge(deps.uploadLimitBytes));
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  const type = checkBrandFile({ fileName, declaredType: upload.file.type, bytes, limitBytes: deps.uploadLimitBytes });

  const documentId = randomUUID();
  const url = brandDocumentUrl(hospital.id, documentId);
  let storageKey = '';
  const timestamp = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    storageKey = `${hospital.id}/brand-guidelines-${timestamp + attempt}.${type.extensions[0]}`;
    try {
      await deps.storage.put(storageKey, bytes, { contentType: type.mimeType, cacheControl: STORED_CACHE_CONTROL, overwrite: false });
      break;
    } catch (error) {
      if (!isStorageConflict(error)) throw storageUnavailable(deps, error, 'put');
      if (attempt + 1 >= KEY_ATTEMPTS) throw AppError.conflict(BRAND_MESSAGES.keyConflict);
    }
  }

  try {
    const row = await deps.db.transaction(async (tx) => {
      const locked = await lockHospital(tx, hospital.id);
      const [currentPrimary] = await tx
        .select({ id: brandGuidelineDocuments.id })
        .from(brandGuidelineDocuments)
        .where(
          and(eq(brandGuidelineDocuments.hospitalId, hospital.id), eq(brandGuidelineDocuments.isPrimary, true), eq(brandGuidelineDocuments.isActive, true)),
        )
        .limit(1);
      // With no primary yet (the first document, or the primary was deleted) the new one becomes it.
      const isPrimary = wantsPrimary || !currentPrimary;
      if (isPrimary && currentPrimary) {
        await tx.update(brandGuidelineDocuments).set({ isPrimary: false }).where(eq(brandGuidelineDocuments.id, currentPrimary.id));
      }
      const [inserted] = await tx
        .insert(brandGuidelineDocuments)
        .values({
          id: documentId,
          hospitalId: hospital.id,
          fileName,
          storageKey,
          url,
          mimeType: type.mimeType,
          sizeBytes: bytes.byteLength,
          isPrimary,
          uploadedBy: actor.adminId,
        })
        .returning();
      if (isPrimary) await tx.update(hospitals).set({ brandGuidelinesUrl: url }).where(eq(hospitals.id, hospital.id));
      await recordAudit(tx, actor, {
        action: 'brand.document.upload',
        targetType: 'brand_guideline_document',
        targetId: documentId,
        hospitalId: hospital.id,
        summary: {
          after: { fileName, mimeType: type.mimeType, sizeBytes: bytes.byteLength, isPrimary, storage: deps.storage.kind },
          previousPrimaryId: isPrimary ? (currentPrimary?.id ?? null) : undefined,
          brandGuidelinesUrl: { before: locked.brandGuidelinesUrl, after: isPrimary ? url : locked.brandGuidelinesUrl },
        },
      });
      return inserted!;
    });
    return documentDto(row);
  } catch (error) {
    await removeStoredFile(deps, { key: storageKey, hospitalId: hospital.id, documentId }, 'database write failed after upload');
    throw error;
  }
}

export async function makeBrandDocumentPrimary(deps: BrandDeps, actor: AdminActor, hospitalId: string, documentId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockHospital(tx, hospital.id);
    const document = await findDocument(tx, hospital.id, documentId);
    const [previous] = await tx
      .update(brandGuidelineDocuments)
      .set({ isPrimary: false })
      .where(and(eq(brandGuidelineDocuments.hospitalId, hospital.id), eq(brandGuidelineDocuments.isPrimary, true)))
      .returning({ id: brandGuidelineDocuments.id });
    const [updated] = await tx.update(brandGuidelineDocuments).set({ isPrimary: true }).where(eq(brandGuidelineDocuments.id, document.id)).returning();
    await tx.update(hospitals).set({ brandGuidelinesUrl: document.url }).where(eq(hospitals.id, hospital.id));
    await recordAudit(tx, actor, {
      action: 'brand.document.make_primary',
      targetType: 'brand_guideline_document',
      targetId: document.id,
      hospitalId: hospital.id,
      summary: {
        before: { primaryId: previous?.id ?? null, brandGuidelinesUrl: locked.brandGuidelinesUrl },
        after: { primaryId: document.id, brandGuidelinesUrl: document.url },
      },
    });
    return updated!;
  });
  return documentDto(row);
}

/** Deletes the row (and the hospital's URL if it pointed at it) in one transaction, then the file. */
export async function deleteBrandDocument(deps: BrandDeps, actor: AdminActor, hospitalId: string, documentId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const document = await deps.db.transaction(async (tx) => {
    await lockHospital(tx, hospital.id);
    const row = await findDocument(tx, hospital.id, documentId);
    await tx.delete(brandGuidelineDocuments).where(eq(brandGuidelineDocuments.id, row.id));
    const cleared = row.url
      ? await tx
          .update(hospitals)
          .set({ brandGuidelinesUrl: null })
          .where(and(eq(hospitals.id, hospital.id), eq(hospitals.brandGuidelinesUrl, row.url)))
          .returning({ id: hospitals.id })
      : [];
    await recordAudit(tx, actor, {
      action: 'brand.document.delete',
      targetType: 'brand_guideline_document',
      targetId: row.id,
      hospitalId: hospital.id,
      summary: {
        before: { fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, isPrimary: row.isPrimary },
        brandGuidelinesUrlCleared: cleared.length > 0,
      },
    });
    return row;
  });
  await removeStoredFile(deps, { key: document.storageKey, hospitalId: hospital.id, documentId: document.id }, 'brand document deleted');
  return { deleted: true };
}

export async function readBrandDocumentFile(deps: BrandDeps, actor: AdminActor, hospitalId: string, documentId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const document = await findDocument(deps.db, hospital.id, documentId);
  let file;
  try {
    file = await deps.storage.get(document.storageKey);
  } catch (error) {
    throw storageUnavailable(deps, error, 'get');
  }
  if (!file) {
    deps.logger.error({ documentId: document.id, storagePath: document.storageKey, storage: deps.storage.kind }, 'brand document file missing from storage');
    throw new AppError('FILE_MISSING', 404, BRAND_MESSAGES.fileMissing);
  }
  return { document, file };
}

/** Everything a hospital has said about its brand, for the admin view and the biography writer. */
export async function loadBrandGuidelines(
  db: Database,
  hospital: Pick<typeof hospitals.$inferSelect, 'id' | 'brandWritingStandards' | 'brandGuidelinesUrl'>,
): Promise<BrandGuidelinesDto> {
  const [settings, documents] = await Promise.all([readSettings(db, hospital.id), readDocuments(db, hospital.id)]);
  return { settings, writingStandards: hospital.brandWritingStandards, brandGuidelinesUrl: hospital.brandGuidelinesUrl, documents };
}

export async function getBrandGuidelines(deps: Pick<BrandDeps, 'db'>, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return loadBrandGuidelines(deps.db, hospital);
}
