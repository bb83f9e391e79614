// The public directory's two languages (decision 0022): English at /find…, Spanish at /es/find….
// An unprefixed page goes to Spanish when the visitor chose it (the switch's cookie) or, without a
// choice, when the browser's Accept-Language prefers Spanish to English.
import { IntlMessageFormat } from 'intl-messageformat';
import Negotiator from 'negotiator';
import { CATALOGUE, LOCALES, type Locale, type MessageKey } from './messages';
import conditionNamesEs from './condition-names-es.json';
import specialtyNamesEs from './specialty-names-es.json';

export { LOCALES, type Locale, type MessageKey };

/** The switch's cookie: the visitor's explicit choice, which outranks Accept-Language. */
export const LOCALE_COOKIE = 'vitae_lang';
/** The query parameter the switch's links carry (`?hl=es`): sets the cookie, then redirects to the clean URL. */
export const SWITCH_PARAM = 'hl';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The path prefix of a language: English keeps the original URLs. */
export const localePrefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
/** A directory path (`/find/…`) in a language. */
export const localePath = (locale: Locale, path: string) => `${localePrefix(locale)}${path}`;
/** The language of a request path, and the path without its prefix. */
export function splitLocale(path: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return { locale, path: path.slice(prefix.length) || '/' };
  }
  return { locale: 'en', path };
}

/**
 * The language Accept-Language prefers among ours (negotiator: weights, `es-MX` counts as Spanish,
 * ties keep the header's order); null without the header or when it names neither.
 */
export function negotiateLocale(header: string | undefined | null): Locale | null {
  if (!header?.trim()) return null;
  const [best] = new Negotiator({ headers: { 'accept-language': header.slice(0, 500) } }).languages([...LOCALES]);
  return isLocale(best) ? best : null;
}

const formats = new Map<string, IntlMessageFormat>();

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The catalogue's message in a language, formatted (parsed once per message and kept). */
export function translator(locale: Locale): Translate {
  return (key, values) => {
    const id = `${locale}:${key}`;
    let format = formats.get(id);
    if (!format) {
      format = new IntlMessageFormat(CATALOGUE[locale][key], locale);
      formats.set(id, format);
    }
    return String(format.format(values));
  };
}

const languageNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A language's name from its ISO 639 code, in the page's language, from Unicode CLDR (the data in
 * Node's ICU, which carries both English and Spanish names); the name we hold when CLDR has none.
 * Spanish language names are lower-case in running text; a list item starts with a capital.
 */
export function languageName(code: string, fallback: string, locale: Locale) {
  if (locale === 'en') return fallback;
  let names = languageNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    languageNames.set(locale, names);
  }
  let name: string | undefined;
  try {
    name = names.of(code);
  } catch {
    name = undefined;
  }
  return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : fallback;
}

const CONDITION_NAMES: Partial<Record<Locale, Record<string, string>>> = { es: conditionNamesEs as Record<string, string> };

/**
 * A condition or reason for a visit from the reference list (`CON-I10`, `REAS-R51`: an ICD-10
 * category) in the page's language, from the ICD-10's Spanish titles (CIE-10,
 * condition-names-es.json); null for procedures, hospitals' own terms and codes the Spanish list
 * lacks, which keep the name the profile holds.
 */
export function conditionName(termId: string | null, locale: Locale): string | null {
  if (locale === 'en' || !termId) return null;
  const code = /^(?:CON|REAS)-([A-Z][0-9][0-9A-Z])$/.exec(termId)?.[1];
  return code ? (CONDITION_NAMES[locale]?.[code] ?? null) : null;
}

/** The form a specialty name is looked up in: trimmed, lower case, one space, "&" written "and". */
const specialtyKey = (name: string) =>
  name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*&\s*/g, ' and ')
    .toLowerCase();

const SPECIALTY_NAMES: Partial<Record<Locale, Map<string, string>>> = {
  es: new Map(Object.entries(specialtyNamesEs as Record<string, string>).map(([en, es]) => [specialtyKey(en), es])),
};

function lookUpSpecialty(key: string, names: Map<string, string>): string | undefined {
  // NUCC's display names end in "Physician" ("Cardiovascular Disease Physician"): the specialty is the rest.
  return names.get(key) ?? names.get(key.replace(/( physician)+$/, ''));
}

/**
 * A specialty's name in the page's language, for display only (filters, links, JSON-LD and FHIR keep
 * the English name). From our own catalogue (specialty-names-es.json: every NUCC physician
 * classification and specialization and our display names for them, and the common non-physician
 * types), matched whatever the case, spacing or "&"/"and"; NPPES's "Classification, Specialization"
 * ("Internal Medicine, Cardiovascular Disease") is translated part by part. A name the catalogue does
 * not hold (a hospital's own wording) stays as typed.
 */
export function specialtyName(name: string, locale: Locale): string {
  const names = SPECIALTY_NAMES[locale];
  if (!names) return name;
  const key = specialtyKey(name);
  const whole = lookUpSpecialty(key, names);
  if (whole) return whole;
  const comma = key.indexOf(', ');
  if (comma > 0) {
    const classification = lookUpSpecialty(key.slice(0, comma), names);
    const specialization = lookUpSpecialty(key.slice(comma + 2), names);
    if (classification && specialization) return `${classification}, ${specialization.charAt(0).toLocaleLowerCase(locale)}${specialization.slice(1)}`;
  }
  return name;
}
