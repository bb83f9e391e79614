/**
 * Turning a typed full name into profile names (access spec §4, sign-in completion step 2):
 * trailing credentials such as MD, DO, PhD or RN are stripped, a leading "Dr." is dropped, and
 * the rest is split into first and last name.
 */

/**
 * Credentials as they are written when written in one piece, the known vocabulary both for stripping
 * them off a typed name and for putting back together one the registry has in pieces ("M. D.").
 */
const CREDENTIAL_SPELLINGS = [
  'MD',
  'DO',
  'PhD',
  'RN',
  'NP',
  'PA',
  'PA-C',
  'DNP',
  'MBBS',
  'MBChB',
  'FACS',
  'FACP',
  'FACC',
  'FAAP',
  'FAAFP',
  'MPH',
  'MS',
  'MSc',
  'MBA',
  'MA',
  'BS',
  'BSN',
  'MSN',
  'DDS',
  'DMD',
  'PharmD',
  'RPh',
  'APRN',
  'CRNA',
  'LPN',
  'FNP',
  'FNP-BC',
  'FNP-C',
  'ANP',
  'ANP-BC',
  'AGNP',
  'PMHNP',
  'CNM',
  'CNS',
  'OD',
  'DPM',
  'DC',
  'PT',
  'DPT',
  'OT',
  'OTR',
  'OTR/L',
  'SLP',
  'CCC-SLP',
  'LCSW',
  'LMFT',
  'LPC',
  'PsyD',
  'EdD',
  'AuD',
  'RD',
  'CDE',
  'JD',
  'LAc',
  'DrPH',
  'ScD',
  'MSW',
  'LCPC',
  'LMHC',
  'CPNP',
  'GNP',
  'BCBA',
  'CCC-A',
  'MEd',
  'DAOM',
  'DACM',
];

/** Key → spelling: capitals, no periods ("Ph.D." and "PHD" are the same credential). */
const CREDENTIALS = new Map(CREDENTIAL_SPELLINGS.map((spelling) => [normaliseToken(spelling), spelling]));

/** Generational suffixes: part of the name (kept in the full name), not credentials. */
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);

const TITLE_PREFIXES = new Set(['DR', 'DR.', 'DOCTOR', 'PROF', 'PROF.']);

function normaliseToken(token: string) {
  return token.replace(/\./g, '').replace(/,$/, '').toUpperCase();
}

export interface SplitName {
  fullName: string;
  firstName: string;
  lastName: string;
  credentials: string[];
}

export function splitProviderName(input: string): SplitName {
  // "Jane Q. Smith Jr., MD, PhD" → tokens; commas only ever separate the name from credentials and suffix.
  const tokens = input.replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
  const credentials: string[] = [];
  let suffix: string | null = null;
  while (tokens.length > 1) {
    const last = tokens.at(-1)!;
    if (last === ',') {
      tokens.pop();
      continue;
    }
    if (CREDENTIALS.has(normaliseToken(last))) {
      credentials.unshift(last.replace(/,$/, ''));
      tokens.pop();
      continue;
    }
    if (!suffix && tokens.length > 2 && SUFFIXES.has(normaliseToken(last))) {
      suffix = last.replace(/,$/, '');
      tokens.pop();
      continue;
    }
    break;
  }
  while (tokens.length > 1 && TITLE_PREFIXES.has(tokens[0]!.toUpperCase())) tokens.shift();
  const nameTokens = tokens.filter((token) => token !== ',');
  const fullName = [...nameTokens, ...(suffix ? [suffix] : [])].join(' ');
  const firstName = nameTokens[0] ?? '';
  const lastName = nameTokens.length > 1 ? nameTokens.at(-1)! : '';
  return { fullName, firstName, lastName, credentials };
}

/**
 * Credentials as the registry writes them in one field: "MD, PHD", "RN LPN", "MA LPC SCL NCC",
 * "M.A. BCBA", "DC PC" are several. Commas and semicolons always separate them. Spaces usually do, but
 * some people type one credential with a space inside: "M. D.", "Pharm D", "L. Ac." (issue 37 counted
 * three in 230 real registry records). So pieces next to each other that together spell a credential of the vocabulary
 * above, while not each being one on their own, are that one credential ("M." + "D." → MD, "Pharm" +
 * "D" → PharmD), given in the vocabulary's spelling. "RN LPN" stays two, since "RNLPN" is nothing
 * (and RN and LPN are each credentials); "OTR/L" has no space and stays one. Periods inside one piece
 * ("M.D.") never separate.
 */
export function splitCredentials(text: string | null | undefined): string[] {
  const credentials: string[] = [];
  for (const group of (text ?? '').split(/[,;]+/)) {
    const pieces = group.split(/\s+/).filter((part) => part.length > 0 && /[\p{L}\p{N}]/u.test(part));
    let index = 0;
    while (index < pieces.length) {
      const joined = joinedCredential(pieces, index);
      credentials.push(joined?.spelling ?? pieces[index]!);
      index += joined?.count ?? 1;
    }
  }
  return credentials;
}

/** The longest run of pieces from `start` (up to four: "M. S. N.") that is one credential written apart. */
function joinedCredential(pieces: string[], start: number): { spelling: string; count: number } | null {
  for (let count = Math.min(4, pieces.length - start); count >= 2; count -= 1) {
    const run = pieces.slice(start, start + count);
    const spelling = CREDENTIALS.get(run.map(normaliseToken).join(''));
    if (spelling && !run.every((piece) => CREDENTIALS.has(normaliseToken(piece)))) return { spelling, count };
  }
  return null;
}

/** "MAC" names that are not Mac + a capitalised name ("Machado", not "MacHado"). */
const PLAIN_MAC = new Set([
  'MACE',
  'MACK',
  'MACKEY',
  'MACY',
  'MACON',
  'MACHADO',
  'MACHIN',
  'MACIAS',
  'MACIEL',
  'MACEDO',
  'MACARIO',
  'MACHUCA',
  'MACKIE',
  'MACKS',
  'MACRI',
  'MACCHIA',
]);

function caseWord(word: string): string {
  const lower = word.toLowerCase();
  const capital = lower.charAt(0).toUpperCase() + lower.slice(1);
  const upper = word.toUpperCase();
  if (/^MC\p{L}{2,}$/u.test(upper)) return `Mc${upper.charAt(2)}${lower.slice(3)}`;
  if (/^MAC\p{L}{3,}$/u.test(upper) && !PLAIN_MAC.has(upper)) return `Mac${upper.charAt(3)}${lower.slice(4)}`;
  return capital;
}

/**
 * A name the registry sends in capitals, cased as people write it: "MARGARET" → "Margaret",
 * "MCCRANIE" → "McCranie", "MACDONALD" → "MacDonald", "O'NEIL-SMITH" → "O'Neil-Smith",
 * "NARVAEZ-MEZA" → "Narvaez-Meza". A name already in mixed case is the person's own spelling and is kept.
 */
export function caseRegistryName(value: string): string {
  if (value !== value.toUpperCase()) return value;
  return value.replace(/\p{L}+/gu, (word) => caseWord(word));
}

/** Two letters for an avatar: first and last word of the name ("Robin Joiner" → "RJ"), else the fallback's first letter. */
export function initialsOf(name: string | null | undefined, fallback = '?'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.[0] ?? fallback[0] ?? '?');
  return letters.toUpperCase();
}
