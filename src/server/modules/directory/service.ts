import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DirectoryStatus } from '../../../shared/enums';
import {
  DIRECTORY_MESSAGES,
  type IdentityCheck,
  type AdminListingView,
  type DirectorySettingsInput,
  type DirectorySettingsView,
  type MyListingView,
} from '../../../shared/schemas/directory';
import { namedShapes, onPostgres, perDatabase, rowsOf, type Database } from '../../db/client';
import {
  authUsers,
  directoryListings,
  hospitalExpertiseTerms,
  medicalExpertiseTerms,
  hospitals,
  memberInboxRevisions,
  professionalIdentity,
  publicExpertise,
  publicIdentity,
  publicInsurance,
  publicLanguages,
  publicListings,
  publicLocations,
  publicPractice,
  users,
} from '../../db/schema';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import { AppError } from '../../lib/app-error';
import { containsPattern, startsWithPattern } from '../../lib/like';
import { isUniqueViolation } from '../../lib/pg-errors';
import { offersVideoVisitsSql } from '../../lib/video-visits';
import { withinMs } from '../../lib/within';
import type { Actor } from '../../http/types';
import { recordAudit } from '../audit/service';
import { createNotification } from '../notifications/service';
import { readFullProfile, type FullProfileRead, type ProfileReadCache } from '../profile/read';
import { closestPhrase, searchAlternatives } from './lay-terms';
import { compareNames, registryFullName, type RegistryName } from './name-check';
import { EARTH_RADIUS_MILES, parsePlace, statesWithCity, type PlaceQuery, type Point } from './places';
import { publicProfileOf, type PublicProfile } from './public-profile';
import { cachedDirectorySearch, type DirectoryRevision } from './search-cache';
import { canMove, nextStatus, PUBLISHING_AUDIT_ACTIONS, PUBLISHING_TRANSITIONS, type PublishingEvent } from './publishing';
import { claimedFromRoster } from '../roster/claims';

/**
 * The public directory. Publishing moves a listing through the states of publishing.ts; what the
 * public sees of a provider is decided in one place, the public_* views of migration 0016 (decision
 * 0020): a listing is public while it is published, its hospital is still the provider's, the provider
 * is active and the hospital is active with its directory on at an address; each section's rows are
 * public only where the hospital's section permissions show the section. Every anonymous read here and
 * in the FHIR API reads providers through those views, so a change takes a page down at once.
 */

type HospitalRow = typeof hospitals.$inferSelect;
type ListingRow = typeof directoryListings.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const directoryPath = (hospitalSlug: string, providerSlug?: string) => `/find/${hospitalSlug}${providerSlug ? `/${providerSlug}` : ''}`;

function settingsView(
  row: Pick<
    HospitalRow,
    | 'directoryEnabled'
    | 'directorySlug'
    | 'directoryRequiresApproval'
    | 'rosterPreApproved'
    | 'directoryBrandColor'
    | 'appointmentRequestsEnabled'
    | 'appointmentIntakeEmail'
    | 'appointmentRetentionDays'
  >,
): DirectorySettingsView {
  return {
    enabled: row.directoryEnabled,
    slug: row.directorySlug,
    requiresApproval: row.directoryRequiresApproval,
    rosterPreApproved: row.rosterPreApproved,
    brandColor: row.directoryBrandColor,
    publicPath: row.directoryEnabled && row.directorySlug ? directoryPath(row.directorySlug) : null,
    requestsEnabled: row.appointmentRequestsEnabled,
    intakeEmail: row.appointmentIntakeEmail,
    retentionDays: row.appointmentRetentionDays,
  };
}

/** "Beatriz Elena Castillo, MD" → "beatriz-elena-castillo". */
export function slugFromName(name: string) {
  const slug = name
    .split(',')[0]!
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(dr|doctor)\.?\s+/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'provider';
}

