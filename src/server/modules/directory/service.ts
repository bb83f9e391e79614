import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DirectoryStatus } from '../../../shared/enums';
import {
  DIRECTORY_MESSAGES,
  type AdminListingView,
  type DirectorySettingsInput,
  type DirectorySettingsView,
  type MyListingView,
} from '../../../shared/schemas/directory';
import { perDatabase, type Database } from '../../db/client';
import { directoryListings, hospitalExpertiseTermsPoc, hospitals, languagesSpoken, locations, practiceEssentials, professionalIdentity, userMedicalExpertise, users } from '../../db/schema';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import { AppError } from '../../lib/app-error';
import { containsPattern, startsWithPattern } from '../../lib/like';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { createNotification } from '../notifications/service';
import { readFullProfile, type ProfileReadCache } from '../profile/read';
import { searchAlternatives } from './lay-terms';
import { publicProfileOf, type PublicProfile } from './public-profile';

/**
 * The public directory's rules. A provider's profile is public only while all of these hold: the
 * provider chose to publish and (where the hospital asks for it) was approved — listing status
 * `published`; the listing's hospital is still the provider's hospital; the provider's account is
 * active; the hospital is active, its directory is on and has an address. Every public read checks
 * them in its own statement, so a change takes a page down at once.
 */

type HospitalRow = typeof hospitals.$inferSelect;
type ListingRow = typeof directoryListings.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const directoryPath = (hospitalSlug: string, providerSlug?: string) => `/find/${hospitalSlug}${providerSlug ? `/${providerSlug}` : ''}`;

/** The conditions under which a listing is public (the query joins listings, users and hospitals). */
export const isPublicListing = and(
  eq(directoryListings.status, 'published'),
  eq(directoryListings.hospitalId, users.hospitalId),
  eq(users.status, 'active'),
  eq(hospitals.isActive, true),
  eq(hospitals.directoryEnabled, true),
  sql`${hospitals.directorySlug} is not null`,
);

