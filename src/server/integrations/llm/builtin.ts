import { analyzeText, countWords } from '../../../shared/readability';
import type { BiographyWriter, BiographyVersion, ProfileFacts, WriterBrief } from './types';

/*
 * The built-in writer: deterministic prose made only from the provider's profile. Every sentence
 * is a fixed frame around fields that exist; a missing field drops its sentence rather than being
 * written around. To meet the hospital's targets it builds the text in three registers (short plain
 * sentences up to long combined ones) and with longer or shorter lists, keeps the optional sentences
 * that fit the word range in order of importance, and picks the candidate that lands in the range
 * closest to the target grade.
 */

type Style = 'plain' | 'standard' | 'rich';

/** A sentence candidate: `rank` orders importance (lower stays longer), `slot` orders the text. */
interface Piece {
  key: string;
  text: string;
  rank: number;
  slot: number;
  paragraph: number;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const spell = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** Eponyms and names that keep their capital inside a sentence ("Graves disease", "Mohs surgery"). */
const KEEP_CAPITAL = new Set(
  'achilles addison alzheimer angelman asperger barrett bell bentall billroth charcot chiari crohn cushing down dupuytren ebstein ehlers epstein ewing fabry fontan gaucher glenn graves guillain hartmann hashimoto heimlich hirschsprung hodgkin holter huntington kaposi kawasaki klinefelter legg lyme marfan meniere ménière mohs niemann nissen noonan norwood osgood paget parkinson peyronie pompe prader raynaud rett ross roux sjogren sjögren stevens swan tay tourette turner whipple williams wilms wilson'.split(
    ' ',
  ),
);

/**
 * A label as it reads mid-sentence. Entries typed in sentence case ("Heart failure", "Adults")
 * lose their first capital; Title Case names, acronyms, eponyms and possessives ("Crohn's") keep it.
 */
export function inline(label: string): string {
  const value = label.trim();
  const [first = '', ...rest] = value.split(/\s+/);
  if (!/^\p{Lu}[\p{Ll}'’-]*$/u.test(first)) return value;
  if (/['’]s$/i.test(first) || KEEP_CAPITAL.has(first.toLowerCase().replace(/['’-].*$/, ''))) return value;
  const titleCase = rest.some((word) => /^\p{Lu}/u.test(word) && !/^(?:[A-Z]{2,}|[A-Z]\d|\d)/.test(word) && word.length > 3);
  if (titleCase) return value;
  return value.charAt(0).toLowerCase() + value.slice(1);
}

/** "a" or "an" by sound: "an MD", "an oncologist", "a urologist", "a family physician". */
function article(word: string) {
  const first = word.trim().split(/[\s-]/)[0] ?? '';
  if (/^[A-Z]{2,}$/.test(first)) return /^[AEFHILMNORSX]/.test(first) ? 'an' : 'a';
  if (/^(?:uni|use|usu|uro|eu|one|once)/i.test(first)) return 'a';
  if (/^(?:hour|honest|honor)/i.test(first)) return 'an';
  return /^[aeiou]/i.test(first) ? 'an' : 'a';
}

/** "A", "A and B", "A, B, and C"; `cap` keeps the first items. */
function list(items: string[], cap: number, conjunction = 'and') {
  const shown = items.slice(0, Math.max(1, cap));
  if (shown.length <= 1) return shown[0] ?? '';
  if (shown.length === 2) return `${shown[0]} ${conjunction} ${shown[1]}`;
  return `${shown.slice(0, -1).join(', ')}, ${conjunction} ${shown.at(-1)}`;
}

const stripEnd = (text: string) => text.trim().replace(/[.;:,!]+$/, '');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => {
  const body = capitalize(
    text
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.;:])/g, '$1'),
  );
  return /[.!?]$/.test(body) ? body : `${body}.`;
};