/** A slug free in the hospital: the name's, then with -2, -3, … */
async function freeSlug(db: Database, hospitalId: string, userId: string, name: string) {
  const base = slugFromName(name);
  const taken = await db
    .select({ slug: directoryListings.slug })
    .from(directoryListings)
    .where(
      and(
        eq(directoryListings.hospitalId, hospitalId),
        sql`${directoryListings.userId} <> ${userId}`,
        or(eq(directoryListings.slug, base), ilike(directoryListings.slug, `${base}-%`)),
      ),
    );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ── The provider ────────────────────────────────────────────────────────────────────────────

/** Prepared once per database handle and named (decision 0014): the dashboard asks for it on every visit. */
const providerWithHospitalStatement = perDatabase((db) =>
  db
    .select({
      user: { id: users.id, fullName: users.fullName, hospitalId: users.hospitalId, npiNumber: users.npiNumber },
      emailConfirmed: sql<boolean>`coalesce(${authUsers.emailVerified}, false)`,
      identity: {
        fullLegalName: professionalIdentity.fullLegalName,
        firstName: professionalIdentity.firstName,
        lastName: professionalIdentity.lastName,
        npiNumber: professionalIdentity.npiNumber,
      },
      hospital: hospitals,
      listing: directoryListings,
    })
    .from(users)
    .leftJoin(authUsers, eq(authUsers.id, users.authUserId))
    .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .leftJoin(directoryListings, eq(directoryListings.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('vitae_provider_with_hospital'),
);

/**
 * The state of the dashboard rendered by the server (decision 0038), as one text from one statement:
 * - whose it is: the provider's id (a page is kept by its state alone, so it must never match another's);
 * - the profile's version, which any change to the profile, the users row (the session's user) or the
 *   hospital's section permissions and name moves (decision 0016): the dashboard, the sections, the
 *   session's user and the names `GET /api/me/directory` compares;
 * - the inbox revision (notifications and pending updates, migration 0037);
 * - the rest of what `GET /api/me/directory` reads, as whole rows: the hospital (its directory revision
 *   included, which any listing change moves) and the listing, and the account's e-mail confirmation.
 * Whole rows, so a column the page comes to show is covered without a change here. Equal texts mean
 * the same page, but for the passing of time.
 */
const memberPageStateStatement = perDatabase((db) =>
  db
    .select({
      state: sql<string>`json_build_array(${users.id}, ${users.profileVersion}, (select ${memberInboxRevisions.revision} from ${memberInboxRevisions} where ${memberInboxRevisions.userId} = ${users.id}), ${authUsers.emailVerified}, to_jsonb(${hospitals}), to_jsonb(${directoryListings}))::text`,
    })
    .from(users)
    .leftJoin(authUsers, eq(authUsers.id, users.authUserId))
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .leftJoin(directoryListings, eq(directoryListings.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('vitae_member_page_state'),
);

export async function memberPageState(db: Database, userId: string): Promise<string | null> {
  const [row] = await memberPageStateStatement(db).execute({ userId });
  return row?.state ?? null;
}

async function providerWithHospital(db: Database, userId: string) {
  const [row] = await providerWithHospitalStatement(db).execute({ userId });
  if (!row) throw AppError.unauthenticated();
  // A listing made at another hospital does not carry over: the provider starts again here (the
  // move itself reset it to draft; a takedown there stays with that hospital).
  const listing = row.listing && row.listing.hospitalId === row.user.hospitalId ? row.listing : null;
  return { ...row, listing };
}

function myListingView(hospital: HospitalRow | null, listing: ListingRow | null, emailConfirmed: boolean): MyListingView {
  const status = (listing?.status ?? 'draft') as DirectoryStatus;
  return {
    status,
    hospital: hospital
      ? { name: hospital.name, directoryEnabled: hospital.directoryEnabled && !!hospital.directorySlug, requiresApproval: hospital.directoryRequiresApproval }
      : null,
    publicPath:
      status === 'published' && hospital?.directoryEnabled && hospital.directorySlug && listing ? directoryPath(hospital.directorySlug, listing.slug) : null,
    requestedAt: iso(listing?.requestedAt ?? null),
    publishedAt: iso(listing?.publishedAt ?? null),
    reason: listing?.reason ?? null,
    emailConfirmed,
    identityCheck: (listing?.identityCheck as IdentityCheck | null | undefined) ?? null,
  };
}

/** `GET /api/me/directory`. */
export async function getMyListing(db: Database, userId: string): Promise<MyListingView> {
  const { hospital, listing, emailConfirmed } = await providerWithHospital(db, userId);
  return myListingView(hospital, listing, emailConfirmed);
}

export interface PublishingDeps {
  /** Who moves the listing, for the audit log. */
  actor?: Actor;
  /** The NPI registry's record for a number (null: no individual has it); throws when unreachable. */
  lookupNpi?: (npi: string) => Promise<RegistryName | null>;
}

/** How long a request to publish (or an NPI claim) waits for the registry before the check says "unavailable" (the approver checks by hand). */
export const REGISTRY_CHECK_MS = 4000;

/** The names the public would see (the profile's legal name, the account's name) against the registry's record. */
async function checkIdentity(deps: PublishingDeps, who: Awaited<ReturnType<typeof providerWithHospital>>): Promise<IdentityCheck> {
  const npi = who.identity?.npiNumber ?? who.user.npiNumber;
  const names = [
    ...new Set(
      [who.identity?.fullLegalName?.trim() || [who.identity?.firstName, who.identity?.lastName].filter(Boolean).join(' ').trim(), who.user.fullName].filter(
        (n): n is string => !!n,
      ),
    ),
  ];
  const base = { emailConfirmed: who.emailConfirmed, npi: npi ?? null, profileName: names.join(' / '), checkedAt: new Date().toISOString() };
  if (!npi) return { ...base, registryName: null, nameCheck: 'no_npi' };
  let record: RegistryName | null;
  try {
    record = deps.lookupNpi ? await withinMs(deps.lookupNpi(npi), REGISTRY_CHECK_MS) : null;
  } catch {
    return { ...base, registryName: null, nameCheck: 'unavailable' };
  }
  if (!deps.lookupNpi) return { ...base, registryName: null, nameCheck: 'unavailable' };
  if (!record) return { ...base, registryName: null, nameCheck: 'not_found' };
  const nameCheck = names.every((name) => compareNames(name, record) === 'match') ? 'match' : 'mismatch';
  return { ...base, registryName: registryFullName(record), nameCheck };
}

/**
 * `PUT /api/me/directory`: the provider asks to publish, or withdraws (publishing.ts). Asking needs a
 * confirmed e-mail address; the identity check (the registry's name for the NPI against the profile's)
 * goes to the approver. A provider who joined the hospital themselves always waits for the hospital's
 * approval; so does anyone whose listing the hospital took down.
 */
export async function setMyListing(db: Database, userId: string, publish: boolean, deps: PublishingDeps = {}): Promise<MyListingView> {
  const who = await providerWithHospital(db, userId);
  const { user, hospital, listing, emailConfirmed } = who;
  if (!hospital || !user.hospitalId) throw AppError.conflict(DIRECTORY_MESSAGES.noHospital);
  const current = (listing?.status ?? 'draft') as DirectoryStatus;
  const event: PublishingEvent = publish ? 'ask' : 'withdraw';
  if (!canMove(event, current)) return myListingView(hospital, listing, emailConfirmed);
  if (publish && !emailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED', 409, DIRECTORY_MESSAGES.emailNotConfirmed);

  const identityCheck = publish ? await checkIdentity(deps, who) : ((listing?.identityCheck as IdentityCheck | null) ?? null);
  // Self-joined providers are approved by their hospital. A hospital may pre-approve its own roster
  // ([T3 6/7]): someone who claimed a draft of this hospital's roster is published at once when the
  // identity check passes (e-mail confirmed, the registry's name matches); otherwise they wait too.
  const needsApproval = !(
    publish &&
    hospital.rosterPreApproved &&
    identityCheck?.emailConfirmed === true &&
    identityCheck.nameCheck === 'match' &&
    (await claimedFromRoster(db, userId, hospital.id))
  );
  const status = nextStatus(event, current, needsApproval)!;
  const now = new Date();
  const slug = listing?.slug ?? (await freeSlug(db, hospital.id, userId, user.fullName));
  const values = {
    hospitalId: hospital.id,
    status,
    slug,
    reason: null,
    identityCheck: identityCheck as Record<string, unknown> | null,
    requestedAt: status === 'pending' ? now : (listing?.requestedAt ?? null),
    publishedAt: status === 'published' ? now : null,
    decidedBy: null,
    decidedAt: null,
    updatedAt: now,
  };
  try {
    const saved = await db.transaction(async (tx) => {
      // Only from the state read above: when a decision or another request moved it since, this one changes nothing.
      const [locked] = await tx
        .select({ status: directoryListings.status, hospitalId: directoryListings.hospitalId })
        .from(directoryListings)
        .where(eq(directoryListings.userId, userId))
        .for('update');
      const lockedStatus = locked && locked.hospitalId === hospital.id ? (locked.status as DirectoryStatus) : locked ? 'draft' : null;
      if ((lockedStatus ?? 'draft') !== current) return null;
      const [row] = await tx
        .insert(directoryListings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: directoryListings.userId, set: values })
        .returning();
      await recordTransition(tx, deps.actor ?? null, event, {
        userId,
        hospitalId: hospital.id,
        hospitalName: hospital.name,
        from: current,
        to: status,
        identityCheck,
      });
      return row!;
    });
    if (!saved) return getMyListing(db, userId);
    return myListingView(hospital, saved, emailConfirmed);
  } catch (error) {
    // Two providers given the same slug at the same moment: the second tries the next free one.
    if (isUniqueViolation(error) && !listing) return setMyListing(db, userId, publish, deps);
    throw error;
  }
}

const PROVIDER_NOTICES: Record<PublishingEvent, (hospital: string, reason: string | null, to: DirectoryStatus) => { title: string; message: string }> = {
  ask: (hospital, _reason, to) =>
    to === 'published'
      ? { title: 'Your profile is public', message: `Your profile is now in ${hospital}’s public directory.` }
      : { title: 'Your request to publish was sent', message: `${hospital} will review your profile before it is public. We will tell you when they decide.` },
  withdraw: (hospital) => ({
    title: 'Your public profile is off',
    message: `You took your profile out of ${hospital}’s public directory. Ask again whenever you like.`,
  }),
  approve: (hospital) => ({ title: 'Your profile is public', message: `${hospital} approved your profile for its public directory.` }),
  remove: (hospital, reason) => ({
    title: 'Your public profile was taken down',
    message: `${hospital} removed your profile from its public directory${reason ? `: ${reason}` : '.'} Ask again from your dashboard when you are ready; ${hospital} will review it.`,
  }),
  reset: (hospital) => ({ title: 'Your public profile is off', message: `You moved from ${hospital}, so your public profile was taken down.` }),
};

/** Every move: one audit entry and one notification to the provider, in the move's transaction. */
async function recordTransition(
  db: Database,
  actor: Actor | null,
  event: PublishingEvent,
  move: {
    userId: string;
    hospitalId: string;
    hospitalName: string;
    from: DirectoryStatus;
    to: DirectoryStatus;
    reason?: string | null;
    identityCheck?: IdentityCheck | null;
  },
) {
  await recordAudit(db, actor, {
    action: PUBLISHING_AUDIT_ACTIONS[event],
    targetType: 'user',
    targetId: move.userId,
    hospitalId: move.hospitalId,
    summary: {
      from: move.from,
      to: move.to,
      ...(move.reason ? { reason: move.reason } : {}),
      ...(move.identityCheck ? { identityCheck: move.identityCheck } : {}),
    },
  });
  const notice = PROVIDER_NOTICES[event](move.hospitalName, move.reason ?? null, move.to);
  await createNotification(db, move.userId, { type: 'system', ...notice, data: { hospitalId: move.hospitalId, status: move.to } });
}

// ── The hospital's administrators ───────────────────────────────────────────────────────────

async function scopedHospital(db: Database, actor: AdminActor, hospitalId: string) {
  const [hospital] = await db
    .select()
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), hospitalScope(actor, hospitals.id)))
    .limit(1);
  if (!hospital) throw AppError.notFound('Hospital not found');
  return hospital;
}

/**
 * Each directory setting's column. Typed over every key of the settings schema, so a new setting does not
 * compile until it has a column here (issue 38: the compiler finds a field's places).
 */
const SETTINGS_COLUMNS = {
  enabled: 'directoryEnabled',
  slug: 'directorySlug',
  requiresApproval: 'directoryRequiresApproval',
  rosterPreApproved: 'rosterPreApproved',
  brandColor: 'directoryBrandColor',
  requestsEnabled: 'appointmentRequestsEnabled',
  intakeEmail: 'appointmentIntakeEmail',
  retentionDays: 'appointmentRetentionDays',
} as const satisfies { [K in keyof Required<DirectorySettingsInput>]: keyof HospitalRow };

/** The columns a settings save writes: a setting left out of the request (the optional ones) keeps its value. */
function settingsColumns(input: DirectorySettingsInput): Partial<HospitalRow> {
  const set: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(SETTINGS_COLUMNS)) {
    const value = input[key as keyof DirectorySettingsInput];
    if (value !== undefined) set[column] = value;
  }
  return set as Partial<HospitalRow>;
}

/** `GET /api/admin/hospitals/:id/directory`. */
export async function getDirectorySettings(db: Database, actor: AdminActor, hospitalId: string) {
  return settingsView(await scopedHospital(db, actor, hospitalId));
}

/** `PUT /api/admin/hospitals/:id/directory`: on/off, address, approval, colour, appointment requests; in the audit log. */
export async function updateDirectorySettings(db: Database, actor: AdminActor, hospitalId: string, input: DirectorySettingsInput) {
  const before = await scopedHospital(db, actor, hospitalId);
  try {
    const [saved] = await db
      .update(hospitals)
      .set({ ...settingsColumns(input), updatedAt: new Date() })
      .where(eq(hospitals.id, before.id))
      .returning();
    await recordAudit(db, actor, {
      action: 'hospital.directory_updated',
      targetType: 'hospital',
      targetId: before.id,
      hospitalId: before.id,
      summary: { before: settingsView(before), after: settingsView(saved!) },
    });
    return settingsView(saved!);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(DIRECTORY_MESSAGES.slugTaken);
    throw error;
  }
}

/** `GET /api/admin/hospitals/:id/directory/listings`: who asked (with the identity check), who is published, who was removed. */
export async function listListings(db: Database, actor: AdminActor, hospitalId: string): Promise<{ items: AdminListingView[] }> {
  const hospital = await scopedHospital(db, actor, hospitalId);
  const rows = await db
    .select({ listing: directoryListings, user: { id: users.id, fullName: users.fullName, email: users.email } })
    .from(directoryListings)
    .innerJoin(users, and(eq(users.id, directoryListings.userId), eq(users.hospitalId, directoryListings.hospitalId)))
    .where(and(eq(directoryListings.hospitalId, hospital.id), sql`${directoryListings.status} <> 'draft'`))
    .orderBy(sql`case ${directoryListings.status} when 'pending' then 0 when 'published' then 1 else 2 end`, asc(users.fullName))
    .limit(500);
  return {
    items: rows.map(({ listing, user }) => ({
      userId: user.id,
      fullName: user.fullName,
      email: user.email,
      status: listing.status as DirectoryStatus,
      requestedAt: iso(listing.requestedAt),
      publishedAt: iso(listing.publishedAt),
      publicPath:
        listing.status === 'published' && hospital.directoryEnabled && hospital.directorySlug ? directoryPath(hospital.directorySlug, listing.slug) : null,
      reason: listing.reason,
      identityCheck: (listing.identityCheck as IdentityCheck | null) ?? null,
    })),
  };
}

/**
 * `POST /api/admin/hospitals/:id/directory/listings/:userId/approve|unpublish`: approval only of a
 * pending request; a takedown of a pending or published listing, with a reason for the provider.
 */
export async function decideListing(db: Database, actor: AdminActor, hospitalId: string, userId: string, decision: 'approve' | 'unpublish', reason?: string) {
  const hospital = await scopedHospital(db, actor, hospitalId);
  const event: PublishingEvent = decision === 'approve' ? 'approve' : 'remove';
  const from = PUBLISHING_TRANSITIONS[event].from;
  const to = decision === 'approve' ? 'published' : 'removed';
  const now = new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: directoryListings.status })
      .from(directoryListings)
      .where(and(eq(directoryListings.userId, userId), eq(directoryListings.hospitalId, hospital.id)))
      .for('update');
    const [saved] = await tx
      .update(directoryListings)
      .set({
        status: to,
        reason: decision === 'unpublish' ? reason?.trim() || null : null,
        decidedBy: actor.email,
        decidedAt: now,
        publishedAt: decision === 'approve' ? now : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(directoryListings.userId, userId),
          eq(directoryListings.hospitalId, hospital.id),
          inArray(directoryListings.status, [...from]),
          sql`exists (select 1 from ${users} where ${users.id} = ${directoryListings.userId} and ${users.hospitalId} = ${hospital.id})`,
        ),
      )
      .returning();
    if (!saved || !before) throw AppError.conflict(decision === 'approve' ? DIRECTORY_MESSAGES.notPending : DIRECTORY_MESSAGES.notPublished);
    await recordTransition(tx, actor, event, {
      userId,
      hospitalId: hospital.id,
      hospitalName: hospital.name,
      from: before.status as DirectoryStatus,
      to,
      reason: saved.reason,
    });
    return { userId, status: saved.status as DirectoryStatus };
  });
}