function settingsView(row: Pick<HospitalRow, 'directoryEnabled' | 'directorySlug' | 'directoryRequiresApproval' | 'directoryBrandColor'>): DirectorySettingsView {
  return {
    enabled: row.directoryEnabled,
    slug: row.directorySlug,
    requiresApproval: row.directoryRequiresApproval,
    brandColor: row.directoryBrandColor,
    publicPath: row.directoryEnabled && row.directorySlug ? directoryPath(row.directorySlug) : null,
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
    .where(and(eq(directoryListings.hospitalId, hospitalId), sql`${directoryListings.userId} <> ${userId}`, or(eq(directoryListings.slug, base), ilike(directoryListings.slug, `${base}-%`))));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ── The provider ────────────────────────────────────────────────────────────────────────────

async function providerWithHospital(db: Database, userId: string) {
  const [row] = await db
    .select({ user: { id: users.id, fullName: users.fullName, hospitalId: users.hospitalId }, hospital: hospitals, listing: directoryListings })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .leftJoin(directoryListings, eq(directoryListings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw AppError.unauthenticated();
  // A listing made at another hospital does not carry over: the provider starts again here.
  const listing = row.listing && row.listing.hospitalId === row.user.hospitalId ? row.listing : null;
  return { ...row, listing };
}

function myListingView(hospital: HospitalRow | null, listing: ListingRow | null): MyListingView {
  const status = (listing?.status ?? 'off') as DirectoryStatus;
  return {
    status,
    hospital: hospital ? { name: hospital.name, directoryEnabled: hospital.directoryEnabled && !!hospital.directorySlug, requiresApproval: hospital.directoryRequiresApproval } : null,
    publicPath: status === 'published' && hospital?.directoryEnabled && hospital.directorySlug && listing ? directoryPath(hospital.directorySlug, listing.slug) : null,
    requestedAt: iso(listing?.requestedAt ?? null),
    publishedAt: iso(listing?.publishedAt ?? null),
  };
}

/** `GET /api/me/directory`. */
export async function getMyListing(db: Database, userId: string): Promise<MyListingView> {
  const { hospital, listing } = await providerWithHospital(db, userId);
  return myListingView(hospital, listing);
}

/**
 * `PUT /api/me/directory`: the provider publishes or withdraws. Publishing is immediate unless the
 * hospital requires approval, or the hospital had unpublished this listing (then it asks again).
 */
export async function setMyListing(db: Database, userId: string, publish: boolean): Promise<MyListingView> {
  const { user, hospital, listing } = await providerWithHospital(db, userId);
  if (!hospital || !user.hospitalId) throw AppError.conflict(DIRECTORY_MESSAGES.noHospital);
  const current = (listing?.status ?? 'off') as DirectoryStatus;
  const now = new Date();
  let status: DirectoryStatus;
  if (!publish) status = 'off';
  else if (current === 'published' || current === 'pending') status = current;
  else status = hospital.directoryRequiresApproval || current === 'removed' ? 'pending' : 'published';

  const slug = listing?.slug ?? (await freeSlug(db, hospital.id, userId, user.fullName));
  const values = {
    hospitalId: hospital.id,
    status,
    slug,
    requestedAt: status === 'pending' && current !== 'pending' ? now : status === 'off' ? null : (listing?.requestedAt ?? now),
    publishedAt: status === 'published' ? (current === 'published' ? (listing?.publishedAt ?? now) : now) : null,
    decidedBy: status === current ? (listing?.decidedBy ?? null) : null,
    decidedAt: status === current ? (listing?.decidedAt ?? null) : null,
    updatedAt: now,
  };
  try {
    const [saved] = await db
      .insert(directoryListings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: directoryListings.userId, set: values })
      .returning();
    return myListingView(hospital, saved!);
  } catch (error) {
    // Two providers given the same slug at the same moment: the second tries the next free one.
    if (isUniqueViolation(error)) return setMyListingRetry(db, userId, publish);
    throw error;
  }
}

async function setMyListingRetry(db: Database, userId: string, publish: boolean) {
  await db.delete(directoryListings).where(and(eq(directoryListings.userId, userId), eq(directoryListings.status, 'off')));
  return setMyListing(db, userId, publish);
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

/** `GET /api/admin/hospitals/:id/directory`. */
export async function getDirectorySettings(db: Database, actor: AdminActor, hospitalId: string) {
  return settingsView(await scopedHospital(db, actor, hospitalId));
}

/** `PUT /api/admin/hospitals/:id/directory`: on/off, address, approval, colour; in the audit log. */
export async function updateDirectorySettings(db: Database, actor: AdminActor, hospitalId: string, input: DirectorySettingsInput) {
  const before = await scopedHospital(db, actor, hospitalId);
  try {
    const [saved] = await db
      .update(hospitals)
      .set({
        directoryEnabled: input.enabled,
        directorySlug: input.slug ?? null,
        directoryRequiresApproval: input.requiresApproval,
        directoryBrandColor: input.brandColor ?? null,
        updatedAt: new Date(),
      })
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

/** `GET /api/admin/hospitals/:id/directory/listings`: who asked, who is published, who was removed. */
export async function listListings(db: Database, actor: AdminActor, hospitalId: string): Promise<{ items: AdminListingView[] }> {
  const hospital = await scopedHospital(db, actor, hospitalId);
  const rows = await db
    .select({ listing: directoryListings, user: { id: users.id, fullName: users.fullName, email: users.email } })
    .from(directoryListings)
    .innerJoin(users, and(eq(users.id, directoryListings.userId), eq(users.hospitalId, directoryListings.hospitalId)))
    .where(and(eq(directoryListings.hospitalId, hospital.id), sql`${directoryListings.status} <> 'off'`))
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
      publicPath: listing.status === 'published' && hospital.directoryEnabled && hospital.directorySlug ? directoryPath(hospital.directorySlug, listing.slug) : null,
    })),
  };
}

/** `POST /api/admin/hospitals/:id/directory/listings/:userId/approve|unpublish`. */
export async function decideListing(db: Database, actor: AdminActor, hospitalId: string, userId: string, decision: 'approve' | 'unpublish') {
  const hospital = await scopedHospital(db, actor, hospitalId);
  const from: DirectoryStatus[] = decision === 'approve' ? ['pending', 'removed'] : ['pending', 'published'];
  const now = new Date();
  const [saved] = await db
    .update(directoryListings)
    .set({
      status: decision === 'approve' ? 'published' : 'removed',
      decidedBy: actor.email,
      decidedAt: now,
      publishedAt: decision === 'approve' ? now : null,
      updatedAt: now,
    })
    .where(
      and(
        eq(directoryListings.userId, userId),
        eq(directoryListings.hospitalId, hospital.id),
        sql`${directoryListings.status} in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})`,
        sql`exists (select 1 from ${users} where ${users.id} = ${directoryListings.userId} and ${users.hospitalId} = ${hospital.id})`,
      ),
    )
    .returning();
  if (!saved) throw AppError.conflict(decision === 'approve' ? DIRECTORY_MESSAGES.notPending : DIRECTORY_MESSAGES.notPublished);
  await recordAudit(db, actor, {
    action: decision === 'approve' ? 'directory.listing_approved' : 'directory.listing_unpublished',
    targetType: 'user',
    targetId: userId,
    hospitalId: hospital.id,
    summary: { slug: saved.slug },
  });
  await createNotification(db, userId, {
    type: 'system',
    title: decision === 'approve' ? 'Your profile is public' : 'Your public profile was taken down',
    message:
      decision === 'approve'
        ? `${hospital.name} approved your profile for its public directory.`
        : `${hospital.name} removed your profile from its public directory. Ask again from your settings when you are ready.`,
    data: { hospitalId: hospital.id },
  });
  return { userId, status: saved.status as DirectoryStatus };
}

// ── Public reads ────────────────────────────────────────────────────────────────────────────

export interface PublicHospital {
  id: string;
  name: string;
  slug: string;
  brandColor: string | null;
  address: string | null;
  contactPhone: string | null;
}

const publicHospitalColumns = {
  id: hospitals.id,
  name: hospitals.name,
  slug: sql<string>`${hospitals.directorySlug}`,
  brandColor: hospitals.directoryBrandColor,
  address: hospitals.address,
  contactPhone: hospitals.contactPhone,
};

/** Hospitals with their directory on, and how many providers each one publishes. */
export async function publicHospitals(db: Database) {
  return db
    .select({ ...publicHospitalColumns, providers: sql<number>`(select count(*)::int from ${directoryListings} l join ${users} u on u.id = l.user_id where l.hospital_id = ${hospitals.id} and l.status = 'published' and u.hospital_id = l.hospital_id and u.status = 'active')` })
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
      .select(publicHospitalColumns)
      .from(hospitals)
      .where(and(eq(hospitals.directorySlug, sql.placeholder('slug')), eq(hospitals.isActive, true), eq(hospitals.directoryEnabled, true)))
      .limit(1)
      .prepare('vitae_public_hospital'),
    listing: db
      .select({ userId: directoryListings.userId, slug: directoryListings.slug, version: users.profileVersion })
      .from(directoryListings)
      .innerJoin(users, eq(users.id, directoryListings.userId))
      .innerJoin(hospitals, eq(hospitals.id, directoryListings.hospitalId))
      .where(and(eq(directoryListings.hospitalId, sql.placeholder('hospitalId')), eq(directoryListings.slug, sql.placeholder('slug')), isPublicListing))
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
}

export const PUBLIC_PAGE_SIZE = 24;

/** What a patient searches by; empty fields do not narrow. */
export interface DirectorySearch {
  /** A name, a specialty, or a condition, procedure or reason for visit (typos tolerated). */
  query: string;
  /** A city, or a ZIP code (its first digits match nearby codes). */
  location: string;
  /** A language code ("es"). */
  language: string;
  acceptingNewPatients: boolean;
  videoVisits: boolean;
  page: number;
}

export interface DirectorySearchResult {
  items: Array<PublicProviderSummary & { userId: string }>;
  total: number;
  facets: { specialties: Array<{ value: string; count: number }>; languages: Array<{ value: string; name: string; count: number }> };
}

/** Similarity (pg_trgm's word_similarity) at which a misspelt name or specialty still matches. */
const TYPO_SIMILARITY = 0.45;

/**
 * The hospital's published providers for a patient's search, best first: a name that starts with the
 * words, then names, specialties and expertise terms that contain them, then near misses (typos);
 * with how many providers each specialty and language would show.
 */
export async function searchDirectory(db: Database, hospitalId: string, search: DirectorySearch): Promise<DirectorySearchResult> {
  const words = search.query.trim().slice(0, 100);
  const pattern = containsPattern(words);
  const place = search.location.trim().slice(0, 60);
  const zip = /^\d{3,5}$/.test(place) ? place : null;

  // Everything a search's words match, each part through its own index (trigram indexes on names,
  // specialties and terms; the few hospital terms with synonyms): a name, a specialty or a term
  // containing the words or one of the clinical words for an everyday phrase ("heart attack"), or a
  // hospital term whose synonyms or keywords contain them.
  const patterns = searchAlternatives(words).map(containsPattern);
  const anyMatch = (column: string) => sql.join(patterns.map((p) => sql`${sql.raw(column)} ilike ${p}`), sql` or `);
  const exactText = words
    ? sql`${users.id} in (
        select u.id from ${users} u where u.full_name ilike ${pattern}
        union all select pi.user_id from ${professionalIdentity} pi where ${anyMatch('pi.primary_specialty')}
        union all select e.user_id from ${userMedicalExpertise} e where ${anyMatch('e.term')}
        union all select e.user_id from ${userMedicalExpertise} e where e.term_id in (
          select h.term_id from ${hospitalExpertiseTermsPoc} h
          where h.hospital_id = ${hospitalId} and h.is_active
            and (cardinality(h.synonyms) > 0 or cardinality(h.search_keywords) > 0)
            and exists (select 1 from unnest(h.synonyms || h.search_keywords) s(word) where ${anyMatch('s.word')})))`
    : undefined;
  // Near misses through the same trigram indexes: `%>` is word_similarity at or above the threshold,
  // which the typo search sets for its own transaction.
  const typoText = words
    ? sql`${users.id} in (
        select u.id from ${users} u where u.full_name %> ${words}
        union all select pi.user_id from ${professionalIdentity} pi where pi.primary_specialty %> ${words})`
    : undefined;
  const placeMatch = place
    ? zip
      ? sql`${users.id} in (select lo.user_id from ${locations} lo where lo.postal_code like ${`${zip}%`})`
      : sql`${users.id} in (select lo.user_id from ${locations} lo where lower(lo.city) = lower(${place}))`
    : undefined;
  const acceptingMatch = search.acceptingNewPatients ? sql`${users.id} in (select pe.user_id from ${practiceEssentials} pe where pe.accepting_new_patients)` : undefined;
  const videoMatch = search.videoVisits
    ? sql`(${users.id} in (select pe.user_id from ${practiceEssentials} pe where jsonb_array_length(pe.telehealth_services) > 0) or ${users.id} in (select lo.user_id from ${locations} lo where lo.telehealth_available))`
    : undefined;
  const prefix = startsWithPattern(words);
  const exactRank = sql<number>`case when ${users.fullName} ilike ${prefix} or ${users.lastName} ilike ${prefix} then 3 when ${users.fullName} ilike ${pattern} then 2.5 when ${professionalIdentity.primarySpecialty} ilike ${pattern} then 2 else 1 end`;
  const typoRank = sql<number>`greatest(word_similarity(${words}, ${users.fullName}), word_similarity(${words}, coalesce(${professionalIdentity.primarySpecialty}, '')))`;

  const find = (on: Database, text: SQL | undefined, rank: SQL<number>) =>
    on
      .select({ userId: users.id, name: users.fullName, lastName: users.lastName, specialty: professionalIdentity.primarySpecialty, rank })
      .from(directoryListings)
      .innerJoin(users, eq(users.id, directoryListings.userId))
      .innerJoin(hospitals, eq(hospitals.id, directoryListings.hospitalId))
      .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
      .where(and(eq(directoryListings.hospitalId, hospitalId), isPublicListing, text, placeMatch, acceptingMatch, videoMatch));
  // One statement finds every match with what ranking and the facets need; the page is cut here.
  let matched = await find(db, exactText, words ? exactRank : sql<number>`0`);
  if (words && matched.length === 0) {
    matched = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      return find(tx, typoText, typoRank);
    });
  }

  // Languages are counted before the language filter, so each one shows what choosing it would give.
  const matchedIds = matched.map((row) => row.userId);
  const spokenRows = matchedIds.length
    ? await db
        .select({ userId: languagesSpoken.userId, code: languagesSpoken.languageCode, name: languagesSpoken.languageName })
        .from(languagesSpoken)
        .where(inArray(languagesSpoken.userId, matchedIds))
    : [];
  const languageCounts = new Map<string, { name: string; users: Set<string> }>();
  for (const row of spokenRows) {
    const entry = languageCounts.get(row.code) ?? { name: row.name, users: new Set<string>() };
    entry.users.add(row.userId);
    languageCounts.set(row.code, entry);
  }
  const speaks = search.language ? (languageCounts.get(search.language)?.users ?? new Set<string>()) : null;
  const results = (speaks ? matched.filter((row) => speaks.has(row.userId)) : matched).sort(
    (a, b) => Number(b.rank) - Number(a.rank) || (a.lastName ?? a.name).localeCompare(b.lastName ?? b.name) || a.name.localeCompare(b.name),
  );

  const specialtyCounts = new Map<string, number>();
  for (const row of results) if (row.specialty) specialtyCounts.set(row.specialty, (specialtyCounts.get(row.specialty) ?? 0) + 1);
  const page = results.slice((search.page - 1) * PUBLIC_PAGE_SIZE, search.page * PUBLIC_PAGE_SIZE);
  const pageIds = page.map((row) => row.userId);
  const details = pageIds.length
    ? await db
        .select({
          userId: users.id,
          slug: directoryListings.slug,
          photo: professionalIdentity.profilePhoto,
          city: sql<string | null>`(select lo.city from ${locations} lo where lo.user_id = ${users.id} order by lo.is_primary desc, lo.created_at limit 1)`,
          acceptingNewPatients: sql<boolean | null>`(select pe.accepting_new_patients from ${practiceEssentials} pe where pe.user_id = ${users.id} limit 1)`,
        })
        .from(users)
        .innerJoin(directoryListings, eq(directoryListings.userId, users.id))
        .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
        .where(inArray(users.id, pageIds))
    : [];
  const detailOf = new Map(details.map((row) => [row.userId, row]));

  return {
    items: page.flatMap((row) => {
      const detail = detailOf.get(row.userId);
      return detail ? [{ userId: row.userId, slug: detail.slug, name: row.name, specialty: row.specialty, photo: detail.photo, city: detail.city, acceptingNewPatients: detail.acceptingNewPatients }] : [];
    }),
    total: results.length,
    facets: {
      specialties: [...specialtyCounts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, 12),
      languages: [...languageCounts]
        .map(([value, entry]) => ({ value, name: entry.name, count: entry.users.size }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, 20),
    },
  };
}

/** The hospital's published providers by name: the sitemap's list. */
export async function publicProviders(db: Database, hospitalId: string, query: string, page: number) {
  return searchDirectory(db, hospitalId, { query, location: '', language: '', acceptingNewPatients: false, videoVisits: false, page });
}

/** One published provider's public profile, or null when any rule above does not hold. */
export async function publicProvider(
  db: Database,
  hospital: PublicHospital,
  providerSlug: string,
  cache?: ProfileReadCache,
): Promise<(PublicProfile & { slug: string; updatedAt: string }) | null> {
  const [listing] = await publicPageStatements(db).listing.execute({ hospitalId: hospital.id, slug: providerSlug });
  if (!listing) return null;
  // The version the listing's statement read: a cached read of it is the provider's current profile.
  const read = cache ? await cache.read(db, listing.userId, listing.version) : await readFullProfile(db, listing.userId);
  if (!read) return null;
  return { ...publicProfileOf(read), slug: listing.slug, updatedAt: read.user.updatedAt.toISOString() };
}