/** How the biography names the provider: a full first mention, then name and pronoun in turn. */
class Voice {
  private mentions = 0;
  constructor(
    private readonly facts: ProfileFacts,
    private readonly version: BiographyVersion,
    private readonly tone: string,
  ) {}

  get friendly() {
    return /friend|warm|casual|approach/i.test(this.tone);
  }

  /** "Dr. Ana Ruiz" (public) or "Ana Ruiz, MD" (professional). */
  fullMention() {
    const { facts } = this;
    if (this.version === 'professional' && facts.credentials.length) return `${facts.fullName}, ${facts.credentials.join(', ')},`;
    return facts.isDoctor ? `Dr. ${facts.fullName}` : facts.fullName;
  }

  shortName() {
    const { facts } = this;
    const last = facts.lastName ?? facts.fullName.split(/\s+/).at(-1) ?? facts.fullName;
    if (facts.isDoctor) return `Dr. ${last}`;
    // Without a title, patients are addressed by first name in a friendly text, colleagues by surname.
    if (this.version === 'public' && this.friendly) return facts.preferredName ?? facts.firstName ?? facts.fullName;
    return last;
  }

  /** The subject of the next sentence and whether its verb takes the plural form. */
  subject(): { text: string; plural: boolean } {
    this.mentions += 1;
    const pronouns = this.facts.pronouns;
    if (this.mentions > 1 && pronouns && this.mentions % 2 === 0) return { text: pronouns.subject, plural: pronouns.plural };
    return { text: this.shortName(), plural: false };
  }

  object() {
    return this.facts.pronouns?.object ?? this.shortName();
  }

  possessive() {
    const pronouns = this.facts.pronouns;
    if (pronouns) return pronouns.possessive;
    const name = this.shortName();
    return /s$/.test(name) ? `${name}’` : `${name}’s`;
  }
}

/** Third-person verbs: "treats" for a name or he/she, "treat" for they. */
const verb = (plural: boolean, singular: string, pluralForm: string) => (plural ? pluralForm : singular);

interface BuildOptions {
  style: Style;
  cap: number;
}

function hospitalPhrase(facts: ProfileFacts) {
  return facts.hospitalName ?? facts.practiceName ?? null;
}

function unitPhrase(facts: ProfileFacts) {
  const unit = facts.division ?? facts.department;
  if (!unit) return null;
  return /^(?:the\s|department|division|section|center|centre|institute)/i.test(unit)
    ? /^the\s/i.test(unit)
      ? unit
      : `the ${unit}`
    : `the ${unit} department`;
}

/** "Cardiologist" and "Cardiology" name the same field; saying both reads as a stutter. */
function sameField(title: string, specialty: string) {
  const stem = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .split(' ')
      .filter((w) => w.length > 3)
      .map((w) => w.slice(0, 7));
  const titleStems = new Set(stem(title));
  return stem(specialty).some((s) => titleStems.has(s));
}

/** Named bodies and prizes read with "the": "a member of the American College of Cardiology". */
export function withThe(name: string) {
  if (/^(?:the|a|an)\s/i.test(name)) return name;
  const institutional =
    /\sof\s|\s(?:association|society|college|academy|award|prize|foundation|institute|board|council|federation|league|fellowship|medal|lectureship)$/i;
  return institutional.test(name) ? `the ${name}` : name;
}

