import { and, eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type signUpSchema } from '../../../shared/schemas/auth';
import { splitCredentials, splitProviderName } from '../../../shared/names';
import type { NpiRecord } from '../../../shared/npi';
import type { ChangeSource } from '../../../shared/enums';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  authUsers,
  biography,
  dataSourceConfigurations,
  dataSourceFieldMappings,
  hospitals,
  languages,
  languagesSpoken,
  professionalIdentity,
  professionalLicenses,
  type SignupMetadata,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { bestSpecialtyMatch } from '../expertise-terms/service';
import { LIST_FIELD, recordProvenance } from '../profile/provenance';
import { recordSectionChange, SYSTEM_ACTOR } from '../profile/history';
import { SIGNUP_LANGUAGE } from '../../../shared/profile-completion';
import { readProfile } from '../profile/read';
import { refreshCompletion } from '../profile/service';
import { recordAudit } from '../audit/service';
import { constraintOf, isUniqueViolation } from '../../lib/pg-errors';
import type { Logger } from '../../lib/logger';

export type SignUpData = z.output<typeof signUpSchema>;

export const SIGNUP_JOB_TITLE = 'Physician';
export const METADATA_JOB_TITLE = 'Healthcare Provider';

const isNpiConflict = (error: unknown) => isUniqueViolation(error) && /npi_number/.test(constraintOf(error));

