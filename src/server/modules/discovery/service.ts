/**
 * The discovery flow (profile spec §4): a run searches the chosen sources for the provider, drops
 * what the provider rejected before (rejected_items, by PMID or DOI, NCT number, URL) and what is
 * already in the profile, stores the rest as pending items with a confidence score and the evidence
 * behind it, records one discovery session per item type and tells the provider. Approving moves an
 * item into its profile section; rejecting remembers it so it is never offered again.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { parsePersonName, parsePubmedAuthor, scoreMatch, type MatchEvidence } from '../../../shared/confidence';
import { DISPLAYED_TRIAL_USER_STATUSES, type DiscoveryItemType } from '../../../shared/enums';
import { PROFILE_ITEM_CAPS, PROFILE_LIST_CAPS } from '../../../shared/limits';
import { listCapMessage } from '../../../shared/schemas/profile';
import {
  DISCOVERY_MESSAGES,
  RUN_TYPE_TO_ITEM_TYPE,
  type DiscoveryBulkResult,
  type DiscoveryDecision,
  type DiscoveryEvidence,
  type DiscoveryItem,
  type DiscoveryItemsResponse,
  type DiscoveryItemStatus,
  type DiscoveryRunResult,
  type DiscoveryRunType,
  type DiscoverySessionView,
  type DiscoveryTypeResult,
} from '../../../shared/schemas/discovery';
import type { Database } from '../../db/client';
import { clinicalTrials, discoverySessions, mediaPress, publications, rejectedItems } from '../../db/schema';
import { mapOfficialRole } from '../../integrations/clinical-trials';
import type { Mailer } from '../../integrations/mail/mailer';
import { searchPublications } from '../../integrations/pubmed';
import { SafeFetchError } from '../../integrations/web-page';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { notifyDiscoveryResults } from '../notifications/service';
import { loadDiscoveryProfile, type DiscoveryProfile } from './provider-profile';
import type { DiscoverySources } from './sources';
import { providerActor, withSectionHistory } from '../profile/history';
import { refreshCompletion } from '../profile/service';

export interface DiscoveryDeps {
  db: Database;
  logger: Logger;
  sources: DiscoverySources;
  mailer?: Mailer;
  appUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Items shown in a publications or media section. */
const SHOWN_STATUSES = ['manual', 'approved'] as const;

// ── External ids ────────────────────────────────────────────────────────────────────────────

/** One form per URL: no fragment, lower-case host (the URL parser does that), no trailing slash. */
export function normalizeUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    url.hash = '';
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
    return url.toString();
  } catch {
    return value.trim();
  }
}

const normalizeDoi = (doi: string) =>
  doi
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
    .toLowerCase();

function publicationIds(row: { pmid: string | null; doi: string | null }) {
  return [row.pmid?.trim(), row.doi ? normalizeDoi(row.doi) : undefined].filter((id): id is string => !!id);
}

function externalIdsOf(type: DiscoveryItemType, row: Record<string, unknown>): string[] {
  if (type === 'publications') return publicationIds(row as { pmid: string | null; doi: string | null });
  if (type === 'clinical_trials') return row.nctNumber ? [String(row.nctNumber).toUpperCase()] : [];
  // A media item's search_query is the link the provider gave, which may have redirected to row.url.
  const links = [row.url, row.searchQuery].filter((v): v is string => typeof v === 'string' && /^https?:\/\//i.test(v));
  return [...new Set(links.map(normalizeUrl))];
}

/** Every id the provider rejected for a type, including the alternates kept in metadata. */
async function rejectedIdSet(db: Database, userId: string, type: DiscoveryItemType) {
  const rows = await db
    .select({ externalId: rejectedItems.externalId, metadata: rejectedItems.metadata })
    .from(rejectedItems)
    .where(and(eq(rejectedItems.userId, userId), eq(rejectedItems.itemType, type)));
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(type === 'media_press' ? normalizeUrl(row.externalId) : type === 'publications' ? normalizeDoi(row.externalId) : row.externalId.toUpperCase());
    for (const alternate of (row.metadata.alternateIds as string[] | undefined) ?? []) ids.add(alternate);
  }
  return ids;
}