/** The opening sentence: who they are, what they do and where. Always kept. */
function intro(facts: ProfileFacts, voice: Voice, version: BiographyVersion): string | null {
  const who = voice.fullMention();
  const specialty = facts.primarySpecialty ? inline(facts.primarySpecialty) : null;
  const title = facts.jobTitle ? inline(facts.jobTitle) : null;
  const place = hospitalPhrase(facts);
  const unit = unitPhrase(facts);
  let role: string | null = null;
  if (version === 'public' && facts.isDoctor && title && specialty && sameField(title, specialty)) role = `${article(title)} ${title}`;
  else if (version === 'public' && facts.isDoctor && specialty) role = `${article(specialty)} ${specialty} doctor`;
  else if (title && specialty && !sameField(title, specialty)) role = `${article(title)} ${title} specializing in ${specialty}`;
  else if (title) role = `${article(title)} ${title}`;
  else if (specialty) role = facts.isDoctor ? `${article(specialty)} ${specialty} physician` : `a clinician specializing in ${specialty}`;
  const where = [version === 'professional' && unit ? `in ${unit}` : null, place ? `at ${place}` : null].filter(Boolean).join(' ');
  if (role) return sentence(`${who} is ${role}${where ? ` ${where}` : ''}`);
  if (place) return sentence(`${who} practices${where ? ` ${where}` : ''}`);
  return null;
}

