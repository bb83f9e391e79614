/**
 * The provider import from the listing service: find the provider by NPI, map the entity with the
 * hospital's field mappings, and apply each section through the profile's own save. Empty fields are
 * filled; a saved value that differs becomes a pending update; fields the provider flagged in
 * manual_override_flags are never touched.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TermType, YextTermEntityType } from '../../../shared/enums';
import { PROFILE_LIST_CAPS, type ProfileListId } from '../../../shared/limits';
import { isSignupLanguageDefault } from '../../../shared/profile-completion';
import type { ProfileSectionId } from '../../../shared/schemas/profile';
import { SYNC_SECTION_IDS, type SyncSectionId, type SyncSectionOutcome, type UnifiedSyncResult, type YextPreviewResult } from '../../../shared/schemas/yext';
import { hospitalExpertiseTerms, hospitalLocations, hospitals, languages, professionalIdentity, userYextData } from '../../db/schema';
import type { NpiRecord } from '../../integrations/npi-registry';
import { YEXT_DEFAULTS, YEXT_MESSAGES, entityIdOf, findProvidersByNpi, type YextClient, type YextEntity } from '../../integrations/yext';
import { AppError, isAppError } from '../../lib/app-error';
import { getActiveDataSource } from '../hospitals/data-sources';
import { currentListItems, isEmptyValue, listAdditions, proposeUpdates, sameValue, writeSectionFields, type Proposal } from '../pending-updates/service';
import { SYSTEM_ACTOR, withSectionHistory } from '../profile/history';
import { getSection, loadUser, refreshCompletion } from '../profile/service';
import { forgetValidKey, loadHospital, validatedClient, type HospitalRow, type YextDeps } from './context';
import { mapEntity, storedMappingErrors, type EntityRef, type FieldMapping, type MappedProfile, type MappingLookups } from './mapping';

export const EXPERTISE_FIELDS: Record<'conditions' | 'procedures' | 'reasonsForVisit', { entityType: YextTermEntityType; termType: TermType }> = {
  conditions: { entityType: 'taxonomy_conditionTreated', termType: 'Condition' },
  procedures: { entityType: 'taxonomy_procedure', termType: 'Procedure' },
  reasonsForVisit: { entityType: 'taxonomy_reasonForVisit', termType: 'Reason for Visit' },
};

// ── Finding and mapping the provider ────────────────────────────────────────────────────────

/** The provider's entity, found by NPI with the four strategies; null when the service has none. */
export async function fetchProviderEntity(deps: YextDeps, row: HospitalRow, npi: string) {
  const { client } = await validatedClient(deps, row);
  try {
    const result = await findProvidersByNpi(client, npi);
    return { entity: result.entities[0] ?? null, strategy: result.strategy, client };
  } catch (error) {
    await forgetValidKey(deps, row, error);
    deps.logger.warn({ err: error, hospitalId: row.id }, 'listing-service provider lookup failed');
    throw new AppError('YEXT_FETCH_FAILED', 502, YEXT_MESSAGES.fetchFailed, { reason: error instanceof Error ? error.message : String(error) });
  }
}

/** The active data source's mappings when it is a listing-service one; none otherwise. */
async function hospitalMappings(deps: YextDeps, hospitalId: string): Promise<FieldMapping[]> {
  try {
    const config = await getActiveDataSource(deps.db, hospitalId);
    if (config.sourceType !== 'yext') return [];
    return config.fieldMappings.map((mapping) => ({
      profileSection: mapping.profileSection,
      profileField: mapping.profileField,
      sourcePath: mapping.sourcePath,
      fallbackPaths: mapping.fallbackPaths,
      defaultValue: mapping.defaultValue,
      isRequired: mapping.isRequired,
      transformationRules: mapping.transformationRules,
    }));
  } catch (error) {
    if (isAppError(error) && error.status === 404) return [];
    throw error;
  }
}