/** Checks that must pass before an authentication account is created. */
export async function assertCanSignUp(db: Database, input: SignUpData) {
  // A hospital is checked first: signing up to a hospital whose active data source maps fields
  // (profile spec §5, "Signup with field mappings") refuses a taken e-mail in its own words.
  let hospital: { id: string; name: string; dataSource: string; mappedFields: number } | undefined;
  if (input.hospitalId) {
    [hospital] = await db
      .select({
        id: hospitals.id,
        name: hospitals.name,
        dataSource: hospitals.dataSource,
        mappedFields: sql<number>`(select count(*)::int from ${dataSourceFieldMappings} m join ${dataSourceConfigurations} d on d.id = m.configuration_id where d.hospital_id = "hospitals"."id" and d.is_active)`,
      })
      .from(hospitals)
      .where(and(eq(hospitals.id, input.hospitalId), eq(hospitals.isActive, true)))
      .limit(1);
    if (!hospital) throw new AppError('HOSPITAL_NOT_FOUND', 404, AUTH_MESSAGES.hospitalNotFound);
  }

  const [existingAccount] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${input.email}`)
    .limit(1);
  const [existingProfile] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (existingAccount || existingProfile) {
    throw AppError.conflict(hospital && hospital.mappedFields > 0 ? AUTH_MESSAGES.emailTakenWithFieldMappings : AUTH_MESSAGES.emailTaken);
  }

  if (input.npiNumber) {
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.npiNumber, input.npiNumber)).limit(1);
    // The real clinician signs up without the number and claims it from their profile (npi-claims).
    if (holder) throw AppError.conflict(AUTH_MESSAGES.npiTaken, { field: 'npiNumber', claimable: true });
  }
  return { hospital };
}

export function buildSignupMetadata(input: SignUpData, hospital: { id: string; name: string; dataSource: string } | undefined): SignupMetadata {
  return {
    full_name: input.fullName,
    first_name: input.firstName,
    last_name: input.lastName,
    credential: input.credential,
    specialty: input.specialty,
    job_title: input.jobTitle ?? SIGNUP_JOB_TITLE,
    npi_number: input.npiNumber,
    hospital_id: hospital?.id,
    hospitalName: hospital?.name,
    agreed_to_terms: input.agreedToTerms,
    agreed_to_privacy: input.agreedToPrivacy,
    data_source: hospital?.dataSource === 'yext' ? 'yext' : 'npi_registry',
    pending_profile_setup: true,
    needs_directory_population: hospital?.dataSource === 'yext',
  };
}

export async function saveSignupMetadata(db: Database, authUserId: string, metadata: SignupMetadata) {
  await db.update(authUsers).set({ metadata, updatedAt: new Date() }).where(eq(authUsers.id, authUserId));
}

interface ProfileSeed {
  authUserId: string;
  email: string;
  emailVerified: boolean;
  metadata: SignupMetadata;
  jobTitle: string;
  npiRecord: NpiRecord | null;
}

/**
 * A draft profile made from a hospital's roster (issue 37, decision 0026): the same writer as a
 * sign-up, for someone who has no sign-in account yet. `onCreated` runs in the profile's transaction
 * (the roster marks its row there), so the draft and its row's state commit together or not at all.
 */
export interface RosterDraftSeed {
  email: string;
  metadata: SignupMetadata;
  npiRecord: NpiRecord;
  /** What the upload or the job that made it was. */
  audit: { uploadId: string; rowId: string; startedBy: string | null };
  /** First in the transaction: locks the roster row, or throws when another run has it. */
  lockRow: (tx: Database) => Promise<void>;
  onCreated: (tx: Database, user: typeof users.$inferSelect) => Promise<void>;
}

type SeedKind = { kind: 'sign_up'; seed: ProfileSeed } | { kind: 'roster'; seed: RosterDraftSeed };

/**
 * One transaction: the users row, the professional identity (with the registry's specialties,
 * credential and raw record when we have it) and the registry's licenses in their own table.
 */
async function insertProfile(db: Database, input: SeedKind, withNpi: boolean) {
  const { seed } = input;
  const draft = input.kind === 'roster';
  const { metadata, npiRecord } = seed;
  const split = splitProviderName(metadata.full_name);
  const firstName = metadata.first_name ?? npiRecord?.first_name ?? split.firstName;
  const lastName = metadata.last_name ?? npiRecord?.last_name ?? split.lastName;
  const credential = metadata.credential ?? npiRecord?.credential ?? split.credentials.join(', ');
  const npiNumber = withNpi ? (metadata.npi_number ?? null) : null;
  const record = withNpi ? npiRecord : null;

  return db.transaction(async (tx) => {
    if (input.kind === 'roster') await input.seed.lockRow(tx);
    const [user] = await tx
      .insert(users)
      .values({
        // A roster draft has no sign-in account, is not active and its e-mail is not confirmed (decision 0026).
        authUserId: draft ? null : input.seed.authUserId,
        email: seed.email,
        fullName: split.fullName || metadata.full_name,
        firstName: firstName || null,
        lastName: lastName || null,
        jobTitle: draft ? METADATA_JOB_TITLE : input.seed.jobTitle,
        organization: metadata.hospitalName ?? null,
        npiNumber,
        hospitalId: metadata.hospital_id ?? null,
        status: draft ? 'unclaimed' : 'active',
        emailVerified: draft ? false : input.seed.emailVerified,
        agreedToTerms: metadata.agreed_to_terms,
        agreedToPrivacy: metadata.agreed_to_privacy,
        lastLoginAt: draft ? null : new Date(),
      })
      .returning();
    if (!user) throw new Error('users insert returned no row');

    const specialties = record?.specialties ?? [];
    const registryPrimary = specialties.find((s) => s.is_primary)?.name ?? null;
    const primary = registryPrimary ?? metadata.specialty ?? null;
    // The registry's primary specialty matched to our taxonomy: how close the match is (spec: above 0.3).
    const matched = registryPrimary ? await bestSpecialtyMatch(tx, registryPrimary) : null;
    await tx.insert(professionalIdentity).values({
      userId: user.id,
      npiNumber,
      fullLegalName: split.fullName || metadata.full_name,
      firstName: firstName || null,
      lastName: lastName || null,
      professionalEmail: seed.email,
      jobTitle: draft ? METADATA_JOB_TITLE : input.seed.jobTitle,
      primarySpecialty: primary,
      primarySpecialties: primary ? [primary] : [],
      matchedSpecialtyConfidence: matched?.confidence ?? null,
      npiSpecialties: specialties.map((s) => ({ name: s.name, code: s.code, is_primary: s.is_primary })),
      credentials: splitCredentials(credential).map((name) => ({ type: 'degree', name, verified: Boolean(record?.credential) })),
      licenses: (record?.licenses ?? []).map((l) => ({
        number: l.license_number,
        state: l.state ?? '',
        status: 'active' as const,
        taxonomy_code: l.taxonomy_code,
      })),
      isAutoPopulated: Boolean(record),
      autoPopulatedAt: record ? new Date() : null,
      npiRawData: record ? (record as unknown as Record<string, unknown>) : null,
    });

    // The spec's sign-up defaults: the biography starts as 'Professional biography pending' (the
    // column's default) and the languages as English, since the registry names none; a listing-service
    // import replaces both with what the directory holds.
    await tx.insert(biography).values({ userId: user.id }).onConflictDoNothing();
    const [english] = await tx.select({ name: languages.name }).from(languages).where(eq(languages.code, SIGNUP_LANGUAGE)).limit(1);
    await tx
      .insert(languagesSpoken)
      .values({ userId: user.id, languageCode: SIGNUP_LANGUAGE, languageName: english?.name ?? 'English', displayOrder: 1 })
      .onConflictDoNothing();

    // Provenance of each filled field: what the person typed at sign-up is theirs, what only the registry
    // supplied is the registry's. A roster draft's person typed nothing: the name comes from the registry,
    // the e-mail (and a specialty the registry lacks) from the hospital's roster; its job title is a default.
    const typed = draft ? 'roster' : 'provider';
    const sources: Record<string, 'provider' | 'registry' | 'roster' | null> = {
      fullLegalName: draft ? 'registry' : 'provider',
      firstName: firstName ? (metadata.first_name || !record ? typed : 'registry') : null,
      lastName: lastName ? (metadata.last_name || !record ? typed : 'registry') : null,
      credentials: credential ? (metadata.credential || !record?.credential ? typed : 'registry') : null,
      primarySpecialty: registryPrimary ? 'registry' : primary ? typed : null,
      primarySpecialties: registryPrimary ? 'registry' : primary ? typed : null,
      licenses: record && record.licenses.length > 0 ? 'registry' : null,
      professionalEmail: typed,
      jobTitle: draft ? null : 'provider',
    };
    for (const source of ['provider', 'registry', 'roster'] as const) {
      const fields = Object.keys(sources).filter((field) => sources[field] === source);
      await recordProvenance(tx, user.id, 'professional_identity', fields, source);
    }

    // Licenses live in their own table; a number already registered to someone else is skipped.
    const licenses = (record?.licenses ?? []).filter((l) => l.state);
    if (licenses.length > 0) {
      await tx
        .insert(professionalLicenses)
        .values(
          licenses.map((l, index) => ({
            userId: user.id,
            licenseName: l.taxonomy_desc,
            licenseNumber: l.license_number,
            issuingState: l.state!,
            issuingAuthority: `${l.state} medical licensing board`,
            status: 'active',
            isVerified: false,
            displayOrder: index,
          })),
        )
        .onConflictDoNothing();
      await recordProvenance(tx, user.id, 'licenses', [LIST_FIELD], 'registry');
    }

    // The new profile in its history (what the sign-up filled, from nothing) and the sign-up in the
    // system audit log, in the same transaction: a sign-up that fails leaves neither.
    const provider = { id: user.id, kind: 'provider' as const, email: user.email };
    const created = await readProfile(tx, user.id, SIGNUP_SECTIONS);
    for (const [sectionId, signUpSource] of Object.entries(SIGNUP_SECTION_SOURCES) as Array<[(typeof SIGNUP_SECTIONS)[number], ChangeSource]>) {
      const after = created?.sections[sectionId].data ?? null;
      // A roster draft's identity comes from the registry, by the job (no one signed in).
      const source: ChangeSource = draft && signUpSource === 'provider' ? 'registry' : signUpSource;
      const actor = draft || source === 'system' ? SYSTEM_ACTOR : provider;
      await recordSectionChange(tx, { userId: user.id, sectionId, by: { source, actor }, before: null, after, provenance: 'recorded-by-writer' });
    }
    // What the sign-up filled already counts: the stored completion agrees with the computed one from the start.
    await refreshCompletion(tx, user.id);
    if (input.kind === 'roster') {
      await recordAudit(tx, null, {
        action: 'provider.drafted_from_roster',
        targetType: 'user',
        targetId: user.id,
        hospitalId: user.hospitalId,
        summary: { npiNumber, uploadId: input.seed.audit.uploadId, rowId: input.seed.audit.rowId, startedBy: input.seed.audit.startedBy },
      });
      await input.seed.onCreated(tx, user);
      return user;
    }
    await recordAudit(tx, null, {
      action: 'provider.signed_up',
      as: { id: user.id, role: 'provider', email: user.email },
      targetType: 'user',
      targetId: user.id,
      hospitalId: user.hospitalId,
      summary: { npiNumber, npiRegistryRecord: Boolean(record), hospitalId: user.hospitalId },
    });
    return user;
  });
}

/** The sections a sign-up fills and through what: the form (and registry) for identity, defaults for the rest. */
const SIGNUP_SECTION_SOURCES = { professional_identity: 'provider', biography: 'system', languages: 'system', licenses: 'registry' } as const;
const SIGNUP_SECTIONS = Object.keys(SIGNUP_SECTION_SOURCES) as Array<keyof typeof SIGNUP_SECTION_SOURCES>;

/** The e-mail confirmation in the system audit log, naming the provider (or the account, before its profile exists). */
export async function auditEmailConfirmed(db: Database, authUserId: string, ip: string | null) {
  const [user] = await db
    .select({ id: users.id, email: users.email, hospitalId: users.hospitalId })
    .from(users)
    .where(eq(users.authUserId, authUserId))
    .limit(1);
  await recordAudit(db, null, {
    action: 'provider.email_confirmed',
    ...(user ? { as: { id: user.id, role: 'provider' as const, email: user.email } } : {}),
    targetType: user ? 'user' : 'auth_user',
    targetId: user?.id ?? authUserId,
    hospitalId: user?.hospitalId ?? null,
    ip,
  });
}

/**
 * Creates the provider profile; when the NPI turns out to belong to another provider (a race with
 * another sign-up), the profile is created without it (access spec §4, step 3).
 */
export async function createProviderProfile(db: Database, seed: ProfileSeed, logger: Logger, options: { refuseTakenNpi?: boolean } = {}) {
  try {
    return await insertProfile(db, { kind: 'sign_up', seed }, true);
  } catch (error) {
    if (!seed.metadata.npi_number || !isNpiConflict(error)) throw error;
    // At sign-up the person is still there to be told (and offered a claim); two sign-ups racing for one
    // number must not both succeed with one of them silently losing it.
    if (options.refuseTakenNpi) throw AppError.conflict(AUTH_MESSAGES.npiTaken, { field: 'npiNumber', claimable: true });
    logger.warn({ authUserId: seed.authUserId }, 'NPI already used by another provider; creating the profile without it');
    return insertProfile(db, { kind: 'sign_up', seed }, false);
  }
}

/**
 * A roster's draft profile (decision 0026): the sign-up's writer (identity, licences, defaults,
 * provenance, history, completion) for an unclaimed account. An NPI another account took meanwhile
 * is not dropped as at sign-up: the unique violation goes back to the job, which links that account.
 */
export async function createRosterDraftProfile(db: Database, seed: RosterDraftSeed) {
  return insertProfile(db, { kind: 'roster', seed }, true);
}

/** Hook for the listing-service import (issue 8); returns whether anything was populated. */
export type DirectoryPopulation = (input: { userId: string; metadata: SignupMetadata }) => Promise<'populated' | 'nothing'>;

export interface CompletionDeps {
  db: Database;
  logger: Logger;
  lookupNpi?: (npi: string) => Promise<NpiRecord | null>;
  populateDirectory?: DirectoryPopulation;
}

/**
 * Sign-in completion (access spec §4): make sure the signed-in account has its provider profile,
 * built from the pending setup or from the account's metadata, then run any deferred directory
 * population. Throws when the profile cannot be created; the caller signs the user out.
 */
export async function completeSignIn(deps: CompletionDeps, account: { id: string; email: string; name: string; emailVerified: boolean }) {
  const { db } = deps;
  const [linked] = await db.select().from(users).where(eq(users.authUserId, account.id)).limit(1);
  const [accountRow] = await db.select({ metadata: authUsers.metadata }).from(authUsers).where(eq(authUsers.id, account.id)).limit(1);
  let metadata = accountRow?.metadata ?? null;
  let user = linked;

  if (!user) {
    // A profile imported or created before the account existed is adopted by e-mail.
    // A roster's unclaimed draft is not adopted here: it is claimed through its invitation (decision 0026).
    const [byEmail] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email.toLowerCase()} and ${users.authUserId} is null and ${users.status} <> 'unclaimed'`)
      .limit(1);
    if (byEmail) {
      [user] = await db.update(users).set({ authUserId: account.id }).where(eq(users.id, byEmail.id)).returning();
    }
  }

  if (!user) {
    const pending = metadata?.pending_profile_setup === true;
    const base: SignupMetadata = metadata ?? {
      full_name: account.name || account.email.split('@')[0]!,
      agreed_to_terms: false,
      agreed_to_privacy: false,
      data_source: 'npi_registry',
      pending_profile_setup: false,
      needs_directory_population: false,
    };
    let npiRecord: NpiRecord | null = null;
    if (pending && base.npi_number && deps.lookupNpi) {
      npiRecord = await deps.lookupNpi(base.npi_number).catch(() => null);
    }
    user = await createProviderProfile(
      db,
      {
        authUserId: account.id,
        email: account.email.toLowerCase(),
        emailVerified: account.emailVerified || pending,
        metadata: base,
        // A pending sign-up keeps the title chosen there; a profile rebuilt from bare metadata gets the spec's default.
        jobTitle: pending ? (base.job_title ?? SIGNUP_JOB_TITLE) : METADATA_JOB_TITLE,
        npiRecord,
      },
      deps.logger,
    );
    if (metadata) {
      metadata = { ...metadata, pending_profile_setup: false };
      await saveSignupMetadata(db, account.id, metadata);
    }
  } else {
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  }

  await runDeferredPopulation(deps, account.id, user.id, metadata);
  return user;
}

/**
 * The deferred directory-profile population (access spec §4, step 5), run "at login (and after
 * e-mail verification)": when the sign-up metadata flags it and it has not happened yet, import
 * the profile, then clear the flag and store when. 'nothing' leaves the flag for the next time.
 */
export async function runDeferredPopulation(deps: CompletionDeps, authUserId: string, userId: string, metadata: SignupMetadata | null) {
  if (!metadata?.needs_directory_population || metadata.directory_populated_at || !deps.populateDirectory) return 'nothing';
  const outcome = await deps.populateDirectory({ userId, metadata });
  if (outcome === 'populated') {
    await saveSignupMetadata(deps.db, authUserId, {
      ...metadata,
      needs_directory_population: false,
      directory_populated_at: new Date().toISOString(),
    });
  }
  return outcome;
}

/** Moves a pending provider to active once the e-mail is confirmed (sync auth status). */
export async function syncAuthStatus(db: Database, authUserId: string) {
  await db
    .update(users)
    .set({ emailVerified: true, status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end` })
    .where(eq(users.authUserId, authUserId));
}