function buildPieces(facts: ProfileFacts, version: BiographyVersion, tone: string, options: BuildOptions): Piece[] {
  const voice = new Voice(facts, version, tone);
  const pieces: Piece[] = [];
  const { style, cap } = options;
  const pub = version === 'public';
  const add = (key: string, rank: number, slot: number, paragraph: number, text: string | null) => {
    if (text) pieces.push({ key, text: sentence(text), rank, slot, paragraph });
  };
  // Sentence order within the text; ranks differ by audience (patients care about access first).
  const R = pub
    ? {
        focus: 2,
        conditions: 3,
        reasons: 4,
        procedures: 6,
        access: 3,
        languages: 4,
        locations: 5,
        education: 7,
        boards: 6,
        specialties: 8,
        titles: 12,
        research: 11,
        awards: 10,
        memberships: 13,
        affiliations: 12,
        interests: 9,
        volunteer: 10,
        certifications: 14,
        media: 13,
      }
    : {
        focus: 2,
        conditions: 3,
        reasons: 8,
        procedures: 4,
        access: 9,
        languages: 8,
        locations: 10,
        education: 3,
        boards: 3,
        specialties: 5,
        titles: 4,
        research: 5,
        awards: 6,
        memberships: 7,
        affiliations: 9,
        interests: 12,
        volunteer: 11,
        certifications: 8,
        media: 9,
      };

  const opening = intro(facts, voice, version);
  if (!opening) return [];
  pieces.push({ key: 'intro', text: opening, rank: 0, slot: 0, paragraph: 0 });
  voice.subject();

  if (facts.academicTitles.length && !pub) {
    const s = voice.subject();
    add('titles', R.titles, 1, 0, `${s.text} ${verb(s.plural, 'also serves as', 'also serve as')} ${list(facts.academicTitles, cap)}`);
  }

  if (facts.otherSpecialties.length) {
    const s = voice.subject();
    const items = list(facts.otherSpecialties.map(inline), cap);
    add(
      'specialties',
      R.specialties,
      2,
      0,
      pub ? `${s.text} also ${verb(s.plural, 'works in', 'work in')} ${items}` : `${capitalize(voice.possessive())} clinical interests include ${items}`,
    );
  }

  if (facts.practiceFocus && facts.practiceFocus.length <= 240 && !/[.!?]\s+\S/.test(facts.practiceFocus.trim())) {
    const focus = inline(stripEnd(facts.practiceFocus));
    add(
      'focus',
      R.focus,
      3,
      0,
      pub ? `${capitalize(voice.possessive())} care focuses on ${focus}` : `${capitalize(voice.possessive())} practice focuses on ${focus}`,
    );
  }

  const conditions = facts.conditions.map(inline);
  const procedures = facts.procedures.map(inline);
  if (conditions.length && procedures.length && style === 'rich') {
    const s = voice.subject();
    add(
      'conditions',
      R.conditions,
      4,
      0,
      pub
        ? `${s.text} ${verb(s.plural, 'helps', 'help')} patients with ${list(conditions, cap)}, and ${verb(s.plural, 'performs', 'perform')} ${list(procedures, cap)}`
        : `${s.text} ${verb(s.plural, 'manages', 'manage')} conditions including ${list(conditions, cap)}, and ${verb(s.plural, 'performs', 'perform')} procedures such as ${list(procedures, cap)}`,
    );
  } else {
    if (conditions.length) {
      const s = voice.subject();
      const friendly = voice.friendly && pub;
      add(
        'conditions',
        R.conditions,
        4,
        0,
        pub
          ? `${s.text} ${verb(s.plural, friendly ? 'cares for' : 'treats', friendly ? 'care for' : 'treat')} ${friendly ? 'people with ' : ''}${list(conditions, cap)}`
          : `${s.text} ${verb(s.plural, 'treats', 'treat')} conditions including ${list(conditions, cap)}`,
      );
    }
    if (procedures.length) {
      const s = voice.subject();
      add(
        'procedures',
        R.procedures,
        5,
        0,
        pub
          ? `${s.text} also ${verb(s.plural, 'performs', 'perform')} ${list(procedures, cap)}`
          : `${s.text} ${verb(s.plural, 'performs', 'perform')} procedures such as ${list(procedures, cap)}`,
      );
    }
  }

  if (facts.reasonsForVisit.length) {
    add('reasons', R.reasons, 6, 0, `Patients often see ${voice.object()} for ${list(facts.reasonsForVisit.map(inline), cap)}`);
  }

  // Training and credentials.
  const school = facts.education.find((e) => e.kind === 'medical_school');
  const residencies = facts.education.filter((e) => e.kind === 'residency');
  const fellowships = facts.education.filter((e) => e.kind === 'fellowship');
  const schoolText = (() => {
    if (!school?.institution) return null;
    const degree = school.degree ? `${article(school.degree)} ${school.degree}` : pub ? 'a medical degree' : 'a medical degree';
    return `earned ${degree} from ${school.institution}${school.year ? ` in ${school.year}` : ''}`;
  })();
  const trainingText = (entry: (typeof residencies)[number], kind: 'residency' | 'fellowship') => {
    if (!entry.institution && !entry.field) return null;
    const what =
      kind === 'residency'
        ? entry.field
          ? `a residency in ${inline(entry.field)}`
          : 'a residency'
        : entry.field
          ? `a fellowship in ${inline(entry.field)}`
          : 'a fellowship';
    return `${what}${entry.institution ? ` at ${entry.institution}` : ''}`;
  };
  const training = [
    ...residencies.slice(0, 2).map((e) => trainingText(e, 'residency')),
    ...fellowships.slice(0, 2).map((e) => trainingText(e, 'fellowship')),
  ].filter((t): t is string => t !== null);
  if (style === 'plain') {
    if (schoolText) {
      const s = voice.subject();
      add('school', R.education, 7, 1, `${s.text} ${schoolText}`);
    }
    training.forEach((item, index) => {
      const s = voice.subject();
      add(`training-${index}`, R.education + 1 + index, 8 + index / 10, 1, `${s.text} ${verb(s.plural, 'completed', 'completed')} ${item}`);
    });
  } else if (schoolText || training.length) {
    const s = voice.subject();
    const parts = [schoolText, training.length ? `completed ${list(training, style === 'rich' ? 4 : 2)}` : null].filter(Boolean);
    add('education', R.education, 7, 1, `${s.text} ${parts.join(' and ')}`);
  }

  if (facts.boardCertifications.length) {
    const s = voice.subject();
    const withSpecialty = facts.boardCertifications.filter((b) => b.specialty);
    const boardsOnly = facts.boardCertifications.filter((b) => !b.specialty).map((b) => b.board!.replace(/^the\s+/i, ''));
    const specialties = withSpecialty.map((b) =>
      !pub && b.board && style !== 'plain' ? `${b.specialty} by the ${b.board.replace(/^the\s+/i, '')}` : b.specialty!,
    );
    const parts = [specialties.length ? `in ${list(specialties, cap)}` : null, boardsOnly.length ? `by the ${list(boardsOnly, cap)}` : null].filter(Boolean);
    add('boards', R.boards, 9, 1, `${s.text} ${verb(s.plural, 'is', 'are')} board certified ${parts.join(' and ')}`);
  }
  if (facts.certifications.length) {
    const s = voice.subject();
    add(
      'certifications',
      R.certifications,
      9.5,
      1,
      `${s.text} also ${verb(s.plural, 'holds', 'hold')} ${facts.certifications.length === 1 ? 'a certification' : 'certifications'} in ${list(facts.certifications, cap)}`,
    );
  }

  // Research and recognition.
  if (facts.publications.count) {
    const s = voice.subject();
    const journals = facts.publications.journals.length && !pub ? `, in journals including ${list(facts.publications.journals, Math.min(cap, 3))}` : '';
    const n = facts.publications.count;
    add(
      'publications',
      R.research,
      10,
      1,
      `${s.text} ${verb(s.plural, 'has', 'have')} ${pub ? 'written' : 'published'} ${spell(n)} ${n === 1 ? (pub ? 'article' : 'paper') : pub ? 'articles' : 'papers'}${journals}`,
    );
  }
  if (facts.clinicalTrials.count) {
    const s = voice.subject();
    const n = facts.clinicalTrials.count;
    const topics = facts.clinicalTrials.conditions.length
      ? `${pub ? ' on' : ' studying'} ${list(facts.clinicalTrials.conditions.map(inline), Math.min(cap, 3))}`
      : '';
    add('trials', R.research + 1, 11, 1, `${s.text} ${verb(s.plural, 'takes', 'take')} part in ${spell(n)} clinical ${n === 1 ? 'trial' : 'trials'}${topics}`);
  }
  if (facts.awards.length) {
    const awards = facts.awards.map((a) => {
      const detail = [a.organization, a.year].filter(Boolean).join(', ');
      return pub || style === 'plain' || !detail ? withThe(a.name) : `${withThe(a.name)} (${detail})`;
    });
    add(
      'awards',
      R.awards,
      12,
      1,
      pub ? `${capitalize(voice.possessive())} honors include ${list(awards, cap)}` : `${capitalize(voice.possessive())} awards include ${list(awards, cap)}`,
    );
  }
  if (facts.media.count && facts.media.sources.length) {
    add('media', R.media, 12.5, 1, `${capitalize(voice.possessive())} work has been featured in ${list(facts.media.sources, Math.min(cap, 3))}`);
  }
  if (facts.memberships.length) {
    const s = voice.subject();
    add('memberships', R.memberships, 13, 1, `${s.text} ${verb(s.plural, 'is', 'are')} a member of ${list(facts.memberships.map(withThe), cap)}`);
  }

  // Where and how patients can be seen.
  if (facts.acceptingNewPatients !== null || facts.telehealth || facts.videoVisits || facts.ageGroups.length) {
    const bits: string[] = [];
    const s = voice.subject();
    if (facts.acceptingNewPatients === true) bits.push(`${verb(s.plural, 'is', 'are')} accepting new patients`);
    if (facts.acceptingNewPatients === false) bits.push(`${verb(s.plural, 'is', 'are')} not accepting new patients at this time`);
    if (facts.ageGroups.length) bits.push(`${verb(s.plural, 'sees', 'see')} ${list(facts.ageGroups.map(inline), cap)}`);
    if (facts.videoVisits) bits.push(`${verb(s.plural, 'offers', 'offer')} video visits`);
    else if (facts.telehealth) bits.push(`${verb(s.plural, 'offers', 'offer')} telehealth visits`);
    if (style === 'plain' && bits.length > 1) {
      add('access', R.access, 14, 2, `${s.text} ${bits[0]}`);
      bits.slice(1).forEach((bit, index) => {
        const next = voice.subject();
        add(`access-${index}`, R.access + 1, 14 + (index + 1) / 10, 2, `${next.text} ${bit.replace(/^is\b/, verb(next.plural, 'is', 'are'))}`);
      });
    } else if (bits.length) {
      add('access', R.access, 14, 2, `${s.text} ${list(bits, 3)}`);
    }
  }
  if (facts.languages.length && !(facts.languages.length === 1 && /^english$/i.test(facts.languages[0]!))) {
    const s = voice.subject();
    add('languages', R.languages, 15, 2, `${s.text} ${verb(s.plural, 'speaks', 'speak')} ${list(facts.languages, 6)}`);
  }
  if (facts.locations.length) {
    const [first, ...others] = facts.locations;
    const place = [first!.name, first!.city && first!.state ? `in ${first!.city}, ${first!.state}` : first!.city ? `in ${first!.city}` : null]
      .filter(Boolean)
      .join(' ');
    const more = others.length && style !== 'plain' ? ` and ${others.length === 1 ? 'one other location' : `${spell(others.length)} other locations`}` : '';
    add('locations', R.locations, 16, 2, `Patients can see ${voice.object()} at ${place}${more}`);
  }
  if (facts.hospitalAffiliations.length) {
    const s = voice.subject();
    add(
      'affiliations',
      R.affiliations,
      17,
      2,
      `${s.text} ${verb(s.plural, 'is', 'are')} affiliated with ${list(facts.hospitalAffiliations.map(withThe), cap)}`,
    );
  }

  // The person.
  if (facts.volunteerWork && facts.volunteerWork.length <= 200 && !/[.!?]\s+\S/.test(facts.volunteerWork.trim())) {
    add('volunteer', R.volunteer, 18, 3, `${capitalize(voice.possessive())} volunteer work includes ${inline(stripEnd(facts.volunteerWork))}`);
  }
  if (facts.personalInterests && facts.personalInterests.length <= 200 && !/[.!?]\s+\S/.test(facts.personalInterests.trim())) {
    const s = voice.subject();
    add('interests', R.interests, 19, 3, `Outside of work, ${s.text} ${verb(s.plural, 'enjoys', 'enjoy')} ${inline(stripEnd(facts.personalInterests))}`);
  }
  return pieces;
}

