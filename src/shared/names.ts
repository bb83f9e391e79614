/**
 * Turning a typed full name into profile names (access spec §4, sign-in completion step 2):
 * trailing credentials such as MD, DO, PhD or RN are stripped, a leading "Dr." is dropped, and
 * the rest is split into first and last name.
 */

const CREDENTIALS = new Set(
  [
    'MD', 'DO', 'PHD', 'RN', 'NP', 'PA', 'PA-C', 'DNP', 'MBBS', 'MBCHB', 'FACS', 'FACP', 'FACC', 'FAAP', 'FAAFP',
    'MPH', 'MS', 'MSC', 'MBA', 'MA', 'BS', 'BSN', 'MSN', 'DDS', 'DMD', 'PHARMD', 'RPH', 'APRN', 'CRNA', 'LPN',
    'FNP', 'FNP-BC', 'FNP-C', 'ANP', 'ANP-BC', 'AGNP', 'PMHNP', 'CNM', 'CNS', 'OD', 'DPM', 'DC', 'PT', 'DPT', 'OT',
    'OTR', 'OTR/L', 'SLP', 'CCC-SLP', 'LCSW', 'LMFT', 'LPC', 'PSYD', 'EDD', 'AUD', 'RD', 'CDE', 'JD',
  ],
);

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
 * "M.A. BCBA", "DC PC" are several. Commas, semicolons and spaces separate them; periods inside one
 * ("M.D.") do not.
 */
export function splitCredentials(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && /[\p{L}\p{N}]/u.test(part));
}

/** "MAC" names that are not Mac + a capitalised name ("Machado", not "MacHado"). */
const PLAIN_MAC = new Set(['MACE', 'MACK', 'MACKEY', 'MACY', 'MACON', 'MACHADO', 'MACHIN', 'MACIAS', 'MACIEL', 'MACEDO', 'MACARIO', 'MACHUCA', 'MACKIE', 'MACKS', 'MACRI', 'MACCHIA']);

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