/** Ids already in the provider's table, in any status: manual, pending, approved or rejected. */
async function existingIdSet(db: Database, userId: string, type: DiscoveryItemType) {
  const ids = new Set<string>();
  if (type === 'publications') {
    const rows = await db.select({ pmid: publications.pmid, doi: publications.doi }).from(publications).where(eq(publications.userId, userId));
    for (const row of rows) for (const id of publicationIds(row)) ids.add(id);
  } else if (type === 'clinical_trials') {
    const rows = await db
      .select({ nct: clinicalTrials.nctNumber })
      .from(clinicalTrials)
      .where(and(eq(clinicalTrials.userId, userId), isNotNull(clinicalTrials.nctNumber)));
    for (const row of rows) ids.add(row.nct!.toUpperCase());
  } else {
    const rows = await db
      .select({ url: mediaPress.url })
      .from(mediaPress)
      .where(and(eq(mediaPress.userId, userId), isNotNull(mediaPress.url)));
    for (const row of rows) ids.add(normalizeUrl(row.url!));
  }
  return ids;
}

// ── Gathering candidates ────────────────────────────────────────────────────────────────────

interface Candidate {
  /** Normalised ids; any of them rejected or present drops the candidate. */
  ids: string[];
  /** Overrides the run's query on the item (a media item records the link it was found by). */
  searchQuery?: string;
  values: Record<string, unknown>;
  evidence: MatchEvidence;
}

interface Gathered {
  searchQuery: string | null;
  queries: string[];
  candidates: Candidate[];
  /** Skipped before any network call (media URLs already rejected or present). */
  preSkipped: { rejected: number; existing: number };
  errors: Array<{ source: string; message: string }>;
}

const joinText = (...parts: Array<string | null | undefined | string[]>) =>
  parts
    .flat()
    .filter((part): part is string => !!part && part.trim().length > 0)
    .join('. ');

async function gatherPublications(sources: DiscoverySources, profile: DiscoveryProfile): Promise<Gathered> {
  const result = await searchPublications(sources.pubmed, {
    firstName: profile.firstName,
    middleName: profile.middleName,
    lastName: profile.lastName!,
    affiliation: profile.affiliations[0] ?? null,
    orcid: profile.orcid,
  });
  const candidates = result.articles.map((article) => ({
    ids: publicationIds(article),
    values: {
      title: article.title,
      // A consortium paper lists thousands; the entry keeps what its schema takes, so the section still saves.
      authors: article.authors.slice(0, PROFILE_ITEM_CAPS.authors),
      journalName: article.journalName,
      publicationDate: article.publicationDate,
      volume: article.volume,
      issue: article.issue,
      pages: article.pages,
      doi: article.doi,
      pmid: article.pmid,
      publicationType: 'peer_reviewed',
      status: 'pending',
    },
    evidence: scoreMatch(profile, {
      people: article.personalAuthors.map(parsePubmedAuthor).filter((p) => p !== null),
      affiliationConfirmed: article.matchedAffiliation === null ? null : { matched: article.matchedAffiliation, affiliation: profile.affiliations[0]! },
      topicText: joinText(article.title, article.journalName),
      orcidConfirmed: article.matchedOrcid,
    }),
  }));
  return { searchQuery: result.query, queries: result.queries, candidates, preSkipped: { rejected: 0, existing: 0 }, errors: [] };
}