interface Candidate {
  text: string;
  words: number;
  grade: number;
  inRange: boolean;
}

/** The most important pieces that fit under `max`; the opening sentence always stays. */
function fit(pieces: Piece[], max: number): Piece[] {
  const byRank = [...pieces].sort((a, b) => a.rank - b.rank || a.slot - b.slot);
  const chosen: Piece[] = [];
  let total = 0;
  for (const piece of byRank) {
    const words = countWords(piece.text);
    if (piece.rank === 0 || total + words <= max) {
      chosen.push(piece);
      total += words;
    }
  }
  return chosen.sort((a, b) => a.slot - b.slot);
}

function compose(pieces: Piece[]): string {
  const paragraphs = new Map<number, string[]>();
  for (const piece of pieces) paragraphs.set(piece.paragraph, [...(paragraphs.get(piece.paragraph) ?? []), piece.text]);
  // Short texts read better as one paragraph; longer ones break where the subject changes.
  const total = pieces.reduce((sum, piece) => sum + countWords(piece.text), 0);
  const blocks = [...paragraphs.entries()].sort(([a], [b]) => a - b).map(([, texts]) => texts.join(' '));
  if (total < 90) return blocks.join(' ');
  // Fold tiny trailing paragraphs into the one before.
  const merged: string[] = [];
  for (const block of blocks) {
    if (merged.length && countWords(block) < 25) merged[merged.length - 1] = `${merged.at(-1)} ${block}`;
    else merged.push(block);
  }
  return merged.join('\n\n');
}

