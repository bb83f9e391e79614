/**
 * How sure discovery is that a found publication, trial or media item is about this provider.
 *
 * The score adds up evidence that can be checked from both sides: the provider's profile and what
 * the source returned. Each check is a signal with a weight; a signal that cannot be computed
 * (the source names nobody, the profile has no specialty…) is left out rather than guessed.
 *
 * | signal          | matched                          | weight | conflicting                    | weight |
 * |-----------------|----------------------------------|--------|--------------------------------|--------|
 * | last_name       | same last name                   | +0.35  | nobody with that last name     | 0      |
 * | first_name      | full first name                  | +0.20  | other first name / initial     | −0.15  |
 * |                 | first initial only               | +0.12  |                                |        |
 * | middle_initial  | same middle initial              | +0.10  | other middle initial           | −0.10  |
 * | affiliation     | hospital / organisation tokens   | +0.15  | not found                      | 0      |
 * | specialty       | specialty keyword in the topic   | +0.15  | not found                      | 0      |
 * | orcid           | the item lists the provider's ORCID | +0.30 | —                            |        |
 *
 * Every computed score starts from 0.05 and is clamped to [0, 1]. Only when no signal at all can be
 * computed does the item get the specification's default confidence, 0.8.
 */

export const DEFAULT_CONFIDENCE = 0.8;

const BASE = 0.05;

export const SIGNAL_WEIGHTS = {
  lastName: 0.35,
  firstName: 0.2,
  firstInitial: 0.12,
  firstConflict: -0.15,
  middleInitial: 0.1,
  middleConflict: -0.1,
  affiliation: 0.15,
  specialty: 0.15,
  orcid: 0.3,
} as const;

export const SIGNAL_KEYS = ['last_name', 'first_name', 'middle_initial', 'affiliation', 'specialty', 'orcid'] as const;
export type SignalKey = (typeof SIGNAL_KEYS)[number];

export const SIGNAL_LABELS: Record<SignalKey, string> = {
  last_name: 'Last name',
  first_name: 'First name',
  middle_initial: 'Middle initial',
  affiliation: 'Affiliation',
  specialty: 'Specialty',
  orcid: 'ORCID iD',
};

export interface MatchSignal {
  key: SignalKey;
  matched: boolean;
  /** What was compared, in words the provider can check ("Doe JM" on the author list). */
  detail: string;
  /** What the signal added to (or took from) the score. */
  weight: number;
}

export interface MatchEvidence {
  score: number;
  signals: MatchSignal[];
  /** True when no signal could be computed and the score is the default. */
  defaulted: boolean;
}

/** A person named on an item. `initials` holds the first and middle initials, e.g. "JM". */
export interface PersonName {
  last: string;
  first: string | null;
  initials: string;
  /** As the source wrote it, for the evidence text. */
  display: string;
}

export interface ProviderMatchProfile {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** Hospital, organisation and practice names. */
  affiliations: string[];
  /** Specialty names and their search keywords. */
  specialtyKeywords: string[];
}

export interface CandidateMatchData {
  /** Authors or trial officials. */
  people?: PersonName[];
  /** Text that may mention the provider by name when the source lists no people (a news page). */
  mentionText?: string | null;
  /** Where the item says its people work (trial officials' affiliations, sites, sponsor, page text). */
  affiliationText?: string | null;
  /**
   * Set when the source itself checked the affiliation (a PubMed search narrowed by [Affiliation]):
   * true for hits of that search, false for items only the broad search found.
   */
  affiliationConfirmed?: { matched: boolean; affiliation: string } | null;
  /** Title, journal, conditions: where specialty keywords are looked for. */
  topicText?: string | null;
  /** The item was found by the provider's ORCID iD. */
  orcidConfirmed?: boolean;
}

// ── Normalisation ───────────────────────────────────────────────────────────────────────────

/** Lower case, no accents, letters and digits only, single spaces ("García-López" → "garcia lopez"). */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const CREDENTIAL_SUFFIXES = new Set([
  'md',
  'do',
  'phd',
  'mph',
  'ms',
  'msc',
  'mba',
  'ma',
  'rn',
  'np',
  'pa',
  'pac',
  'dnp',
  'mbbs',
  'mbchb',
  'facs',
  'facp',
  'facc',
  'faap',
  'frcpc',
  'frcp',
  'frcs',
  'pharmd',
  'drph',
  'dds',
  'dmd',
  'bsn',
  'msn',
  'aprn',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'prof',
  'dr',
]);

