import { z } from 'zod';

/**
 * Field rules every schema shares, each written once (issue 38 item 2): a schema that needs optional
 * text, an e-mail address or a yes/no query parameter takes it from here instead of spelling it again.
 */

/** Optional text: trimmed; '', null and absent → null. `tooLong` names the field where that helps. */
export const optionalText = (max = 500, tooLong = `Must be at most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** The length message of a named field: "Description must be at most 1,000 characters". */
export const tooLongFor = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`;

/** Text, an at sign, text, a dot, text, no whitespace (access spec §5): every e-mail address we take. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 7–15 digits with the usual punctuation and an optional extension (a profile's offices and the hospital's locations). */
export const normalizePhone = (value: string) => {
  if (!/^[0-9+().\-\s]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i.test(value)) return null;
  const digits = value.replace(/(?:x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? value.replace(/\s+/g, ' ') : null;
};

/** An http(s) address with a host, as typed (null when it is not one). */
export const normalizeHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? value : null;
  } catch {
    return null;
  }
};

const YES = ['true', '1', 'yes', 'on'];
const NO = ['false', '0', 'no', 'off', ''];

/**
 * A yes/no query parameter, read one way on every route: true, 1, yes or on is yes; false, 0, no, off
 * or empty is no (any case); absent is `fallback`; anything else is refused.
 */
export const queryFlag = (fallback = false) => z.stringbool({ truthy: YES, falsy: NO }).optional().default(fallback);

/** The same rule for a parameter read by hand (the public directory's form): anything unreadable is no. */
export const isQueryYes = (value: string | undefined) => queryFlag().safeParse(value).data === true;