const STYLES: Style[] = ['plain', 'standard', 'rich'];
const CAPS = [2, 3, 4, 6, 8];

export function writeBuiltIn(brief: Pick<WriterBrief, 'facts' | 'version' | 'targets'>): { text: string; notes: string[] } {
  const { facts, version, targets } = brief;
  const candidates: Candidate[] = [];
  for (const style of STYLES) {
    for (const cap of CAPS) {
      const pieces = buildPieces(facts, version, targets.tone, { style, cap });
      if (pieces.length === 0) continue;
      const text = compose(fit(pieces, targets.wordCountMax));
      const stats = analyzeText(text);
      candidates.push({ text, words: stats.words, grade: stats.grade, inRange: stats.words >= targets.wordCountMin && stats.words <= targets.wordCountMax });
    }
  }
  if (candidates.length === 0) {
    return {
      text: '',
      notes: ['Your profile does not have enough details to write a biography yet. Add your job title, specialty or hospital in Professional Identity first.'],
    };
  }
  const middle = (targets.wordCountMin + targets.wordCountMax) / 2;
  const rangeGap = (c: Candidate) => (c.inRange ? 0 : c.words < targets.wordCountMin ? targets.wordCountMin - c.words : c.words - targets.wordCountMax);
  candidates.sort(
    (a, b) =>
      rangeGap(a) - rangeGap(b) ||
      Math.abs(a.grade - targets.readingLevel) - Math.abs(b.grade - targets.readingLevel) ||
      Math.abs(a.words - middle) - Math.abs(b.words - middle),
  );
  const best = candidates[0]!;
  const notes: string[] = [];
  if (best.words < targets.wordCountMin) {
    const missing = whatToAdd(facts);
    notes.push(
      `This draft is ${best.words} words, short of the ${targets.wordCountMin}–${targets.wordCountMax} asked for: your profile does not hold enough yet for a longer one, and Vitae does not make things up.` +
        (missing.length ? ` To reach the length, add ${list(missing, missing.length)}.` : ' Add more detail to your profile sections to reach the length.'),
    );
  }
  return { text: best.text, notes };
}