async function gatherTrials(sources: DiscoverySources, profile: DiscoveryProfile): Promise<Gathered> {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const { query, studies } = await sources.clinicalTrials.searchByOfficial(name);
  const lastName = profile.lastName!.toLowerCase();
  const candidates = studies.map((study) => {
    const people = study.officials.map((official) => ({ official, person: official.name ? parsePersonName(official.name) : null }));
    // The provider's own entry among the officials gives their role on the trial.
    const own = people.find((p) => p.person?.last.toLowerCase() === lastName)?.official;
    return {
      ids: [study.nctNumber],
      values: {
        trialTitle: study.trialTitle,
        nctNumber: study.nctNumber,
        phase: study.phase,
        status: study.status,
        startDate: study.startDate,
        completionDate: study.completionDate,
        sponsor: study.sponsor,
        role: mapOfficialRole(own?.role),
        description: study.description,
        conditionsStudied: study.conditionsStudied.slice(0, PROFILE_ITEM_CAPS.conditionsStudied),
        userStatus: 'pending',
      },
      evidence: scoreMatch(profile, {
        people: people.map((p) => p.person).filter((p) => p !== null),
        affiliationText: joinText(
          study.officials.map((o) => o.affiliation ?? ''),
          study.locations,
          study.sponsor,
        ),
        topicText: joinText(study.trialTitle, study.officialTitle, study.conditionsStudied, study.keywords),
      }),
    };
  });
  return { searchQuery: query, queries: [query], candidates, preSkipped: { rejected: 0, existing: 0 }, errors: [] };
}

/** Media dates are kept as the page gives them; a full timestamp is shortened to its day. */
function mediaDate(published: string | null) {
  if (!published) return null;
  return /^\d{4}-\d{2}-\d{2}T/.test(published) ? published.slice(0, 10) : published;
}

async function gatherMedia(deps: DiscoveryDeps, profile: DiscoveryProfile, urls: string[]): Promise<Gathered> {
  const [rejected, existing] = await Promise.all([
    rejectedIdSet(deps.db, profile.userId, 'media_press'),
    existingIdSet(deps.db, profile.userId, 'media_press'),
  ]);
  const gathered: Gathered = { searchQuery: urls.join(' '), queries: urls, candidates: [], preSkipped: { rejected: 0, existing: 0 }, errors: [] };
  for (const url of urls) {
    const requested = normalizeUrl(url);
    // A rejected or present link is not fetched again.
    if (rejected.has(requested)) {
      gathered.preSkipped.rejected += 1;
      continue;
    }
    if (existing.has(requested)) {
      gathered.preSkipped.existing += 1;
      continue;
    }
    try {
      const page = await deps.sources.webPages.read(url);
      if (!page.title) {
        gathered.errors.push({ source: url, message: 'The page has no title to show' });
        continue;
      }
      gathered.candidates.push({
        ids: [...new Set([normalizeUrl(page.url), requested])],
        searchQuery: url,
        values: {
          title: page.title,
          mediaType: 'news_article',
          publicationSource: page.siteName,
          date: mediaDate(page.publishedTime),
          url: page.url,
          description: page.description,
          status: 'pending',
        },
        evidence: scoreMatch(profile, {
          mentionText: joinText(page.title, page.description),
          affiliationText: joinText(page.title, page.description, page.siteName),
          topicText: joinText(page.title, page.description),
        }),
      });
    } catch (error) {
      const message = error instanceof SafeFetchError ? error.message : 'The page could not be read';
      if (!(error instanceof SafeFetchError)) deps.logger.warn({ err: error, url }, 'media page read failed');
      gathered.errors.push({ source: url, message });
    }
  }
  return gathered;
}

const SOURCE_NAMES: Record<DiscoveryItemType, string> = { publications: 'PubMed', clinical_trials: 'ClinicalTrials.gov', media_press: 'Media page' };

// ── Storing a run ───────────────────────────────────────────────────────────────────────────

const tableOf = (type: DiscoveryItemType) => (type === 'publications' ? publications : type === 'clinical_trials' ? clinicalTrials : mediaPress);

