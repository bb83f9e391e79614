import { z } from 'zod';
import { EMAIL_PATTERN, normalizeHttpUrl, normalizePhone } from './fields';
import { HOSPITAL_MESSAGES } from './hospitals';

export { pageQuerySchema as locationListQuerySchema } from './hospitals';

export const LOCATION_MESSAGES = {
  notFound: HOSPITAL_MESSAGES.locationNotFound,
  authRequired: HOSPITAL_MESSAGES.locationAuthRequired,
  nameRequired: 'Location name is required',
  state: 'State must be a 2-letter code, like IL',
  zip: 'ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)',
  url: 'URL must be a web address starting with http:// or https://',
  phone: 'Phone number must have 7 to 15 digits',
  country: 'Country must be a 2-letter code, like US',
  email: 'E-mail must be an address like appointments@example.org',
  csvRequired: 'Choose a CSV file to upload',
  csvHeader: 'The first line of the CSV must be a header row with a "name" column',
  csvEmpty: 'The CSV has a header row but no locations',
  csvTooManyRows: (max: number) => `The CSV has more than ${max.toLocaleString('en-US')} locations; split it into smaller files`,
} as const;

export const BULK_LOCATION_MAX_ROWS = 5_000;

/**
 * Optional text: trimmed; '' or null clears the value (null); absent stays absent, so a PATCH
 * leaves the column alone. `check` validates and normalizes a non-empty value (null = invalid).
 */
const text = (label: string, max: number, check?: { normalize: (value: string) => string | null; message: string }) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, check?.message ?? `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!value) return null;
      if (!check) return value;
      const normalized = check.normalize(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: check.message });
        return z.NEVER;
      }
      return normalized;
    });

const normalizeCode = (value: string) => (/^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null);

/**
 * 12345, 123456789 or 12345-6789 → 12345 or 12345-6789. A spreadsheet that read a ZIP code as a
 * number dropped its leading zeros (6105 for Hartford's 06105, 907 for San Juan's 00907, about 6 % of
 * CMS's hospital list): 3–4 digits, or 7–8 with the +4 part, are padded back.
 */
const normalizeZip = (value: string) => {
  const digits = /^\d+$/.test(value) ? value : null;
  const padded =
    digits && digits.length >= 3 && digits.length <= 4
      ? digits.padStart(5, '0')
      : digits && digits.length >= 7 && digits.length <= 8
        ? digits.padStart(9, '0')
        : value;
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(padded);
  return match ? (match[2] ? `${match[1]}-${match[2]}` : match[1]!) : null;
};

const normalizeEmail = (value: string) => (EMAIL_PATTERN.test(value) ? value.toLowerCase() : null);

/**
 * The whitelist: the only columns a client may write. hospital_id comes from the path; of the
 * listing-service columns only the entity id is the administrator's (to link a location to the
 * listing service), is_yext_sourced and the sync times come from a sync; unknown keys are dropped by
 * zod before the service sees the payload.
 */
const locationFields = {
  name: z
    .string({ error: LOCATION_MESSAGES.nameRequired })
    .trim()
    .min(1, LOCATION_MESSAGES.nameRequired)
    .max(200, 'Location name must be at most 200 characters'),
  address: text('Address', 500),
  addressLine1: text('Address line 1', 200),
  addressLine2: text('Address line 2', 200),
  city: text('City', 100),
  state: text('State', 20, { normalize: normalizeCode, message: LOCATION_MESSAGES.state }),
  zipCode: text('ZIP code', 20, { normalize: normalizeZip, message: LOCATION_MESSAGES.zip }),
  postalCode: text('Postal code', 20, { normalize: normalizeZip, message: LOCATION_MESSAGES.zip }),
  country: text('Country', 20, { normalize: normalizeCode, message: LOCATION_MESSAGES.country }),
  phoneNumber: text('Phone number', 40, { normalize: normalizePhone, message: LOCATION_MESSAGES.phone }),
  mainPhone: text('Main phone', 40, { normalize: normalizePhone, message: LOCATION_MESSAGES.phone }),
  // Where patients' appointment requests for the providers here are mailed (else the hospital's intake address).
  email: text('E-mail', 254, { normalize: normalizeEmail, message: LOCATION_MESSAGES.email }),
  url: text('URL', 2000, { normalize: normalizeHttpUrl, message: LOCATION_MESSAGES.url }),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  cDepartmentSpecialty: text('Department', 200),
  // The listing service's entity id of this location: the import links providers' offices to it.
  yextEntityId: text('Listing-service entity ID', 100, {
    normalize: (value) => (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value) ? value : null),
    message: 'The listing-service entity ID may hold letters, digits, dots, dashes and underscores only',
  }),
};

export const locationCreateSchema = z.object(locationFields);
export const locationUpdateSchema = z.object({ ...locationFields, name: locationFields.name.optional() });

export type LocationCreateInput = z.output<typeof locationCreateSchema>;
export type LocationUpdateInput = z.output<typeof locationUpdateSchema>;

export interface HospitalLocationDto {
  id: string;
  hospitalId: string;
  name: string;
  address: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  postalCode: string | null;
  country: string | null;
  phoneNumber: string | null;
  mainPhone: string | null;
  email: string | null;
  url: string | null;
  isActive: boolean;
  cDepartmentSpecialty: string | null;
  yextEntityId: string | null;
  isYextSourced: boolean;
  lastSyncedFromYextAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of the console's Locations tab: the location and the hospital's providers who practise there. */
export interface HospitalLocationListItem extends HospitalLocationDto {
  /** The hospital's providers whose profile links this location, by name (at most 50; `providerCount` counts all). */
  providers: Array<{ id: string; name: string }>;
  providerCount: number;
}

export interface BulkLocationReport {
  created: number;
  failed: number;
  /** '{name}: line {n}: {error}' per refused row. */
  errors: string[];
  /** Header cells we do not read (e.g. a CMS file's "Hospital Type"); reported, never a refusal. */
  ignoredColumns: string[];
}
