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
    'OTR', 'OTR/L', 'SLP', 'CCC-SLP', 'LCSW', 'LMFT', 'LPC', 'PSYD', 'EDD', 'AUD', 'RD', 'CDE', 'JD', 'JR', 'SR', 'II', 'III',
  ],
);

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
  // "Jane Q. Smith, MD, PhD" → tokens; commas only ever separate the name from credentials.
  const tokens = input.replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
  const credentials: string[] = [];
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
    break;
  }
  while (tokens.length > 1 && TITLE_PREFIXES.has(tokens[0]!.toUpperCase())) tokens.shift();
  const nameTokens = tokens.filter((token) => token !== ',');
  const fullName = nameTokens.join(' ');
  const firstName = nameTokens[0] ?? '';
  const lastName = nameTokens.length > 1 ? nameTokens.at(-1)! : '';
  return { fullName, firstName, lastName, credentials };
}