async function storeGathered(
  db: Database,
  profile: DiscoveryProfile,
  type: DiscoveryItemType,
  gathered: Gathered,
  context: { runId: string; discoveredAt: Date; isAutoSearch: boolean },
): Promise<DiscoveryTypeResult> {
  return db.transaction(async (tx) => {
    // Two runs for one provider at once would both see an item as new; the lock makes the second wait.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`discovery:${profile.userId}`}))`);
    const [rejected, existing] = await Promise.all([rejectedIdSet(tx, profile.userId, type), existingIdSet(tx, profile.userId, type)]);
    let skippedRejected = gathered.preSkipped.rejected;
    let skippedExisting = gathered.preSkipped.existing;
    const fresh: Array<Candidate & { id: string }> = [];
    const seen = new Set<string>();
    for (const candidate of gathered.candidates) {
      if (candidate.ids.some((id) => rejected.has(id))) skippedRejected += 1;
      else if (candidate.ids.some((id) => existing.has(id) || seen.has(id))) skippedExisting += 1;
      else {
        candidate.ids.forEach((id) => seen.add(id));
        fresh.push({ ...candidate, id: randomUUID() });
      }
    }
    fresh.sort((a, b) => b.evidence.score - a.evidence.score);

    const evidence = Object.fromEntries(fresh.map((c) => [c.id, { signals: c.evidence.signals, defaulted: c.evidence.defaulted } satisfies DiscoveryEvidence]));
    const [session] = await tx
      .insert(discoverySessions)
      .values({
        userId: profile.userId,
        sessionType: type,
        searchQuery: gathered.searchQuery,
        totalFound: gathered.candidates.length + gathered.preSkipped.rejected + gathered.preSkipped.existing,
        isAutoSearch: context.isAutoSearch,
        metadata: {
          runId: context.runId,
          source: SOURCE_NAMES[type],
          queries: gathered.queries,
          added: fresh.length,
          skippedRejected,
          skippedExisting,
          errors: gathered.errors,
          evidence,
        },
        // Items carry the same instant as discovered_at, which ties them to this session.
        createdAt: context.discoveredAt,
      })
      .returning({ id: discoverySessions.id });

    if (fresh.length > 0) {
      const discovery = (c: Candidate & { id: string }) => ({
        id: c.id,
        userId: profile.userId,
        discoveredAt: context.discoveredAt,
        searchQuery: c.searchQuery ?? gathered.searchQuery,
        confidenceScore: c.evidence.score,
      });
      if (type === 'publications') {
        await tx.insert(publications).values(fresh.map((c) => ({ ...(c.values as typeof publications.$inferInsert), ...discovery(c) })));
      } else if (type === 'clinical_trials') {
        await tx.insert(clinicalTrials).values(fresh.map((c) => ({ ...(c.values as typeof clinicalTrials.$inferInsert), ...discovery(c) })));
      } else {
        await tx.insert(mediaPress).values(fresh.map((c) => ({ ...(c.values as typeof mediaPress.$inferInsert), ...discovery(c) })));
      }
    }
    return {
      type,
      sessionId: session!.id,
      searchQuery: gathered.searchQuery,
      found: gathered.candidates.length + gathered.preSkipped.rejected + gathered.preSkipped.existing,
      added: fresh.length,
      skippedRejected,
      skippedExisting,
      errors: gathered.errors,
    };
  });
}

export interface RunOptions {
  types: DiscoveryRunType[];
  mediaUrls?: string[];
  isAutoSearch?: boolean;
}