async function mappingLookups(deps: YextDeps, hospitalId: string): Promise<MappingLookups> {
  const [languageRows, locationRows] = await Promise.all([
    deps.db.select({ code: languages.code, name: languages.name }).from(languages),
    deps.db
      .select({ id: hospitalLocations.id, yextEntityId: hospitalLocations.yextEntityId, name: hospitalLocations.name })
      .from(hospitalLocations)
      .where(and(eq(hospitalLocations.hospitalId, hospitalId), eq(hospitalLocations.isActive, true))),
  ]);
  return { languages: languageRows, hospitalLocations: locationRows };
}

export async function mapProvider(deps: YextDeps, row: HospitalRow, npi: string) {
  const { entity, strategy, client } = await fetchProviderEntity(deps, row, npi);
  if (!entity) throw new AppError('YEXT_PROVIDER_NOT_FOUND', 404, YEXT_MESSAGES.providerNotFound(npi));
  const [mappings, lookups] = await Promise.all([hospitalMappings(deps, row.id), mappingLookups(deps, row.id)]);
  return { entity, strategy, client, mapped: mapEntity(entity, mappings, lookups), usesHospitalMappings: mappings.length > 0 };
}

// ── Expertise references → the hospital's terms ─────────────────────────────────────────────

interface ExpertiseResolution {
  items: Array<{ termId: string; term: string; termType: TermType; specialtyName: string | null }>;
  missing: Array<{ id: string; name: string | null; entityType: YextTermEntityType; termType: TermType }>;
  errors: string[];
}

/**
 * Each referenced taxonomy entity becomes the hospital term synced from it. Entities the hospital has
 * no term for are looked up for their names and, when `create` is set, added as listing-service terms.
 */