/** Generational suffixes PubMed writes after the initials ("Kane JL Jr", "Hambrick GW 3rd"). */
const PUBMED_NAME_SUFFIX = /^(jr|sr|ii|iii|iv|2nd|3rd|4th)\.?$/i;

/** PubMed's "Lastname FM" author form (initials without dots, a suffix after them). Collective names give null. */
export function parsePubmedAuthor(name: string): PersonName | null {
  const tokens = name.trim().split(/\s+/);
  // Only after initials: "Smith II" alone is a person with the initials I and I.
  if (tokens.length >= 3 && PUBMED_NAME_SUFFIX.test(tokens.at(-1)!) && /^[A-Z]{1,3}$/.test(tokens.at(-2)!)) tokens.pop();
  if (tokens.length < 2) return null;
  const initials = tokens.at(-1)!;
  if (!/^[A-Z]{1,3}$/.test(initials)) return null;
  return { last: tokens.slice(0, -1).join(' '), first: null, initials, display: name.trim() };
}

/** "Jane M. Doe, MD", "Dr. Jane Doe", "DOE, Jane M" → last, first, initials. */
export function parsePersonName(name: string): PersonName | null {
  const display = name.trim();
  if (!display) return null;
  let working = display;
  // "Doe, Jane M" (comma after the first token and no credential after the comma) is last-name-first.
  const commaParts = working
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (commaParts.length >= 2 && commaParts[0]!.split(/\s+/).length === 1 && !CREDENTIAL_SUFFIXES.has(normalizeText(commaParts[1]!).replace(/ /g, ''))) {
    working = `${commaParts.slice(1).join(' ')} ${commaParts[0]}`;
  } else {
    working = commaParts[0] ?? working;
  }
  const raw = working.split(/\s+/).filter(Boolean);
  const isCredential = (token: string) => CREDENTIAL_SUFFIXES.has(token.toLowerCase().replace(/[.-]/g, ''));
  while (raw.length > 1 && /^(dr|prof)\.?$/i.test(raw[0]!)) raw.shift();
  // A two-letter credential counts only in capitals or with dots, so "Anh Do" keeps its last name.
  const trailingCredential = (token: string) => isCredential(token) && (token.length > 2 || /\./.test(token) || token === token.toUpperCase());
  while (raw.length > 1 && trailingCredential(raw.at(-1)!)) raw.pop();
  const tokens = raw.map((token) => token.replace(/[.,]/g, '')).filter(Boolean);
  if (tokens.length < 2) return null;
  const first = tokens[0]!;
  const last = tokens.at(-1)!;
  const middles = tokens.slice(1, -1);
  const initials = [first, ...middles].map((token) => token[0]!.toUpperCase()).join('');
  return { last, first: first.length > 1 ? first : null, initials, display };
}