// ── Public reads ────────────────────────────────────────────────────────────────────────────

export interface PublicHospital {
  id: string;
  name: string;
  slug: string;
  brandColor: string | null;
  address: string | null;
  contactPhone: string | null;
  /** Whether the profile pages offer the appointment request form (decision 0021); absent reads as off. */
  requestsEnabled?: boolean;
  /** The revisions its directory search is cached under (decision 0032), as the hospital's statement read them. */
  revision?: DirectoryRevision;
}

const publicHospitalColumns = {
  id: hospitals.id,
  name: hospitals.name,
  slug: sql<string>`${hospitals.directorySlug}`,
  brandColor: hospitals.directoryBrandColor,
  address: hospitals.address,
  contactPhone: hospitals.contactPhone,
  requestsEnabled: hospitals.appointmentRequestsEnabled,
};

/** Hospitals with their directory on, and how many providers each one publishes (through the gate). */
export async function publicHospitals(db: Database) {
  return db
    .select({
      ...publicHospitalColumns,
      providers: sql<number>`(select count(*)::int from ${publicListings} where ${publicListings.hospitalId} = ${hospitals.id})`,
    })
    .from(hospitals)
    .where(and(eq(hospitals.isActive, true), eq(hospitals.directoryEnabled, true), sql`${hospitals.directorySlug} is not null`))
    .orderBy(asc(hospitals.name));
}