export async function resolveExpertise(
  deps: YextDeps,
  hospitalId: string,
  refs: NonNullable<MappedProfile['medical_expertise']>,
  client: YextClient,
  create: boolean,
): Promise<ExpertiseResolution> {
  const wanted: Array<EntityRef & { entityType: YextTermEntityType; termType: TermType }> = [];
  for (const [field, meta] of Object.entries(EXPERTISE_FIELDS) as Array<
    [keyof typeof EXPERTISE_FIELDS, (typeof EXPERTISE_FIELDS)[keyof typeof EXPERTISE_FIELDS]]
  >) {
    for (const ref of refs[field]) if (!wanted.some((w) => w.id === ref.id)) wanted.push({ ...ref, ...meta });
  }
  const ids = wanted.map((w) => w.id);
  const existing = ids.length
    ? await deps.db
        .select()
        .from(hospitalExpertiseTerms)
        .where(and(eq(hospitalExpertiseTerms.hospitalId, hospitalId), inArray(hospitalExpertiseTerms.yextEntityId, ids)))
    : [];
  const byEntity = new Map(existing.map((row) => [row.yextEntityId!, row]));
  const missing = wanted.filter((w) => !byEntity.has(w.id));
  const errors: string[] = [];

  const unnamed = missing.filter((w) => !w.name);
  for (let i = 0; i < unnamed.length; i += YEXT_DEFAULTS.pageSize) {
    const chunk = unnamed.slice(i, i + YEXT_DEFAULTS.pageSize);
    try {
      const { entities } = await client.listEntities({ entityIds: chunk.map((w) => w.id).join(','), limit: YEXT_DEFAULTS.pageSize });
      for (const entity of entities) {
        const target = chunk.find((w) => w.id === entityIdOf(entity));
        if (target && typeof entity.name === 'string') target.name = entity.name;
      }
    } catch (error) {
      errors.push(`term names could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const creatable = missing.filter((w) => w.name);
  for (const w of missing) if (!w.name) errors.push(`no term for entity ${w.id}`);

  if (create && creatable.length > 0) {
    const now = new Date();
    await deps.db
      .insert(hospitalExpertiseTerms)
      .values(
        creatable.map((w) => ({
          hospitalId,
          termId: w.id,
          term: w.name!.trim().slice(0, 500),
          termType: w.termType,
          isCustom: false,
          isYextSourced: true,
          yextEntityId: w.id,
          yextEntityType: w.entityType,
          lastSyncedFromYextAt: now,
        })),
      )
      .onConflictDoNothing();
    const created = await deps.db
      .select()
      .from(hospitalExpertiseTerms)
      .where(
        and(
          eq(hospitalExpertiseTerms.hospitalId, hospitalId),
          inArray(
            hospitalExpertiseTerms.termId,
            creatable.map((w) => w.id),
          ),
          isNull(hospitalExpertiseTerms.specialtyName),
        ),
      );
    for (const row of created) if (row.yextEntityId ?? row.termId) byEntity.set(row.yextEntityId ?? row.termId, row);
  }

  const items: ExpertiseResolution['items'] = [];
  for (const w of wanted) {
    const row = byEntity.get(w.id);
    if (row) items.push({ termId: row.termId, term: row.term, termType: row.termType as TermType, specialtyName: row.specialtyName });
    else if (!create && w.name) items.push({ termId: w.id, term: w.name, termType: w.termType, specialtyName: null });
  }
  return { items, missing: missing.map(({ id, name, entityType, termType }) => ({ id, name: name ?? null, entityType, termType })), errors };
}

// ── Applying one section ────────────────────────────────────────────────────────────────────

interface SectionReport {
  section: SyncSectionId;
  outcome: SyncSectionOutcome;
  proposals: number;
  error?: string;
  skippedFields?: string[];
}

interface ApplyContext {
  deps: YextDeps;
  userId: string;
  flags: Record<string, boolean>;
}

/** One-row sections: fill what is empty, propose what differs, leave flagged identity fields alone. */
async function applyFields(ctx: ApplyContext, section: ProfileSectionId & SyncSectionId, incoming: Record<string, unknown>): Promise<SectionReport> {
  const current = (await getSection(ctx.deps, { userId: ctx.userId }, section)).data as Record<string, unknown> | null;
  const fills: Record<string, unknown> = {};
  const proposals: Proposal[] = [];
  const skippedFields: string[] = [];
  for (const [field, value] of Object.entries(incoming)) {
    if (section === 'professional_identity' && ctx.flags[field]) {
      skippedFields.push(field);
      continue;
    }
    const saved = current?.[field];
    if (isEmptyValue(saved)) fills[field] = value;
    else if (!sameValue(saved, value)) proposals.push({ sectionId: section, field, currentValue: saved, newValue: value });
  }
  if (Object.keys(fills).length > 0) await writeSectionFields(ctx.deps, ctx.userId, section, fills, 'listing_service');
  const proposed = await proposeUpdates(ctx.deps.db, ctx.userId, 'yext', proposals);
  const outcome: SyncSectionOutcome = Object.keys(fills).length > 0 ? 'updated' : proposals.length > 0 ? 'pending' : 'unchanged';
  return { section, outcome, proposals: proposed, ...(skippedFields.length ? { skippedFields } : {}) };
}

/** List sections: an empty list is filled; entries the directory adds to a saved list are proposed. */

async function applyList(
  ctx: ApplyContext,
  section: ProfileSectionId & SyncSectionId & ProfileListId,
  incoming: Array<Record<string, unknown>>,
): Promise<SectionReport> {
  // The directory adds up to the list's cap (limits.ts) and no further: a save over it would be refused.
  const cap = PROFILE_LIST_CAPS[section];
  const current = await currentListItems(ctx.deps, ctx.userId, section);
  if (current.length === 0 || (section === 'languages' && isSignupLanguageDefault(current))) {
    await writeSectionFields(ctx.deps, ctx.userId, section, { items: incoming.slice(0, cap) }, 'listing_service');
    return { section, outcome: 'updated', proposals: 0 };
  }
  const additions = listAdditions(section, current, incoming).slice(0, Math.max(0, cap - current.length));
  if (additions.length === 0) return { section, outcome: 'unchanged', proposals: 0 };
  const proposed = await proposeUpdates(ctx.deps.db, ctx.userId, 'yext', [
    { sectionId: section, field: 'items', currentValue: current, newValue: [...current, ...additions] },
  ]);
  return { section, outcome: 'pending', proposals: proposed };
}

function nameListTask(
  ctx: ApplyContext,
  section: 'board_certifications' | 'hospital_affiliations' | 'awards' | 'insurance',
  items: Array<Record<string, unknown>> | null,
) {
  return items ? applyList(ctx, section, items) : Promise.resolve<SectionReport>({ section, outcome: 'empty', proposals: 0 });
}

// ── The unified sync ────────────────────────────────────────────────────────────────────────

const skippedResult = (message: string): UnifiedSyncResult => ({
  success: false,
  skipped: true,
  message,
  sectionsUpdated: 0,
  sectionsFailed: 0,
  totalSections: SYNC_SECTION_IDS.length,
  providerName: null,
  npi: null,
  pendingUpdatesCreated: 0,
  sections: [],
  mappingErrors: null,
});

/**
 * `POST /api/yext/sync` for the signed-in provider, and the sign-up / sign-in population. The
 * sections run one after another, each in its own transaction; one section's failure is logged and
 * the others still apply.
 */
export async function runUnifiedSync(deps: YextDeps, userId: string): Promise<UnifiedSyncResult> {
  const user = await loadUser(deps.db, userId);
  if (!user.hospitalId) throw new AppError('NO_HOSPITAL', 400, YEXT_MESSAGES.noHospital);
  const [identity] = await deps.db
    .select({ npiNumber: professionalIdentity.npiNumber, flags: professionalIdentity.manualOverrideFlags, profilePhoto: professionalIdentity.profilePhoto })
    .from(professionalIdentity)
    .where(eq(professionalIdentity.userId, userId))
    .limit(1);
  const npi = identity?.npiNumber ?? null;
  if (!npi) return skippedResult(YEXT_MESSAGES.noNpi);

  const hospital = await loadHospital(deps.db, user.hospitalId);
  if (hospital.dataSource !== 'yext') throw new AppError('NOT_YEXT_HOSPITAL', 400, YEXT_MESSAGES.notYextHospital);

  try {
    const { entity, client, mapped } = await mapProvider(deps, hospital, npi);
    const ctx: ApplyContext = { deps, userId, flags: identity?.flags ?? {} };
    const errors = { ...mapped.errors };

    const tasks: Record<SyncSectionId, () => Promise<SectionReport>> = {
      professional_identity: async () => {
        const data = mapped.professional_identity;
        if (!data) return { section: 'professional_identity', outcome: 'empty', proposals: 0 };
        // The NPI is what the provider was found by; the import never changes it.
        const { npiNumber: _npi, ...values } = data.values;
        const report = await applyFields(ctx, 'professional_identity', values);
        if (data.profilePhoto && identity && !identity.profilePhoto) {
          await deps.db.transaction(async (tx) =>
            withSectionHistory(tx, { userId, sectionId: 'professional_identity', by: { source: 'listing_service', actor: SYSTEM_ACTOR } }, async () => {
              await tx.update(professionalIdentity).set({ profilePhoto: data.profilePhoto }).where(eq(professionalIdentity.userId, userId));
            }),
          );
          if (report.outcome === 'unchanged') report.outcome = 'updated';
        }
        return report;
      },
      education_training: async () =>
        mapped.education_training
          ? applyList(ctx, 'education_training', mapped.education_training)
          : { section: 'education_training', outcome: 'empty', proposals: 0 },
      practice_essentials: async () =>
        mapped.practice_essentials
          ? applyFields(ctx, 'practice_essentials', mapped.practice_essentials)
          : { section: 'practice_essentials', outcome: 'empty', proposals: 0 },
      medical_expertise: async () => {
        if (!mapped.medical_expertise) return { section: 'medical_expertise', outcome: 'empty', proposals: 0 };
        // The hospital's "Enhanced expertise" setting: on, a condition or procedure the hospital's terms
        // lack is added to them from the listing service; off, only terms it already has are linked.
        const enhanced = hospital.populationConfig?.enhanced_expertise === true;
        const resolution = await resolveExpertise(deps, hospital.id, mapped.medical_expertise, client, enhanced);
        if (resolution.errors.length) errors.medical_expertise = [...(errors.medical_expertise ?? []), ...resolution.errors];
        const missing = new Set(resolution.missing.map((m) => m.id));
        const items = enhanced ? resolution.items : resolution.items.filter((item) => !missing.has(item.termId));
        if (!enhanced && missing.size > 0) {
          errors.medical_expertise = [
            ...(errors.medical_expertise ?? []),
            `${missing.size} term${missing.size === 1 ? '' : 's'} not in the hospital's terms (enhanced expertise is off)`,
          ];
        }
        if (items.length === 0) return { section: 'medical_expertise', outcome: 'empty', proposals: 0 };
        return applyList(ctx, 'medical_expertise', items);
      },
      biography: async () => (mapped.biography ? applyFields(ctx, 'biography', mapped.biography) : { section: 'biography', outcome: 'empty', proposals: 0 }),
      languages: async () => (mapped.languages ? applyList(ctx, 'languages', mapped.languages) : { section: 'languages', outcome: 'empty', proposals: 0 }),
      locations: async () => (mapped.locations ? applyList(ctx, 'locations', mapped.locations) : { section: 'locations', outcome: 'empty', proposals: 0 }),
      board_certifications: async () => nameListTask(ctx, 'board_certifications', mapped.board_certifications),
      hospital_affiliations: async () => nameListTask(ctx, 'hospital_affiliations', mapped.hospital_affiliations),
      awards: async () => nameListTask(ctx, 'awards', mapped.awards),
      insurance: async () => nameListTask(ctx, 'insurance', mapped.insurance),
    };

    // One section after another: each is its own transaction, and every profile write bumps the
    // provider's users.profile_version, so concurrent ones would only queue on that row (or deadlock
    // with a lock taken earlier in another section's transaction).
    const settled: Array<PromiseSettledResult<SectionReport>> = [];
    for (const section of SYNC_SECTION_IDS) {
      try {
        settled.push({ status: 'fulfilled', value: await tasks[section]() });
      } catch (reason) {
        settled.push({ status: 'rejected', reason });
      }
    }
    const reports: SectionReport[] = settled.map((result, index) => {
      const section = SYNC_SECTION_IDS[index]!;
      if (result.status === 'fulfilled') return result.value;
      const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
      deps.logger.warn({ err: result.reason, userId, section }, 'listing-service section could not be applied; skipped');
      return { section, outcome: 'failed', proposals: 0, error: message };
    });

    const mappingErrors = storedMappingErrors(errors);
    await deps.db
      .insert(userYextData)
      .values({
        userId,
        hospitalId: hospital.id,
        npiNumber: npi,
        yextRawData: entity as Record<string, unknown>,
        mappedSections: SYNC_SECTION_IDS.filter((section) => mapped[section] !== null),
        mappingErrors,
      })
      .onConflictDoUpdate({
        target: userYextData.userId,
        set: {
          hospitalId: hospital.id,
          npiNumber: npi,
          yextRawData: entity as Record<string, unknown>,
          mappedSections: SYNC_SECTION_IDS.filter((section) => mapped[section] !== null),
          mappingErrors,
          updatedAt: new Date(),
        },
      });
    // Sections saved side by side each computed the completion before the others committed.
    await refreshCompletion(deps.db, userId);

    const sectionsUpdated = reports.filter((r) => r.outcome === 'updated').length;
    const sectionsFailed = reports.filter((r) => r.outcome === 'failed').length;
    const attempted = reports.filter((r) => r.outcome !== 'empty').length;
    const result: UnifiedSyncResult = {
      success: sectionsFailed === 0 || sectionsFailed < attempted,
      skipped: false,
      message: null,
      sectionsUpdated,
      sectionsFailed,
      totalSections: SYNC_SECTION_IDS.length,
      providerName: providerNameOf(entity, mapped),
      npi,
      pendingUpdatesCreated: reports.reduce((sum, r) => sum + r.proposals, 0),
      sections: reports.map(({ section, outcome, error, skippedFields }) => ({
        section,
        outcome,
        ...(error ? { error } : {}),
        ...(skippedFields ? { skippedFields } : {}),
      })),
      mappingErrors,
    };
    if (attempted > 0 && sectionsFailed === attempted) throw new AppError('YEXT_APPLY_FAILED', 500, YEXT_MESSAGES.applyFailed, result);
    return result;
  } catch (error) {
    if (isAppError(error)) throw error;
    deps.logger.error({ err: error, userId }, 'listing-service unified sync failed');
    throw new AppError('YEXT_SYNC_FAILED', 500, YEXT_MESSAGES.unifiedSyncFailed);
  }
}

