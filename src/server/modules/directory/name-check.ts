import type { NameCheck } from '../../../shared/schemas/directory';

/**
 * Does the name on a profile belong to the person the NPI registry names? Publishing asks it
 * (decision 0020): a profile may not be published under someone else's NPI without the hospital
 * seeing the difference. Tolerated: accents and case ("Núñez" / "NUNEZ"), punctuation and hyphens
 * ("Narvaez-Meza" / "Narvaez Meza"), middle names present on one side only, initials for given names
 * ("J. Adam Shrensel" / "JEFFREY ADAM SHRENSEL"), titles and credentials ("Dr.", "MD", "M.D.").
 */

/** Words that are titles, suffixes or credentials, not names. */
const NOT_NAMES = new Set([
  'dr',
  'doctor',
  'mr',
  'mrs',
  'ms',
  'miss',
  'prof',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'md',
  'do',
  'phd',
  'rn',
  'np',
  'pa',
  'dds',
  'dmd',
  'dpm',
  'od',
  'pharmd',
  'psyd',
  'dnp',
  'mph',
  'ms',
  'msn',
  'crnp',
  'cnm',
  'aprn',
  'fnp',
  'lcsw',
  'msw',
  'mfa',
  'dc',
  'pc',
  'facp',
  'facc',
  'facs',
  'faap',
  'bc',
]);

/** Lower-case ASCII words of a name, without titles and credentials ("M.D." is one word, "md"). */
export function nameWords(name: string): string[] {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Dotted abbreviations become one word before the dots go: "m.d." → "md".
      .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
      .replace(/[^a-z\s'-]+/g, ' ')
      .replace(/['’]/g, '')
      .split(/[\s-]+/)
      .filter((word) => word && !NOT_NAMES.has(word))
  );
}

/** Two given names agree when equal, or when one is the other's initial. */
const sameGiven = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

export interface RegistryName {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
}

/**
 * `match` when every word of the registry's last name is in the profile's name and the registry's
 * first name (or its initial) is one of the profile's other words; otherwise `mismatch`.
 */
export function compareNames(profileName: string, registry: RegistryName): Extract<NameCheck, 'match' | 'mismatch'> {
  const profile = nameWords(profileName);
  const last = nameWords(registry.last_name);
  const first = nameWords(registry.first_name)[0];
  if (!first || last.length === 0) return 'mismatch';
  if (!last.every((word) => profile.includes(word))) return 'mismatch';
  const given = profile.filter((word) => !last.includes(word));
  return given.some((word) => sameGiven(word, first)) ? 'match' : 'mismatch';
}

/** "CLAUDIA VIRGINIA NARVAEZ-MEZA" as the registry writes it, for the approver. */
export const registryFullName = (registry: RegistryName) =>
  [registry.first_name, registry.middle_name, registry.last_name].filter((part) => part && part.trim()).join(' ');
