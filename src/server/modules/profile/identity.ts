import { eq } from 'drizzle-orm';
import { caseRegistryName, splitCredentials } from '../../../shared/names';
import type { NpiRecord } from '../../../shared/npi';
import { PROFILE_MESSAGES, REGISTRY_IDENTITY_FIELDS, SECTION_SAVE_ERRORS, type RegistryIdentityField } from '../../../shared/schemas/profile';
import { professionalIdentity, users, type IdentityCredential, type IdentityLicense } from '../../db/schema';
import type { NpiRegistry } from '../../integrations/npi-registry';
import { sameJson } from '../../lib/stable-json';
import { AppError, isAppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { lookupNpiRecord } from '../npi/service';
import { assertNpiAvailable } from './sections';
import { loadUser, refreshCompletion, type ProfileDeps, type ProviderRef } from './service';
import { withSectionHistory } from './history';
import { recordProvenance } from './provenance';
import { identityView } from './views';
import { bestSpecialtyMatch } from '../expertise-terms/service';

/** NPPES sends names in capitals; see caseRegistryName. Mixed case is kept. */
export const displayName = caseRegistryName;

export interface RegistryIdentityValues {
  firstName: string;
  lastName: string;
  fullLegalName: string;
  credentials: IdentityCredential[];
  primarySpecialty: string | null;
  primarySpecialties: string[];
  licenses: IdentityLicense[];
}

/** What the registry record says for each field it can fill. */
export function registryIdentityValues(record: NpiRecord): RegistryIdentityValues {
  const firstName = displayName(record.first_name);
  const lastName = displayName(record.last_name);
  const middle = record.middle_name ? displayName(record.middle_name) : null;
  const primary = record.specialties.find((s) => s.is_primary)?.name ?? record.primary_taxonomy?.desc ?? null;
  return {
    firstName,
    lastName,
    // A generational suffix (Jr, Sr, II, III) is part of the legal name.
    fullLegalName: [firstName, middle, lastName, record.name_suffix].filter(Boolean).join(' '),
    credentials: splitCredentials(record.credential).map((name) => ({ type: 'degree', name, verified: true })),
    primarySpecialty: primary || null,
    primarySpecialties: primary ? [primary] : [],
    licenses: record.licenses.map((l) => ({ number: l.license_number, state: l.state ?? '', status: 'active' as const, taxonomy_code: l.taxonomy_code })),
  };
}

export interface IdentityChange {
  field: RegistryIdentityField | 'npiNumber';
  previous: unknown;
  current: unknown;
}

/**
 * `POST /api/profile/identity/npi-refresh`: looks the NPI up in the registry and updates the identity
 * fields the provider has not flagged as typed by hand; the raw record and the registry's specialties
 * are always stored. Answers what changed and what was left alone because it is flagged.
 */
export async function refreshIdentityFromRegistry(deps: ProfileDeps & { npiRegistry: NpiRegistry }, actor: ProviderRef, input: { npiNumber?: string }) {
  const { db } = deps;
  const user = await loadUser(db, actor.userId);
  const [existing] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id)).limit(1);
  const npi = input.npiNumber ?? existing?.npiNumber ?? user.npiNumber;
  if (!npi) throw AppError.validation(PROFILE_MESSAGES.noNpi);
  await assertNpiAvailable(db, user.id, npi);
  const record = await lookupNpiRecord(deps.npiRegistry, npi, (error) => deps.logger.warn({ err: error }, 'NPI registry lookup failed during refresh'));

  const registry = registryIdentityValues(record);
  const flags = existing?.manualOverrideFlags ?? {};
  const before = existing ? identityView(existing) : null;
  const changes: IdentityChange[] = [];
  const skipped: RegistryIdentityField[] = [];
  const updates: Partial<RegistryIdentityValues> = {};
  for (const field of REGISTRY_IDENTITY_FIELDS) {
    const previous = before ? before[field] : null;
    if (sameJson(previous, registry[field])) continue;
    if (flags[field]) {
      skipped.push(field);
      continue;
    }
    Object.assign(updates, { [field]: registry[field] });
    changes.push({ field, previous: previous ?? null, current: registry[field] });
  }
  if ((before?.npiNumber ?? null) !== npi) changes.unshift({ field: 'npiNumber', previous: before?.npiNumber ?? null, current: npi });

  // The primary specialty the identity ends with, when it comes from the registry, matched to our taxonomy.
  const appliedPrimary = existing ? ('primarySpecialty' in updates ? updates.primarySpecialty : undefined) : registry.primarySpecialty;
  const matched = appliedPrimary === undefined ? undefined : appliedPrimary ? await bestSpecialtyMatch(db, appliedPrimary) : null;
  const registryColumns = {
    ...(matched === undefined ? {} : { matchedSpecialtyConfidence: matched?.confidence ?? null }),
    npiNumber: npi,
    npiRawData: record as unknown as Record<string, unknown>,
    npiSpecialties: record.specialties.map((s) => ({ name: s.name, code: s.code, is_primary: s.is_primary })),
    isAutoPopulated: true,
    autoPopulatedAt: new Date(),
  };
  let completion;
  try {
    completion = await db.transaction(async (tx) => {
      // The provider asked for the refresh; the values are the registry's. Provenance is recorded below, field by field.
      const by = { source: 'registry' as const, actor: { id: user.id, kind: 'provider' as const, email: user.email } };
      await withSectionHistory(tx, { userId: user.id, sectionId: 'professional_identity', by, provenance: 'recorded-by-writer' }, async () => {
        if (existing) {
          await tx
            .update(professionalIdentity)
            .set({ ...updates, ...registryColumns })
            .where(eq(professionalIdentity.userId, user.id));
        } else {
          await tx
            .insert(professionalIdentity)
            .values({ userId: user.id, ...registry, ...registryColumns, professionalEmail: user.email, jobTitle: user.jobTitle });
        }
      });
      // What the registry filled is the registry's; a field the provider flagged keeps its own source.
      await recordProvenance(tx, user.id, 'professional_identity', existing ? Object.keys(updates) : REGISTRY_IDENTITY_FIELDS, 'registry');
      const identityFor = existing ? updates : registry;
      await tx
        .update(users)
        .set({
          npiNumber: npi,
          ...(identityFor.fullLegalName ? { fullName: identityFor.fullLegalName } : {}),
          ...(identityFor.firstName ? { firstName: identityFor.firstName } : {}),
          ...(identityFor.lastName ? { lastName: identityFor.lastName } : {}),
        })
        .where(eq(users.id, user.id));
      return refreshCompletion(tx, user.id);
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    if (isUniqueViolation(error)) throw AppError.conflict(PROFILE_MESSAGES.npiTaken, { field: 'npiNumber' });
    deps.logger.error({ err: error, userId: user.id }, 'identity refresh from the registry failed');
    throw new AppError('SAVE_FAILED', 500, SECTION_SAVE_ERRORS.professional_identity);
  }
  const [after] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id)).limit(1);
  return { npiNumber: npi, changes, skipped, identity: identityView(after!), completionPercentage: completion.percentage };
}