function providerNameOf(entity: YextEntity, mapped: MappedProfile) {
  if (typeof entity.name === 'string' && entity.name.trim()) return entity.name.trim();
  return mapped.professional_identity?.values.fullLegalName ?? null;
}

// ── Preview (admin test page) ───────────────────────────────────────────────────────────────

/** What a sync would import for this NPI, with the mapping errors; nothing is written. */
export async function previewProvider(deps: YextDeps, row: HospitalRow, npi: string): Promise<YextPreviewResult> {
  const { entity, strategy, client } = await fetchProviderEntity(deps, row, npi);
  if (!entity) {
    return {
      npi,
      found: false,
      strategy: null,
      entityId: null,
      providerName: null,
      sections: {},
      mappedSections: [],
      mappingErrors: null,
      fields: [],
      usesHospitalMappings: false,
      missingTerms: [],
    };
  }
  const [mappings, lookups] = await Promise.all([hospitalMappings(deps, row.id), mappingLookups(deps, row.id)]);
  const mapped = mapEntity(entity, mappings, lookups);
  const errors = { ...mapped.errors };
  const sections: YextPreviewResult['sections'] = {};
  let missingTerms: YextPreviewResult['missingTerms'] = [];
  for (const section of SYNC_SECTION_IDS) {
    if (section === 'medical_expertise') continue;
    if (mapped[section] !== null) sections[section] = mapped[section];
  }
  if (mapped.medical_expertise) {
    const resolution = await resolveExpertise(deps, row.id, mapped.medical_expertise, client, false);
    sections.medical_expertise = resolution.items;
    missingTerms = resolution.missing.map(({ id, name, entityType }) => ({ id, name, entityType }));
    if (resolution.errors.length) errors.medical_expertise = [...(errors.medical_expertise ?? []), ...resolution.errors];
  }
  return {
    npi,
    found: true,
    strategy,
    entityId: entityIdOf(entity) ?? null,
    providerName: providerNameOf(entity, mapped),
    sections,
    mappedSections: SYNC_SECTION_IDS.filter((section) => sections[section] !== undefined),
    mappingErrors: storedMappingErrors(errors),
    fields: mapped.fields,
    usesHospitalMappings: mappings.length > 0,
    missingTerms,
  };
}