export async function runDiscovery(deps: DiscoveryDeps, userId: string, options: RunOptions): Promise<DiscoveryRunResult> {
  const profile = await loadDiscoveryProfile(deps.db, userId);
  const types = [...new Set(options.types)];
  if (types.some((t) => t !== 'media') && !profile.lastName) throw AppError.validation(DISCOVERY_MESSAGES.noName);
  const runId = randomUUID();
  const discoveredAt = new Date();
  const results: DiscoveryTypeResult[] = [];

  for (const runType of types) {
    const type = RUN_TYPE_TO_ITEM_TYPE[runType];
    if (runType === 'media' && (options.mediaUrls ?? []).length === 0) {
      results.push({
        type,
        sessionId: null,
        searchQuery: null,
        found: 0,
        added: 0,
        skippedRejected: 0,
        skippedExisting: 0,
        errors: [{ source: 'Media', message: DISCOVERY_MESSAGES.noMediaUrls }],
      });
      continue;
    }
    let gathered: Gathered;
    try {
      gathered =
        runType === 'publications'
          ? await gatherPublications(deps.sources, profile)
          : runType === 'clinical_trials'
            ? await gatherTrials(deps.sources, profile)
            : await gatherMedia(deps, profile, options.mediaUrls ?? []);
    } catch (error) {
      // One source being down must not cost the provider the others' results.
      deps.logger.warn({ err: error, type }, 'discovery source failed');
      gathered = {
        searchQuery: null,
        queries: [],
        candidates: [],
        preSkipped: { rejected: 0, existing: 0 },
        errors: [{ source: SOURCE_NAMES[type], message: `${SOURCE_NAMES[type]} could not be searched right now. Try again later.` }],
      };
    }
    results.push(await storeGathered(deps.db, profile, type, gathered, { runId, discoveredAt, isAutoSearch: options.isAutoSearch ?? false }));
  }

  const added = (type: DiscoveryItemType) => results.filter((r) => r.type === type).reduce((sum, r) => sum + r.added, 0);
  const notification = await notifyDiscoveryResults({ db: deps.db, mailer: deps.mailer, logger: deps.logger, appUrl: deps.appUrl }, userId, {
    runId,
    scheduled: options.isAutoSearch ?? false,
    added: { publications: added('publications'), clinicalTrials: added('clinical_trials'), mediaPress: added('media_press') },
    errors: results.reduce((sum, r) => sum + r.errors.length, 0),
  });

  const sum = (key: 'found' | 'added' | 'skippedRejected' | 'skippedExisting') => results.reduce((total, r) => total + r[key], 0);
  return {
    runId,
    isAutoSearch: options.isAutoSearch ?? false,
    results,
    totals: { found: sum('found'), added: sum('added'), skippedRejected: sum('skippedRejected'), skippedExisting: sum('skippedExisting') },
    notificationId: notification?.id ?? null,
  };
}

// ── Reading items ───────────────────────────────────────────────────────────────────────────

type PublicationRow = typeof publications.$inferSelect;
type TrialRow = typeof clinicalTrials.$inferSelect;
type MediaRow = typeof mediaPress.$inferSelect;

function publicationItem(row: PublicationRow, evidence: DiscoveryEvidence | null): DiscoveryItem {
  return {
    type: 'publications',
    id: row.id,
    status: row.status as DiscoveryItemStatus,
    title: row.title,
    confidenceScore: row.confidenceScore ?? 0,
    discoveredAt: row.discoveredAt!.toISOString(),
    searchQuery: row.searchQuery,
    rejectionReason: row.rejectionReason,
    externalId: row.pmid ?? row.doi,
    sourceUrl: row.pmid ? `https://pubmed.ncbi.nlm.nih.gov/${row.pmid}/` : row.doi ? `https://doi.org/${row.doi}` : null,
    evidence,
    details: {
      authors: row.authors,
      journalName: row.journalName,
      publicationDate: row.publicationDate,
      volume: row.volume,
      issue: row.issue,
      pages: row.pages,
      doi: row.doi,
      pmid: row.pmid,
    },
  };
}

function trialItem(row: TrialRow, evidence: DiscoveryEvidence | null): DiscoveryItem {
  return {
    type: 'clinical_trials',
    id: row.id,
    status: row.userStatus as DiscoveryItemStatus,
    title: row.trialTitle,
    confidenceScore: row.confidenceScore ?? 0,
    discoveredAt: row.discoveredAt!.toISOString(),
    searchQuery: row.searchQuery,
    rejectionReason: row.rejectionReason,
    externalId: row.nctNumber,
    sourceUrl: row.nctNumber ? `https://clinicaltrials.gov/study/${row.nctNumber}` : null,
    evidence,
    details: {
      nctNumber: row.nctNumber,
      phase: row.phase,
      trialStatus: row.status,
      startDate: row.startDate,
      completionDate: row.completionDate,
      sponsor: row.sponsor,
      role: row.role,
      conditionsStudied: row.conditionsStudied,
    },
  };
}