export async function publicHospital(db: Database, slug: string): Promise<PublicHospital | null> {
  const [row] = await publicPageStatements(db).hospital.execute({ slug });
  return row ?? null;
}

/**
 * The two statements of every public profile page, built once per database handle and prepared on
 * each connection (decision 0014): the hospital by its slug, and the provider's public listing with
 * the profile version its cached read is keyed by.
 */
const publicPageStatements = perDatabase((db) => ({
  hospital: db
    .select({ ...publicHospitalColumns, revision: { directory: hospitals.directoryRevision, terms: hospitals.termsRevision } })
    .from(hospitals)
    .where(and(eq(hospitals.directorySlug, sql.placeholder('slug')), eq(hospitals.isActive, true), eq(hospitals.directoryEnabled, true)))
    .limit(1)
    .prepare('vitae_public_hospital'),
  listing: db
    .select({ userId: publicListings.userId, slug: publicListings.slug, version: publicListings.profileVersion })
    .from(publicListings)
    .where(and(eq(publicListings.hospitalId, sql.placeholder('hospitalId')), eq(publicListings.slug, sql.placeholder('slug'))))
    .limit(1)
    .prepare('vitae_public_listing'),
}));

export interface PublicProviderSummary {
  slug: string;
  name: string;
  specialty: string | null;
  photo: string | null;
  city: string | null;
  acceptingNewPatients: boolean | null;
  /** Miles from the place searched to the provider's nearest location, when a place was given. */
  distanceMiles?: number | null;
}

export const PUBLIC_PAGE_SIZE = 24;

/** The radii a place search offers, in miles; the default when a place is given. */
export const SEARCH_RADII = [5, 10, 25, 50] as const;
export type SearchRadius = (typeof SEARCH_RADII)[number];
export const DEFAULT_SEARCH_RADIUS: SearchRadius = 25;

/** What a patient searches by; empty fields do not narrow. */
export interface DirectorySearch {
  /** A name, a specialty, or a condition, procedure or reason for visit (typos tolerated). */
  query: string;
  /** "City, ST", "City ST", "city" or a ZIP (measured from its centroid); three or four digits match the ZIPs that start with them. */
  location: string;
  /** Miles around the place (one of SEARCH_RADII); absent means DEFAULT_SEARCH_RADIUS. */
  radius?: SearchRadius;
  /** A language code ("es"). */
  language: string;
  /** An insurance plan's name, as the providers wrote it (case-insensitive). */
  insurance?: string;
  /** A primary specialty's name (case-insensitive). */
  specialty?: string;
  acceptingNewPatients: boolean;
  videoVisits: boolean;
  page: number;
}

/** The filters a patient can drop from a search that found nobody. */
export type SearchFilter = 'query' | 'location' | 'language' | 'insurance' | 'specialty' | 'acceptingNewPatients' | 'videoVisits';

/** What a search that found nobody offers instead, each with how many clinicians it would show. */
export interface NoResultSuggestions {
  /** Each active filter dropped, the others kept. */
  dropFilters: Array<{ filter: SearchFilter; count: number }>;
  /** The nearest wider radius that finds someone. */
  widerRadius: { radius: SearchRadius; count: number } | null;
  /** "Did you mean": the everyday vocabulary's phrase closest to the words (closestPhrase), else the directory's closest name, specialty or term (trigram similarity). */
  spelling: { text: string; count: number } | null;
  /** The hospital's specialties that match the words, searched by specialty alone. */
  specialties: Array<{ value: string; count: number }>;
}

export interface DirectorySearchResult {
  items: Array<PublicProviderSummary & { userId: string }>;
  total: number;
  facets: {
    specialties: Array<{ value: string; count: number }>;
    languages: Array<{ value: string; name: string; count: number }>;
    insurance?: Array<{ value: string; count: number }>;
  };
  /** How the place was read: measured from a point (with the radius used), or matched by text. */
  place?: { label: string; measured: boolean; radius: SearchRadius | null } | null;
  /** Only when nothing was found. */
  suggestions?: NoResultSuggestions | null;
}

/** One result of a search's page, as its statement builds it. */
interface PageRow {
  userId: string;
  slug: string;
  name: string;
  specialty: string | null;
  photo: string | null;
  city: string | null;
  acceptingNewPatients: boolean | null;
  distance: number | null;
}

/** One value of a facet with how many of the search's providers (without the facet's own filter) have it. */
interface FacetRow {
  value: string;
  name: string;
  /** Numeric in SQL: the driver may hand it over as text. */
  count: number | string;
}

/** Names in the order people read them, compared once per pair without building a collator each time. */
const byReadingOrder = new Intl.Collator('en').compare;

/** Up to this many providers near a place are each checked against the words; past it the words are found once (see find). */
const NEAR_CHECKED_ONE_BY_ONE = 500;
/** Up to this many matches of the words are each checked against the place, before any nearby provider is read (see find). */
const WORDED_CHECKED_ONE_BY_ONE = 500;
/** Up to this many matches read their identity each by its user_id rather than through a join (see find). */
const MATCHES_READ_ONE_BY_ONE = 200;

/**
 * The search's statement, named by its shape (db/client.ts): the shapes of everyday searches (words,
 * a place, both, everyone, a filter or two, and their typo twins) fit well inside this many.
 */
export const runSearch = namedShapes('vitae_directory_search', 24);

/**
 * Which plans a search with words and a place runs on (decision 0030). Up to `placeGenericUpTo` published
 * providers in the hospital, its generic plan: at 5,000, 'asthma' near ZIPs 600xx took 12 ms to plan
 * for its values and 18 ms to run, against 9.5 ms in all on the generic plan. Beyond, a plan made for
 * its values: at 50,000 providers over the US the generic plan took 800 ms for 'heart' within 10 miles
 * of 10001 (35 ms planned for the values). A field, so the tests can move the line.
 */
export const placeSearchPlans = { placeGenericUpTo: 10_000 };

/** A hospital's count of published providers, kept a few minutes per process: it only chooses a plan, never what is shown. */
const directorySizes = new LRUCache<string, number>({ max: 1_000, ttl: 5 * 60_000 });