// ── The sign-up lookup at a listing-service hospital ────────────────────────────────────────

/** A provider lookup answered from the hospital's listing service, in the registry record's shape. */
export type DirectoryRecord = NpiRecord & { source: 'yext' };

/**
 * `GET /api/npi/:number?hospitalId=`: at a hospital whose provider data comes from the listing
 * service, the provider is looked up there (profile spec: the lookup follows the hospital's data
 * source). Null when the hospital does not use the listing service (the registry answers instead);
 * a provider the directory does not hold is a 404 with the spec's message.
 */
export async function lookupDirectoryRecord(deps: YextDeps, hospitalId: string, npi: string): Promise<DirectoryRecord | null> {
  const [row] = await deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1);
  if (!row?.isActive || row.dataSource !== 'yext') return null;
  const { mapped } = await mapProvider(deps, row, npi);
  const identity = mapped.professional_identity?.values ?? {};
  if (!identity.firstName || !identity.lastName) throw new AppError('YEXT_PROVIDER_NOT_FOUND', 404, YEXT_MESSAGES.providerNotFound(npi));
  const credentials = (identity.credentials ?? []).map((c) => c.name).filter(Boolean);
  const specialty = identity.primarySpecialty ?? null;
  return {
    source: 'yext',
    npi_number: npi,
    first_name: identity.firstName,
    last_name: identity.lastName,
    middle_name: null,
    name_prefix: null,
    name_suffix: null,
    credential: credentials.length > 0 ? credentials.join(', ') : null,
    gender: null,
    enumeration_date: null,
    last_updated: null,
    status: 'active',
    primary_address: null,
    primary_taxonomy: null,
    licenses: [],
    specialties: specialty ? [{ name: specialty, code: '', is_primary: true }] : [],
    credentials: credentials.map((value) => ({ type: 'degree' as const, value, verified: true as const })),
    taxonomies: [],
  };
}