function mediaItem(row: MediaRow, evidence: DiscoveryEvidence | null): DiscoveryItem {
  return {
    type: 'media_press',
    id: row.id,
    status: row.status as DiscoveryItemStatus,
    title: row.title,
    confidenceScore: row.confidenceScore ?? 0,
    discoveredAt: row.discoveredAt!.toISOString(),
    searchQuery: row.searchQuery,
    rejectionReason: row.rejectionReason,
    externalId: row.url,
    sourceUrl: row.url,
    evidence,
    details: { mediaType: row.mediaType, publicationSource: row.publicationSource, date: row.date, url: row.url, description: row.description },
  };
}

/** The evidence recorded with each item, from the sessions of the runs that found them. */
async function evidenceFor(db: Database, userId: string, items: Array<{ id: string; discoveredAt: Date | null }>) {
  const instants = [...new Set(items.map((i) => i.discoveredAt?.toISOString()).filter((v): v is string => !!v))];
  const map = new Map<string, DiscoveryEvidence>();
  if (instants.length === 0) return map;
  const sessions = await db
    .select({ metadata: discoverySessions.metadata })
    .from(discoverySessions)
    .where(
      and(
        eq(discoverySessions.userId, userId),
        inArray(
          discoverySessions.createdAt,
          instants.map((i) => new Date(i)),
        ),
      ),
    );
  for (const session of sessions) {
    for (const [id, evidence] of Object.entries((session.metadata.evidence as Record<string, DiscoveryEvidence> | undefined) ?? {})) map.set(id, evidence);
  }
  return map;
}

export async function listDiscoveryItems(
  db: Database,
  userId: string,
  query: { status: DiscoveryItemStatus; type?: DiscoveryItemType; limit: number },
): Promise<DiscoveryItemsResponse> {
  const wanted = (type: DiscoveryItemType) => !query.type || query.type === type;
  const [pubRows, trialRows, mediaRows, pubCount, trialCount, mediaCount] = await Promise.all([
    wanted('publications')
      ? db
          .select()
          .from(publications)
          .where(and(eq(publications.userId, userId), eq(publications.status, query.status), isNotNull(publications.discoveredAt)))
          .orderBy(desc(publications.discoveredAt), desc(publications.confidenceScore), desc(publications.id))
          .limit(query.limit)
      : Promise.resolve([]),
    wanted('clinical_trials')
      ? db
          .select()
          .from(clinicalTrials)
          .where(and(eq(clinicalTrials.userId, userId), eq(clinicalTrials.userStatus, query.status), isNotNull(clinicalTrials.discoveredAt)))
          .orderBy(desc(clinicalTrials.discoveredAt), desc(clinicalTrials.confidenceScore), desc(clinicalTrials.id))
          .limit(query.limit)
      : Promise.resolve([]),
    wanted('media_press')
      ? db
          .select()
          .from(mediaPress)
          .where(and(eq(mediaPress.userId, userId), eq(mediaPress.status, query.status), isNotNull(mediaPress.discoveredAt)))
          .orderBy(desc(mediaPress.discoveredAt), desc(mediaPress.confidenceScore), desc(mediaPress.id))
          .limit(query.limit)
      : Promise.resolve([]),
    db
      .select({ n: count() })
      .from(publications)
      .where(and(eq(publications.userId, userId), eq(publications.status, query.status), isNotNull(publications.discoveredAt))),
    db
      .select({ n: count() })
      .from(clinicalTrials)
      .where(and(eq(clinicalTrials.userId, userId), eq(clinicalTrials.userStatus, query.status), isNotNull(clinicalTrials.discoveredAt))),
    db
      .select({ n: count() })
      .from(mediaPress)
      .where(and(eq(mediaPress.userId, userId), eq(mediaPress.status, query.status), isNotNull(mediaPress.discoveredAt))),
  ]);
  const evidence = await evidenceFor(db, userId, [...pubRows, ...trialRows, ...mediaRows]);
  const items = [
    ...pubRows.map((row) => publicationItem(row, evidence.get(row.id) ?? null)),
    ...trialRows.map((row) => trialItem(row, evidence.get(row.id) ?? null)),
    ...mediaRows.map((row) => mediaItem(row, evidence.get(row.id) ?? null)),
  ]
    // Newest run first; within a run the strongest match first.
    .sort((a, b) => b.discoveredAt.localeCompare(a.discoveredAt) || b.confidenceScore - a.confidenceScore || a.id.localeCompare(b.id))
    .slice(0, query.limit);
  return {
    items,
    counts: { publications: Number(pubCount[0]?.n ?? 0), clinical_trials: Number(trialCount[0]?.n ?? 0), media_press: Number(mediaCount[0]?.n ?? 0) },
  };
}