async function publishedProviders(db: Database, hospitalId: string) {
  let size = directorySizes.get(hospitalId);
  if (size === undefined) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${publicListings} where ${publicListings.hospitalId} = ${hospitalId}`),
    );
    size = row?.n ?? 0;
    directorySizes.set(hospitalId, size);
  }
  return size;
}

/** Similarity (pg_trgm's word_similarity) at which a misspelt name or specialty still matches. */
const TYPO_SIMILARITY = 0.45;

/**
 * The hospital's published providers for a patient's search, best first: a name that starts with the
 * words, then names, specialties and expertise terms that contain them, then near misses (typos);
 * with how many providers each specialty and language would show. Every part reads the public views,
 * so a section the hospital hides neither matches nor shows.
 *
 * Answered from this process's cache while the hospital's directory and terms revisions are those it
 * was found under (decision 0032): triggers bump them with any change a search could show, so a cached
 * answer is never staler than the database. Given the hospital as its page's statement read it, the
 * revisions come with it; given its id, they are read first. Callers must not change what they get.
 */
export async function searchDirectory(
  db: Database,
  hospital: string | Pick<PublicHospital, 'id' | 'revision'>,
  search: DirectorySearch,
): Promise<DirectorySearchResult> {
  const hospitalId = typeof hospital === 'string' ? hospital : hospital.id;
  const known = typeof hospital === 'string' ? undefined : hospital.revision;
  return cachedDirectorySearch(db, hospitalId, search, () => findProviders(db, hospitalId, search), known);
}

/** The search itself, without the cache, with the revisions its reads saw (read first, on the same connection). */
export async function findProviders(
  db: Database,
  hospitalId: string,
  search: DirectorySearch,
): Promise<{ result: DirectorySearchResult; revision: DirectoryRevision | null }> {
  return db.transaction(async (tx) => {
    let revision: DirectoryRevision | null = null;
    const result = await searchIn(tx, hospitalId, search, { onRevision: (read) => (revision = read) });
    return { result, revision };
  });
}

/**
 * The search on `tx`, inside a transaction: its first statement sets the transaction's settings and reads
 * the hospital's revisions, so everything the search reads after it is at least that new.
 */
async function searchIn(
  tx: Database,
  hospitalId: string,
  search: DirectorySearch,
  options: { countOnly?: boolean; onRevision?: (revision: DirectoryRevision | null) => void },
): Promise<DirectorySearchResult> {
  const words = search.query.trim().slice(0, 100);
  const pattern = containsPattern(words);
  const inHospital = (view: { hospitalId: unknown }) => sql`${view.hospitalId} = ${hospitalId}`;
  // The exact search, then (when it found nobody) the typo search, under the transaction's settings: the
  // typo threshold and, on PostgreSQL, the plans: the search's few shapes are named statements
  // (runSearch), parsed, rewritten through the views and, on generic plans, planned once per connection
  // instead of 5-10 ms of planning on every search (decision 0030). 'kowalsky' at 50,000 providers:
  // 13.6 -> 0.7 ms, its typo search 181 -> 108 ms.
  // Planned for its values instead: a place without words, which may match the hospital's whole
  // directory (everyone within 50 miles of its own town: 71 ms so, 115 ms generic at 5,000 providers);
  // and words with a place in a directory larger than placeSearchPlans says, where the generic plan
  // cannot tell a common word or a wide place from a rare one. (Whether there is a place at all is
  // known from the text; which state a bare city is in may need the directory, read below.)
  const placed = parsePlace(search.location.trim().slice(0, 60)) !== null;
  const postgres = onPostgres(tx);
  const generic = postgres && (!placed || (Boolean(words) && (await publishedProviders(tx, hospitalId)) <= placeSearchPlans.placeGenericUpTo));
  const [settings] = rowsOf<{ directory: number | string | null; terms: number | string | null }>(
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)${
        postgres ? sql`, set_config('plan_cache_mode', ${generic ? 'force_generic_plan' : 'auto'}, true)` : sql``
      },
        (select ${hospitals.directoryRevision} from ${hospitals} where ${hospitals.id} = ${hospitalId}) as directory,
        (select ${hospitals.termsRevision} from ${hospitals} where ${hospitals.id} = ${hospitalId}) as terms`,
    ),
  );
  options.onRevision?.(
    settings?.directory === null || settings?.directory === undefined ? null : { directory: Number(settings.directory), terms: Number(settings.terms) },
  );
  const place = await readPlace(tx, hospitalId, search.location);
  const radius = search.radius ?? DEFAULT_SEARCH_RADIUS;
  const insurance = (search.insurance ?? '').trim().toLowerCase();
  const specialty = (search.specialty ?? '').trim().toLowerCase();

  // Everything a search's words match, each part through its own index (trigram indexes on names,
  // specialties and terms; the few hospital terms with synonyms): a name, a specialty or a term
  // containing the words or one of the clinical words for an everyday phrase ("heart attack"), or a
  // hospital term whose synonyms or keywords contain them.
  const patterns = searchAlternatives(words).map(containsPattern);
  const anyMatch = (column: SQL) =>
    sql.join(
      patterns.map((p) => sql`${column} ilike ${p}`),
      sql` or `,
    );
  const exactUnion = words
    ? sql`select ${publicListings.userId} from ${publicListings} where ${inHospital(publicListings)} and ${publicListings.fullName} ilike ${pattern}
        union all select ${publicIdentity.userId} from ${publicIdentity} where ${inHospital(publicIdentity)} and (${anyMatch(sql`${publicIdentity.primarySpecialty}`)})
        union all select ${publicExpertise.userId} from ${publicExpertise} where ${inHospital(publicExpertise)} and (${anyMatch(sql`${publicExpertise.term}`)})
        union all select ${publicExpertise.userId} from ${publicExpertise} where ${inHospital(publicExpertise)} and ${publicExpertise.termId} in (
          select h.term_id from ${hospitalExpertiseTerms} h
          where h.hospital_id = ${hospitalId} and h.is_active
            and (cardinality(h.synonyms) > 0 or cardinality(h.search_keywords) > 0)
            and exists (select 1 from unnest(h.synonyms || h.search_keywords) s(word) where ${anyMatch(sql`s.word`)}))`
    : undefined;
  // Near misses through the same trigram indexes: `%>` is word_similarity at or above the threshold,
  // which the typo search sets for its own transaction.
  const typoUnion = words
    ? sql`select ${publicListings.userId} from ${publicListings} where ${inHospital(publicListings)} and ${publicListings.fullName} %> ${words}
        union all select ${publicIdentity.userId} from ${publicIdentity} where ${inHospital(publicIdentity)} and ${publicIdentity.primarySpecialty} %> ${words}`
    : undefined;
  // A place with a point is measured: the locations inside the radius's bounding box (an index), then
  // the exact great-circle distance; the provider's distance is that of their nearest location.
  // A place without one (a ZIP prefix, a city the gazetteer does not know) matches by text as before.
  const point = place?.kind === 'zipPrefix' ? null : (place?.point ?? null);
  const milesFrom = (origin: Point) =>
    sql`${EARTH_RADIUS_MILES * 2} * asin(least(1, sqrt(power(sin(radians(${publicLocations.latitude} - ${origin.latitude}) / 2), 2) + cos(radians(${origin.latitude})) * cos(radians(${publicLocations.latitude})) * power(sin(radians(${publicLocations.longitude} - ${origin.longitude}) / 2), 2))))`;
  const withinMiles = (origin: Point, miles: number) => {
    const latSpan = miles / 69.0;
    const lonSpan = miles / (69.0 * Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180)));
    return sql`${publicLocations.latitude} between ${origin.latitude - latSpan} and ${origin.latitude + latSpan}
      and ${publicLocations.longitude} between ${origin.longitude - lonSpan} and ${origin.longitude + lonSpan}
      and ${milesFrom(origin)} <= ${miles}`;
  };
  // Which of the hospital's public locations are in the place (a location is public only while its
  // provider's listing is, so the providers near a place are read from the locations alone).
  const placeMatch = !place
    ? undefined
    : point
      ? withinMiles(point, radius)
      : place.kind === 'zipPrefix'
        ? sql`${publicLocations.postalCode} like ${`${place.prefix}%`}`
        : place.kind === 'zip'
          ? sql`${publicLocations.postalCode} like ${`${place.zip}%`}`
          : place.state
            ? sql`lower(${publicLocations.city}) = lower(${place.city}) and upper(${publicLocations.state}) = ${place.state}`
            : sql`lower(${publicLocations.city}) = lower(${place.city})`;
  // The provider's nearest location: read with the nearby providers when they are read (the same
  // pass over the locations in the radius; the nearest is always inside it), else for each match of
  // the few words alone. (Read for every match after the search instead, it cost 5,000 lookups through
  // the locations view for "within 50 miles of Evanston": 160 of 175 ms. A join to a grouped pass over
  // all locations made PostgreSQL's planner nest the word search inside it: over 8 s at 5,000.)
  const distanceOf = (userId: SQL) =>
    point
      ? sql`(select min(${milesFrom(point)}) from ${publicLocations} where ${publicLocations.userId} = ${userId} and ${inHospital(publicLocations)} and ${publicLocations.latitude} is not null)`
      : sql`null::float8`;
  const acceptingMatch = (userId: unknown) =>
    search.acceptingNewPatients
      ? sql`${userId} in (select ${publicPractice.userId} from ${publicPractice} where ${inHospital(publicPractice)} and ${publicPractice.acceptingNewPatients})`
      : undefined;
  // Video by the one rule the profile page's pill uses (src/shared/video-visits.ts): telehealth by phone is not video.
  const videoMatch = (userId: unknown) =>
    search.videoVisits
      ? sql`${userId} in (select ${publicPractice.userId} from ${publicPractice} where ${inHospital(publicPractice)} and ${offersVideoVisitsSql(publicPractice.telehealthServices, publicPractice.appointmentTypes)})`
      : undefined;
  const prefix = startsWithPattern(words);
  const exactRank = sql<number>`case when ${publicListings.fullName} ilike ${prefix} or ${publicListings.lastName} ilike ${prefix} then 3 when ${publicListings.fullName} ilike ${pattern} then 2.5 when ${publicIdentity.primarySpecialty} ilike ${pattern} then 2 else 1 end`;
  const typoRank = sql<number>`greatest(word_similarity(${words}, ${publicListings.fullName}), word_similarity(${words}, coalesce(${publicIdentity.primarySpecialty}, '')))`;

  // One statement does the search: the matches (through the views, each part by its
  // index) are materialized once, and ranking, the language / insurance / specialty filters, the
  // total, the facets and the page are all computed from them in SQL, so only the page's rows and a
  // few counts leave the database. (Reading every match to the process and sorting there took 0.2-1 s
  // at 50,000 providers, and a search of everyone did not finish.)
  const pageSize = PUBLIC_PAGE_SIZE;
  const language = search.language;
  const passes = {
    language: language ? sql`exists (select 1 from lang where lang.user_id = m.user_id and lang.value = ${language})` : sql`true`,
    insurance: insurance ? sql`exists (select 1 from ins where ins.user_id = m.user_id and ins.value = ${insurance})` : sql`true`,
    specialty: specialty ? sql`lower(m.specialty) = ${specialty}` : sql`true`,
  };
  // With a place, the nearest first; otherwise (and between equals) the best match, then names in the
  // order people read them: ICU's root collation, the order of Intl.Collator('en') (PostgreSQL and
  // PGlite both have it), by last name then the whole name; the id keeps equal names in one order.
  const orderOf = (t: string) => {
    const c = sql.raw(t);
    return sql`${point ? sql`${c}.distance asc nulls last, ` : sql``}${c}.rank desc, coalesce(${c}.last_name, ${c}.name) collate "und-x-icu", ${c}.name collate "und-x-icu", ${c}.user_id`;
  };
  const find = async (on: Database, words: SQL | undefined, rank: SQL<number>) => {
    // Who the words, the place and the practice filters find comes first, on its own: joined in the
    // same statement as the listing and the identity, the views make more tables than PostgreSQL's
    // planner joins at once (join_collapse_limit, 8), so it planned the identity view whole and
    // hashed every provider (0.6 s for 216 near Denver at 40,000 providers). With a place, the few
    // providers near it are found first and each is checked against the words (by the indexes on
    // user_id; the offset keeps PostgreSQL from turning it into a join with every match of the words):
    // 'heart' alone is in 10,000 providers' terms at 50,000, near 10001 in 49.
    const narrowed = words || placeMatch || search.acceptingNewPatients || search.videoVisits;
    // Checking each nearby provider against the words costs a few index lookups through the views, so
    // it pays only while the place is narrow. A hospital's own town holds most of its directory (the
    // load bench: 'asthma' within ZIPs 600xx, thousands of providers, checked one by one, made the
    // statement 77 % of the database's time); then the words are found once and the two sets meet.
    // And when the words themselves are few ('asthma': 209 of 5,000 providers, 2,514 of them within
    // 600xx), each is checked against the place instead, and the nearby providers are never read
    // (11 of that search's 17 ms). Only one branch runs: each one's conditions are decided once,
    // before any reads a row, and the count of the words' matches stops at the limit.
    const hits = placeMatch
      ? sql`near as materialized (
          select ${publicLocations.userId} as user_id, ${point ? sql`min(${milesFrom(point)})` : sql`null::float8`} as distance from ${publicLocations}
           where ${and(inHospital(publicLocations), placeMatch, acceptingMatch(publicLocations.userId), videoMatch(publicLocations.userId))}
           group by ${publicLocations.userId}),
        ${
          words
            ? sql`worded as materialized (${words}),
        few as materialized (select count(*) <= ${WORDED_CHECKED_ONE_BY_ONE} as few from (select 1 from worded limit ${WORDED_CHECKED_ONE_BY_ONE + 1}) w),
        hits as materialized (
          select worded.user_id, ${distanceOf(sql`worded.user_id`)} as distance from (select distinct user_id from worded) worded
           where (select few.few from few)
             and exists (select 1 from ${publicLocations}
                          where ${and(sql`${publicLocations.userId} = worded.user_id`, inHospital(publicLocations), placeMatch, acceptingMatch(publicLocations.userId), videoMatch(publicLocations.userId))} offset 0)
          union all
          select near.user_id, near.distance from near
           where not (select few.few from few)
             and (select count(*) from near) <= ${NEAR_CHECKED_ONE_BY_ONE}
             and exists (select 1 from (${words}) w(user_id) where w.user_id = near.user_id offset 0)
          union all
          select near.user_id, near.distance from near
           where not (select few.few from few)
             and (select count(*) from near) > ${NEAR_CHECKED_ONE_BY_ONE}
             and near.user_id in (select user_id from worded))`
            : sql`hits as materialized (select near.user_id, near.distance from near)`
        }`
      : sql`hits as materialized (
          select ${publicListings.userId} as user_id, null::float8 as distance from ${publicListings}
           where ${and(eq(publicListings.hospitalId, hospitalId), words ? sql`${publicListings.userId} in (${words})` : undefined, acceptingMatch(publicListings.userId), videoMatch(publicListings.userId))})`;
    // The matches' listings and identities. A few matches read their identity each by its user_id:
    // joined, PostgreSQL builds the whole identity view and hashes it (11 of 17 ms for 70 matches at
    // 5,000 providers). Many matches keep the join, which is then the cheaper (the typo search's
    // 1,921 matches at 50,000 took 140 ms joined and 220 ms one by one). As above, one branch runs.
    const matchRows = (identity: SQL, condition: SQL | undefined) =>
      sql`select ${publicListings.userId} as user_id, ${publicListings.fullName} as name, ${publicListings.lastName} as last_name,
               ${publicListings.slug} as slug, ${publicIdentity.primarySpecialty} as specialty, ${publicIdentity.profilePhoto} as photo,
               ${rank} as rank, ${narrowed ? sql`hits.distance` : sql`null::float8`} as distance
          from ${publicListings}${narrowed ? sql` join hits on hits.user_id = ${publicListings.userId}` : sql``} left join ${identity}
         where ${and(eq(publicListings.hospitalId, hospitalId), condition)}`;
    const joined = sql`${publicIdentity} on ${publicIdentity.userId} = ${publicListings.userId}`;
    const oneByOne = sql`lateral (select * from ${publicIdentity} where ${publicIdentity.userId} = ${publicListings.userId} offset 0) ${publicIdentity} on true`;
    const matches = narrowed
      ? sql`${hits}, m as materialized (
        ${matchRows(joined, sql`(select count(*) from hits) > ${MATCHES_READ_ONE_BY_ONE}`)}
        union all
        ${matchRows(oneByOne, sql`(select count(*) from hits) <= ${MATCHES_READ_ONE_BY_ONE}`)})`
      : sql`m as materialized (${matchRows(joined, undefined)})`;
    // Each provider's languages and plans once (a plan is known by its trimmed, lower-cased name).
    // A search of everyone matches the hospital's whole directory: its languages and plans are then
    // the hospital's, without checking each against the matches. (A provider has a language once:
    // languages_spoken is unique by user and code.)
    const ofMatches = (column: SQL) => (narrowed ? sql` and ${column} in (select user_id from m)` : sql``);
    const lang = sql`lang as materialized (
        select ${publicLanguages.userId} as user_id, ${publicLanguages.languageCode} as value, ${publicLanguages.languageName} as name
          from ${publicLanguages} where ${inHospital(publicLanguages)}${ofMatches(sql`${publicLanguages.userId}`)})`;
    const ins = sql`ins as materialized (
        select distinct ${publicInsurance.userId} as user_id, lower(btrim(${publicInsurance.insuranceName})) as value, btrim(${publicInsurance.insuranceName}) as name
          from ${publicInsurance} where ${inHospital(publicInsurance)}${ofMatches(sql`${publicInsurance.userId}`)})`;
    // A facet whose other filters are off counts its own rows alone: every provider in it is a match.
    const facetOf = (table: 'lang' | 'ins', others: boolean, filter: SQL) => {
      const t = sql.raw(table);
      return others
        ? sql`select ${t}.value, min(${t}.name) as name, count(*) as count from ${t} join f on f.user_id = ${t}.user_id where ${filter} group by ${t}.value`
        : sql`select ${t}.value, min(${t}.name) as name, count(*) as count from ${t} group by ${t}.value`;
    };
    const filtered = sql`f as materialized (
        select m.*, ${passes.language} as by_language, ${passes.insurance} as by_insurance, ${passes.specialty} as by_specialty from m)`;
    const all = sql`f.by_language and f.by_insurance and f.by_specialty`;
    if (options.countOnly) {
      const needs = [matches, ...(language ? [lang] : []), ...(insurance ? [ins] : []), filtered];
      const [row] = rowsOf<{ matched: number | string; total: number | string }>(
        await runSearch(
          on,
          generic,
          sql`with ${sql.join(needs, sql`, `)} select (select count(*) from m) as matched, (select count(*) from f where ${all}) as total`,
        ),
      );
      return { matched: Number(row!.matched), total: Number(row!.total), page: [] as PageRow[], facets: null };
    }
    // Each facet is counted without its own filter, so a choice shows what it would give. A facet's
    // label is the first of its names (a plan written 'aetna' and 'Aetna' is one plan).
    const [row] = rowsOf<{
      matched: number | string;
      total: number | string;
      page: PageRow[] | string | null;
      specialties: FacetRow[] | string | null;
      languages: FacetRow[] | string | null;
      insurance: FacetRow[] | string | null;
    }>(
      await runSearch(
        on,
        generic,
        sql`with ${matches}, ${lang}, ${ins}, ${filtered}
            select (select count(*) from m) as matched,
                   (select count(*) from f where ${all}) as total,
                   (select json_agg(json_build_object('userId', p.user_id, 'slug', p.slug, 'name', p.name, 'specialty', p.specialty, 'photo', p.photo,
                                                      'distance', p.distance, 'city', p.city, 'acceptingNewPatients', p.accepting) order by ${orderOf('p')})
                      from (select f.*,
                                   (select ${publicLocations.city} from ${publicLocations} where ${publicLocations.userId} = f.user_id order by ${publicLocations.isPrimary} desc, ${publicLocations.createdAt} limit 1) as city,
                                   (select ${publicPractice.acceptingNewPatients} from ${publicPractice} where ${publicPractice.userId} = f.user_id limit 1) as accepting
                              from f where ${all} order by ${orderOf('f')} limit ${pageSize} offset ${(search.page - 1) * pageSize}) p) as page,
                   (select json_agg(json_build_object('value', s.value, 'name', s.value, 'count', s.count))
                      from (select f.specialty as value, count(*) as count from f where f.by_language and f.by_insurance and f.specialty is not null group by f.specialty) s) as specialties,
                   (select json_agg(json_build_object('value', s.value, 'name', s.name, 'count', s.count))
                      from (${facetOf('lang', Boolean(insurance || specialty), sql`f.by_insurance and f.by_specialty`)}) s) as languages,
                   (select json_agg(json_build_object('value', s.value, 'name', s.name, 'count', s.count))
                      from (${facetOf('ins', Boolean(language || specialty), sql`f.by_language and f.by_specialty`)}) s) as insurance`,
      ),
    );
    const json = <T>(value: T[] | string | null): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []));
    return {
      matched: Number(row!.matched),
      total: Number(row!.total),
      page: json(row!.page),
      facets: { specialties: json(row!.specialties), languages: json(row!.languages), insurance: json(row!.insurance) },
    };
  };
  // The exact search, then (when it found nobody) the typo search, in one transaction whose settings
  // are the typo threshold and, on PostgreSQL, generic plans: the search's few shapes are named
  // statements (runSearch), parsed, rewritten through the views and planned once per connection
  // instead of 5-10 ms of planning on every search (decision 0030). 'kowalsky' at 50,000 providers:
  // 13.6 -> 0.7 ms, its typo search 181 -> 108 ms.
  // Planned for its values instead: a place without words, which may match the hospital's whole
  // directory (everyone within 50 miles of its own town: 71 ms so, 115 ms generic at 5,000 providers);
  // and words with a place in a directory larger than placeSearchPlans says, where the generic plan
  // cannot tell a common word or a wide place from a rare one.
  const exact = await find(tx, exactUnion, words ? exactRank : sql<number>`0`);
  const found = words && exact.matched === 0 ? await find(tx, typoUnion, typoRank) : exact;

  const placeLabel = place ? { label: search.location.trim(), measured: Boolean(point), radius: point ? radius : null } : null;
  if (options.countOnly || !found.facets) return { items: [], total: found.total, facets: { specialties: [], languages: [] }, place: placeLabel };
  // The facets' few values are ordered here (most first, then by the reading order of their values).
  const facet = (rows: FacetRow[], limit: number, label: 'value' | 'name' = 'value') =>
    rows
      .map((f) => ({ value: f.value, name: f.name, count: Number(f.count) }))
      .sort((a, b) => b.count - a.count || byReadingOrder(a[label], b[label]))
      .slice(0, limit);
  return {
    items: found.page.map((row) => ({
      userId: row.userId,
      slug: row.slug,
      name: row.name,
      specialty: row.specialty,
      photo: row.photo,
      city: row.city,
      acceptingNewPatients: row.acceptingNewPatients,
      distanceMiles: row.distance === null || row.distance === undefined ? null : Math.round(Number(row.distance) * 10) / 10,
    })),
    total: found.total,
    facets: {
      specialties: facet(found.facets.specialties, 12).map(({ value, count }) => ({ value, count })),
      languages: facet(found.facets.languages, 20),
      insurance: facet(found.facets.insurance, 30, 'name').map(({ name, count }) => ({ value: name, count })),
    },
    place: placeLabel,
    suggestions: found.total === 0 ? await noResultSuggestions(tx, hospitalId, search, { radius, measured: Boolean(point), words, patterns }) : null,
  };
}