/**
 * What the profile lacks that the writer would use, in plain words and where to add it, most words
 * first: the note under a short draft names these instead of a generic "add more" (issue 35 item 9).
 */
export function whatToAdd(facts: ProfileFacts): string[] {
  const missing: string[] = [];
  const hasSchool = facts.education.some((e) => e.kind === 'medical_school' && e.institution);
  const hasTraining = facts.education.some((e) => e.kind === 'residency' || e.kind === 'fellowship');
  if (!hasSchool || !hasTraining)
    missing.push(
      `your ${!hasSchool && !hasTraining ? 'medical school and residency' : !hasSchool ? 'medical school' : 'residency or fellowship'} (Education & Training)`,
    );
  if (facts.conditions.length + facts.procedures.length < 3) missing.push('the conditions you treat and procedures you perform (Medical Expertise)');
  if (!facts.practiceFocus) missing.push('your practice focus (Practice Essentials)');
  if (facts.boardCertifications.length === 0) missing.push('your board certifications (Professional Identity)');
  if (facts.acceptingNewPatients === null && facts.ageGroups.length === 0)
    missing.push('whether you accept new patients and the ages you see (Practice Essentials)');
  if (facts.locations.length === 0) missing.push('where you see patients (Locations)');
  if (!facts.languages.some((language) => !/^english$/i.test(language))) missing.push('any languages you speak besides English (Practice Essentials)');
  if (facts.awards.length === 0 && facts.memberships.length === 0) missing.push('awards or memberships (Biography)');
  if (!facts.personalInterests) missing.push('a few personal interests (Biography)');
  return missing.slice(0, 4);
}

export function createBuiltInWriter(): BiographyWriter {
  return {
    kind: 'built-in',
    write: async (brief) => writeBuiltIn(brief),
  };
}