// ── Decisions ───────────────────────────────────────────────────────────────────────────────

/** The code of an approval refused because its section is at its cap. */
const SECTION_FULL = 'SECTION_FULL';

/**
 * Where an approved item goes at the end of its section, refused when the section is at its cap
 * (limits.ts): the provider is told to remove one first, the same words a save over the cap gets.
 */
async function nextDisplayOrder(tx: Database, type: DiscoveryItemType, userId: string) {
  const table = tableOf(type);
  const shown =
    type === 'clinical_trials'
      ? inArray(clinicalTrials.userStatus, DISPLAYED_TRIAL_USER_STATUSES)
      : inArray(type === 'publications' ? publications.status : mediaPress.status, SHOWN_STATUSES);
  const [row] = await tx
    .select({ max: sql<number | null>`max(${table.displayOrder})`, count: sql<number>`count(*)` })
    .from(table)
    .where(and(eq(table.userId, userId), shown));
  if (Number(row?.count ?? 0) >= PROFILE_LIST_CAPS[type])
    throw new AppError(SECTION_FULL, 400, `${listCapMessage(type)}: remove one from the section to approve another`);
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Approves or rejects one of the provider's discovered items. Approving appends it to its profile
 * section; rejecting records it in rejected_items so discovery never offers it again.
 */
export async function decideItem(
  deps: Pick<DiscoveryDeps, 'db' | 'logger'>,
  userId: string,
  type: DiscoveryItemType,
  id: string,
  decision: DiscoveryDecision,
): Promise<DiscoveryItem> {
  if (!UUID.test(id)) throw AppError.notFound(DISCOVERY_MESSAGES.notFound);
  const table = tableOf(type);
  // Approving adds the item to its section and rejecting an approved one takes it out: the section's history records either.
  const updated = await deps.db.transaction(async (tx) => {
    const decided = await withSectionHistory(tx, { userId, sectionId: type, by: { source: 'discovery', actor: await providerActor(tx, userId) } }, async () => {
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, id), eq(table.userId, userId), isNotNull(table.discoveredAt)))
        .for('update')
        .limit(1);
      // Someone else's item and an item typed by hand look the same from here: not found.
      if (!row) throw AppError.notFound(DISCOVERY_MESSAGES.notFound);
      const ids = externalIdsOf(type, row);
      const statusColumn = type === 'clinical_trials' ? { userStatus: decision.status } : { status: decision.status };

      const currentStatus = 'userStatus' in row ? row.userStatus : row.status;
      // Approving twice must not move the item to the end of its section again.
      if (decision.status === 'approved' && currentStatus === 'approved') return row;

      if (decision.status === 'approved') {
        const displayOrder = await nextDisplayOrder(tx, type, userId);
        const [next] = await tx
          .update(table)
          .set({ ...statusColumn, rejectionReason: null, displayOrder })
          .where(eq(table.id, id))
          .returning();
        if (ids.length > 0) {
          await tx.delete(rejectedItems).where(and(eq(rejectedItems.userId, userId), eq(rejectedItems.itemType, type), inArray(rejectedItems.externalId, ids)));
        }
        return next!;
      }

      const [next] = await tx
        .update(table)
        .set({ ...statusColumn, rejectionReason: decision.reason })
        .where(eq(table.id, id))
        .returning();
      if (ids.length > 0) {
        const title = 'title' in row ? row.title : row.trialTitle;
        try {
          // A savepoint, so a failure here leaves the rejection itself in place (spec §8: rejected-list failures allow the action).
          await tx.transaction(async (savepoint) => {
            await savepoint
              .insert(rejectedItems)
              .values({
                userId,
                itemType: type,
                externalId: ids[0]!,
                itemTitle: title,
                rejectionReason: decision.reason,
                searchQuery: row.searchQuery,
                confidenceScore: row.confidenceScore,
                metadata: { alternateIds: ids.slice(1), itemId: row.id },
              })
              .onConflictDoUpdate({
                target: [rejectedItems.userId, rejectedItems.itemType, rejectedItems.externalId],
                set: { itemTitle: title, rejectionReason: decision.reason, searchQuery: row.searchQuery, confidenceScore: row.confidenceScore },
              });
          });
        } catch (error) {
          deps.logger.warn({ err: error, type, id }, 'could not add the item to the rejected list');
        }
      }
      return next!;
    });
    // An approved item fills its section (a rejected one may empty it): the stored completion follows in the same transaction.
    await refreshCompletion(tx, userId);
    return decided;
  });
  const evidence = await evidenceFor(deps.db, userId, [updated]);
  const view = type === 'publications' ? publicationItem : type === 'clinical_trials' ? trialItem : mediaItem;
  return view(updated as never, evidence.get(updated.id) ?? null);
}