/** The hospital's state with most published locations in a city of this name, for "evanston" alone. */
async function readPlace(db: Database, hospitalId: string, location: string): Promise<PlaceQuery | null> {
  const text = location.trim().slice(0, 60);
  const bare = parsePlace(text);
  if (bare?.kind !== 'city' || bare.state || statesWithCity(bare.city).length < 2) return bare;
  const [here] = await db
    .select({ state: sql<string>`upper(${publicLocations.state})` })
    .from(publicLocations)
    .where(
      and(eq(publicLocations.hospitalId, hospitalId), sql`lower(${publicLocations.city}) = lower(${bare.city})`, sql`${publicLocations.state} is not null`),
    )
    .groupBy(sql`upper(${publicLocations.state})`)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  return here ? parsePlace(text, here.state) : bare;
}

/** Similarity (pg_trgm's) from which a directory word is offered as the closer spelling. */
const SPELLING_SIMILARITY = 0.3;

/**
 * A search that found nobody: what each active filter dropped would show, the nearest wider radius
 * that finds someone, the closest spelling of the words (the everyday vocabulary's, else the
 * directory's own) and the specialties matching them.
 * Every count is the total of the search its link opens (run the same way), so the numbers keep their
 * promise; this runs only for empty results.
 */
async function noResultSuggestions(
  db: Database,
  hospitalId: string,
  search: DirectorySearch,
  context: { radius: SearchRadius; measured: boolean; words: string; patterns: string[] },
): Promise<NoResultSuggestions> {
  // `db` is the search's transaction: each count is a search of its own there, with its own plans.
  const run = async (changed: Partial<DirectorySearch>) => (await searchIn(db, hospitalId, { ...search, ...changed, page: 1 }, { countOnly: true })).total;
  // Words that find nobody even alone (gibberish) find nobody with any filter: one search answers every
  // variant that keeps them, instead of one each (each with its typo pass).
  const wordsFindSomeone = context.words
    ? (await run({ location: '', radius: undefined, language: '', insurance: '', specialty: '', acceptingNewPatients: false, videoVisits: false })) > 0
    : true;
  const count = async (changed: Partial<DirectorySearch>) => (!wordsFindSomeone && changed.query === undefined ? 0 : run(changed));
  const active: Array<[SearchFilter, Partial<DirectorySearch>]> = [];
  if (context.words) active.push(['query', { query: '' }]);
  if (search.location.trim()) active.push(['location', { location: '', radius: undefined }]);
  if (search.language) active.push(['language', { language: '' }]);
  if (search.insurance?.trim()) active.push(['insurance', { insurance: '' }]);
  if (search.specialty?.trim()) active.push(['specialty', { specialty: '' }]);
  if (search.acceptingNewPatients) active.push(['acceptingNewPatients', { acceptingNewPatients: false }]);
  if (search.videoVisits) active.push(['videoVisits', { videoVisits: false }]);
  const dropFilters: NoResultSuggestions['dropFilters'] = [];
  for (const [filter, changed] of active) dropFilters.push({ filter, count: await count(changed) });

  let widerRadius: NoResultSuggestions['widerRadius'] = null;
  if (context.measured) {
    for (const wider of SEARCH_RADII.filter((r) => r > context.radius)) {
      const found = await count({ radius: wider });
      if (found > 0) {
        widerRadius = { radius: wider, count: found };
        break;
      }
    }
  }

  let spelling: NoResultSuggestions['spelling'] = null;
  let specialties: NoResultSuggestions['specialties'] = [];
  if (context.words) {
    const words = context.words;
    // Materialized, so the distinct texts (~10,000 at 5,000 providers) are compared once each; inlined,
    // PostgreSQL pushes the similarity test into each branch of the union and compares every one of the
    // ~100,000 term rows (0.9 s, against 0.07-0.13 s).
    const candidates = sql`c as materialized (
      select ${publicListings.fullName} as text from ${publicListings} where ${publicListings.hospitalId} = ${hospitalId}
      union select ${publicIdentity.primarySpecialty} from ${publicIdentity} where ${publicIdentity.hospitalId} = ${hospitalId} and ${publicIdentity.primarySpecialty} is not null
      union select ${publicExpertise.term} from ${publicExpertise} where ${publicExpertise.hospitalId} = ${hospitalId} and ${publicExpertise.term} is not null)`;
    // The everyday vocabulary's closest spelling first ('water pils' → 'water pills', 'shingels' →
    // 'shingles'), then the directory's own names, specialties and terms by trigram similarity
    // ('psoraisis' → 'Psoriasis', a misspelt name). When both name the same words, the directory's
    // spelling is shown (its capitals). Offered only when its search finds someone.
    const lay = closestPhrase(words);
    const closest = rowsOf<{ text: string }>(
      await db.execute(
        sql`with ${candidates} select c.text from c
            where greatest(similarity(lower(c.text), lower(${words})), word_similarity(lower(${words}), lower(c.text))) >= ${SPELLING_SIMILARITY} and lower(c.text) <> lower(${words})
            order by greatest(similarity(lower(c.text), lower(${words})), word_similarity(lower(${words}), lower(c.text))) desc, c.text limit 1`,
      ),
    )[0];
    for (const text of lay && closest?.text.toLowerCase() !== lay ? [lay, closest?.text] : [closest?.text]) {
      if (!text) continue;
      const found = await count({ query: text });
      if (found > 0) {
        spelling = { text, count: found };
        break;
      }
    }
    // The specialties the words name (or nearly), or that treat a condition or procedure they name (the
    // reference terms' specialty), with all the hospital's clinicians of each.
    const anyPattern = sql.join(
      context.patterns.map((p) => sql`${publicIdentity.primarySpecialty} ilike ${p}`),
      sql` or `,
    );
    const anyTerm = sql.join(
      context.patterns.map((p) => sql`t.term ilike ${p}`),
      sql` or `,
    );
    specialties = (
      await db
        .select({ value: sql<string>`${publicIdentity.primarySpecialty}`, count: sql<number>`count(*)::int` })
        .from(publicIdentity)
        .where(
          and(
            eq(publicIdentity.hospitalId, hospitalId),
            sql`${publicIdentity.primarySpecialty} is not null`,
            sql`(${anyPattern} or word_similarity(lower(${words}), lower(${publicIdentity.primarySpecialty})) >= ${SPELLING_SIMILARITY}
              or lower(${publicIdentity.primarySpecialty}) in (select lower(t.specialty_name) from ${medicalExpertiseTerms} t where t.is_active and (${anyTerm})))`,
          ),
        )
        .groupBy(publicIdentity.primarySpecialty)
        .orderBy(sql`count(*) desc`, publicIdentity.primarySpecialty)
        .limit(5)
    ).map((row) => ({ value: row.value, count: Number(row.count) }));
  }
  return { dropFilters, widerRadius, spelling, specialties };
}

/** One published provider's public profile, or null when the gate does not let it through. */
export async function publicProvider(
  db: Database,
  hospital: PublicHospital,
  providerSlug: string,
  cache?: ProfileReadCache,
): Promise<(PublicProfile & { slug: string; updatedAt: string; source: FullProfileRead }) | null> {
  const [listing] = await publicPageStatements(db).listing.execute({ hospitalId: hospital.id, slug: providerSlug });
  if (!listing) return null;
  // The version the listing's statement read: a cached read of it is the provider's current profile.
  const read = cache ? await cache.read(db, listing.userId, listing.version) : await readFullProfile(db, listing.userId);
  if (!read) return null;
  // `source`: the read the profile was made from, the same object while it is cached (its page is made once: routes.ts).
  return { ...publicProfileOf(read), slug: listing.slug, updatedAt: read.user.updatedAt.toISOString(), source: read };
}