function middleInitialOf(middleName: string | null): string | null {
  const cleaned = normalizeText(middleName ?? '');
  return cleaned ? cleaned[0]!.toUpperCase() : null;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function containsWord(haystack: string, needle: string) {
  if (!needle) return false;
  return new RegExp(`(^| )${escapeRegExp(needle)}( |$)`).test(haystack);
}

// ── Affiliation and specialty tokens ────────────────────────────────────────────────────────

/** Words every hospital name shares; matching on them would make every item look local. */
const GENERIC_AFFILIATION_WORDS = new Set([
  'hospital',
  'hospitals',
  'health',
  'healthcare',
  'medical',
  'medicine',
  'center',
  'centre',
  'centers',
  'university',
  'college',
  'school',
  'of',
  'the',
  'and',
  'at',
  'for',
  'in',
  'system',
  'systems',
  'clinic',
  'clinics',
  'institute',
  'foundation',
  'group',
  'inc',
  'llc',
  'department',
  'dept',
  'division',
  'st',
  'saint',
  'general',
  'memorial',
  'regional',
  'community',
  'network',
  'associates',
  'practice',
  'physicians',
  'care',
  'services',
  'campus',
  'main',
  'north',
  'south',
  'east',
  'west',
]);

/** The distinctive words of an affiliation ("Northfield Health" → ["northfield"]). */
export function affiliationTokens(affiliation: string): string[] {
  return normalizeText(affiliation)
    .split(' ')
    .filter((token) => token.length >= 3 && !GENERIC_AFFILIATION_WORDS.has(token));
}

const GENERIC_SPECIALTY_WORDS = new Set([
  'medicine',
  'medical',
  'surgery',
  'surgical',
  'general',
  'family',
  'clinical',
  'specialist',
  'physician',
  'care',
  'practice',
  'disease',
  'diseases',
  'and',
  'of',
  'the',
  'internal',
  'services',
  'health',
  'other',
  'primary',
  'adult',
  'specialty',
]);

/** A regex for one keyword; "-ology" and "-ics" words also match their other forms (cardiology → cardiologic). */
function keywordPattern(keyword: string): RegExp | null {
  const normalized = normalizeText(keyword);
  if (normalized.length < 3) return null;
  if (normalized.includes(' ')) return new RegExp(`(^| )${escapeRegExp(normalized)}( |$)`);
  if (normalized.endsWith('ology')) return new RegExp(`(^| )${escapeRegExp(normalized.slice(0, -1))}`);
  if (normalized.endsWith('ics')) return new RegExp(`(^| )${escapeRegExp(normalized.slice(0, -1))}`);
  return new RegExp(`(^| )${escapeRegExp(normalized)}s?( |$)`);
}

/** Keywords from specialty names: the whole name plus its distinctive words ("Cardiovascular Disease" → "cardiovascular"). */
export function specialtyKeywords(specialties: string[]): string[] {
  const keywords = new Set<string>();
  for (const specialty of specialties) {
    const normalized = normalizeText(specialty);
    if (!normalized) continue;
    keywords.add(normalized);
    for (const word of normalized.split(' ')) if (word.length >= 4 && !GENERIC_SPECIALTY_WORDS.has(word)) keywords.add(word);
  }
  return [...keywords];
}

// ── Scoring ─────────────────────────────────────────────────────────────────────────────────

function nameSignals(provider: ProviderMatchProfile, candidate: CandidateMatchData): MatchSignal[] {
  const last = normalizeText(provider.lastName ?? '');
  if (!last) return [];
  const first = normalizeText(provider.firstName ?? '');
  const firstInitial = first ? first[0]!.toUpperCase() : null;
  const middleInitial = middleInitialOf(provider.middleName);
  const people = candidate.people ?? [];

  if (people.length > 0) {
    const sameLast = people.filter((person) => normalizeText(person.last) === last);
    if (sameLast.length === 0) {
      return [{ key: 'last_name', matched: false, detail: `No one named ${provider.lastName} is listed`, weight: 0 }];
    }
    // The listed person that agrees most with the provider is the one the item is about.
    const ranked = sameLast.map((person) => ({ person, signals: personSignals(person) })).sort((a, b) => total(b.signals) - total(a.signals));
    return ranked[0]!.signals;
  }

  const mention = normalizeText(candidate.mentionText ?? '');
  if (!mention) return [];
  if (first && containsWord(mention, `${first} ${last}`)) {
    return [
      { key: 'last_name', matched: true, detail: `The page mentions ${provider.firstName} ${provider.lastName}`, weight: SIGNAL_WEIGHTS.lastName },
      { key: 'first_name', matched: true, detail: `The page mentions ${provider.firstName} ${provider.lastName}`, weight: SIGNAL_WEIGHTS.firstName },
    ];
  }
  if (containsWord(mention, last)) {
    return [{ key: 'last_name', matched: true, detail: `The page mentions ${provider.lastName}`, weight: SIGNAL_WEIGHTS.lastName }];
  }
  return [{ key: 'last_name', matched: false, detail: `The page does not mention ${provider.lastName}`, weight: 0 }];

  function personSignals(person: PersonName): MatchSignal[] {
    const signals: MatchSignal[] = [{ key: 'last_name', matched: true, detail: `${person.display} is listed`, weight: SIGNAL_WEIGHTS.lastName }];
    const personFirst = normalizeText(person.first ?? '');
    const personFirstInitial = person.initials[0] ?? null;
    if (first && personFirst) {
      const matched = personFirst === first;
      signals.push({
        key: 'first_name',
        matched,
        detail: matched ? `First name ${person.first} matches` : `First name ${person.first} differs from ${provider.firstName}`,
        weight: matched ? SIGNAL_WEIGHTS.firstName : SIGNAL_WEIGHTS.firstConflict,
      });
    } else if (firstInitial && personFirstInitial) {
      const matched = personFirstInitial === firstInitial;
      signals.push({
        key: 'first_name',
        matched,
        detail: matched ? `First initial ${personFirstInitial} matches` : `First initial ${personFirstInitial} differs from ${firstInitial}`,
        weight: matched ? SIGNAL_WEIGHTS.firstInitial : SIGNAL_WEIGHTS.firstConflict,
      });
    }
    const personMiddle = person.initials[1] ?? null;
    if (middleInitial && personMiddle) {
      const matched = personMiddle === middleInitial;
      signals.push({
        key: 'middle_initial',
        matched,
        detail: matched ? `Middle initial ${personMiddle} matches` : `Middle initial ${personMiddle} differs from ${middleInitial}`,
        weight: matched ? SIGNAL_WEIGHTS.middleInitial : SIGNAL_WEIGHTS.middleConflict,
      });
    }
    return signals;
  }
}

function total(signals: MatchSignal[]) {
  return signals.reduce((sum, signal) => sum + signal.weight, 0);
}

function affiliationSignal(provider: ProviderMatchProfile, candidate: CandidateMatchData): MatchSignal | null {
  if (candidate.affiliationConfirmed) {
    const { matched, affiliation } = candidate.affiliationConfirmed;
    return {
      key: 'affiliation',
      matched,
      detail: matched ? `PubMed lists an author at ${affiliation}` : `Not found in PubMed's search narrowed to ${affiliation}`,
      weight: matched ? SIGNAL_WEIGHTS.affiliation : 0,
    };
  }
  const text = normalizeText(candidate.affiliationText ?? '');
  const affiliations = provider.affiliations.map((name) => ({ name, tokens: affiliationTokens(name) })).filter((a) => a.tokens.length > 0);
  if (!text || affiliations.length === 0) return null;
  const hit = affiliations.find((a) => a.tokens.every((token) => containsWord(text, token)));
  return hit
    ? { key: 'affiliation', matched: true, detail: `Mentions ${hit.name}`, weight: SIGNAL_WEIGHTS.affiliation }
    : { key: 'affiliation', matched: false, detail: `No mention of ${affiliations.map((a) => a.name).join(' or ')}`, weight: 0 };
}

function specialtySignal(provider: ProviderMatchProfile, candidate: CandidateMatchData): MatchSignal | null {
  const text = normalizeText(candidate.topicText ?? '');
  const keywords = provider.specialtyKeywords.filter((k) => normalizeText(k).length >= 3);
  if (!text || keywords.length === 0) return null;
  const hit = keywords.find((keyword) => keywordPattern(keyword)?.test(text));
  return hit
    ? { key: 'specialty', matched: true, detail: `Topic mentions “${hit}”`, weight: SIGNAL_WEIGHTS.specialty }
    : { key: 'specialty', matched: false, detail: 'No specialty keyword in the title or topic', weight: 0 };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The confidence that an item belongs to the provider, with the signals behind it. */
export function scoreMatch(provider: ProviderMatchProfile, candidate: CandidateMatchData): MatchEvidence {
  const signals: MatchSignal[] = [...nameSignals(provider, candidate)];
  const affiliation = affiliationSignal(provider, candidate);
  if (affiliation) signals.push(affiliation);
  const specialty = specialtySignal(provider, candidate);
  if (specialty) signals.push(specialty);
  if (candidate.orcidConfirmed) signals.push({ key: 'orcid', matched: true, detail: 'Found by your ORCID iD', weight: SIGNAL_WEIGHTS.orcid });
  if (signals.length === 0) return { score: DEFAULT_CONFIDENCE, signals, defaulted: true };
  const score = Math.min(1, Math.max(0, BASE + total(signals)));
  return { score: round(score), signals: signals.map((s) => ({ ...s, weight: round(s.weight) })), defaulted: false };
}

/** Words for a confidence value, as the review screen shows them. */
export function confidenceLabel(score: number): 'High' | 'Medium' | 'Low' {
  if (score >= 0.75) return 'High';
  if (score >= 0.45) return 'Medium';
  return 'Low';
}