export async function bulkDecide(
  deps: Pick<DiscoveryDeps, 'db' | 'logger'>,
  userId: string,
  input: { items: Array<{ type: DiscoveryItemType; id: string }>; status: 'approved' | 'rejected'; reason: string | null },
): Promise<DiscoveryBulkResult> {
  let updated = 0;
  let failed = 0;
  let full: string | null = null;
  // One at a time, each in its own transaction: one bad id must not undo the others.
  for (const item of input.items) {
    try {
      await decideItem(deps, userId, item.type, item.id, { status: input.status, reason: input.reason });
      updated += 1;
    } catch (error) {
      failed += 1;
      if (error instanceof AppError && error.code === SECTION_FULL) full ??= error.message;
      else if (!(error instanceof AppError)) deps.logger.warn({ err: error, item }, 'bulk discovery update failed for an item');
    }
  }
  // A full section is worth naming: the provider can act on it.
  const error = full ? `${DISCOVERY_MESSAGES.bulkFailed(failed)}. ${full}` : DISCOVERY_MESSAGES.bulkFailed(failed);
  return failed > 0 ? { updated, failed, error } : { updated, failed };
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────

export async function listDiscoverySessions(db: Database, userId: string, limit: number): Promise<{ items: DiscoverySessionView[] }> {
  const rows = await db
    .select()
    .from(discoverySessions)
    .where(eq(discoverySessions.userId, userId))
    .orderBy(desc(discoverySessions.createdAt), desc(discoverySessions.id))
    .limit(limit);
  return {
    items: rows.map((row) => {
      const meta = row.metadata as {
        runId?: string;
        added?: number;
        skippedRejected?: number;
        skippedExisting?: number;
        errors?: DiscoverySessionView['errors'];
      };
      return {
        id: row.id,
        runId: meta.runId ?? null,
        sessionType: row.sessionType as DiscoveryItemType,
        searchQuery: row.searchQuery,
        totalFound: row.totalFound,
        added: meta.added ?? 0,
        skippedRejected: meta.skippedRejected ?? 0,
        skippedExisting: meta.skippedExisting ?? 0,
        errors: meta.errors ?? [],
        isAutoSearch: row.isAutoSearch,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
