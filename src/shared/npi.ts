import { z } from 'zod';

/**
 * National Provider Identifier rules and the registry record shape shared by the server, the web app
 * and the tests (profile spec §3 "Registry-derived records", §5; access spec §5).
 */

export const NPI_FORMAT_MESSAGE = 'NPI number must be exactly 10 digits';
export const NPI_NOT_FOUND_MESSAGE = 'No provider found with the given NPI number';

/** The card-issuer prefix CMS assigns to NPIs; the check digit is computed as if it were present. */
const NPI_LUHN_PREFIX = '80840';

function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** Exactly ten digits whose Luhn sum, with 80840 in front, is divisible by 10. No trimming here. */
export function isValidNpi(value: unknown): value is string {
  return typeof value === 'string' && /^\d{10}$/.test(value) && luhnSum(NPI_LUHN_PREFIX + value) % 10 === 0;
}

/** The tenth digit that makes `first9` a valid NPI. */
export function computeNpiCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error('computeNpiCheckDigit expects exactly 9 digits');
  // A trailing 0 occupies the check-digit position, so the other digits get their final weights.
  return (10 - (luhnSum(`${NPI_LUHN_PREFIX}${first9}0`) % 10)) % 10;
}

// The spec has a single message for every NPI problem, so the checksum failure reuses it.
export const npiSchema = z.string({ error: NPI_FORMAT_MESSAGE }).trim().refine(isValidNpi, { error: NPI_FORMAT_MESSAGE });

const nullableText = z.string().nullable();

export const npiAddressSchema = z.object({
  address_1: z.string(),
  address_2: nullableText,
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country_code: z.string(),
  telephone_number: nullableText,
  fax_number: nullableText,
});
export type NpiAddress = z.infer<typeof npiAddressSchema>;

/** A registry taxonomy as NPPES sends it; fields we do not use are kept for `raw` consumers. */
export const npiTaxonomySchema = z.looseObject({
  code: z.string(),
  desc: z.string(),
  primary: z.boolean(),
  state: nullableText,
  license: nullableText,
  taxonomy_group: nullableText,
});
export type NpiTaxonomy = z.infer<typeof npiTaxonomySchema>;

export const npiPrimaryTaxonomySchema = z.object({
  code: z.string(),
  desc: z.string(),
  state: nullableText,
  license: nullableText,
  primary: z.boolean(),
});

export const npiLicenseSchema = z.object({
  license_number: z.string().min(1),
  state: nullableText,
  taxonomy_code: z.string(),
  taxonomy_desc: z.string(),
  status: z.literal('active'),
});
export type NpiLicense = z.infer<typeof npiLicenseSchema>;

export const npiSpecialtySchema = z.object({
  name: z.string(),
  code: z.string(),
  is_primary: z.boolean(),
});
export type NpiSpecialty = z.infer<typeof npiSpecialtySchema>;

export const npiCredentialSchema = z.object({
  type: z.literal('degree'),
  value: z.string().min(1),
  verified: z.literal(true),
});
export type NpiCredential = z.infer<typeof npiCredentialSchema>;

export const npiRecordSchema = z.object({
  npi_number: z.string().refine(isValidNpi, { error: NPI_FORMAT_MESSAGE }),
  first_name: z.string().min(1, { error: 'First name is required' }),
  last_name: z.string().min(1, { error: 'Last name is required' }),
  middle_name: nullableText,
  name_prefix: nullableText,
  name_suffix: nullableText,
  credential: nullableText,
  gender: nullableText,
  enumeration_date: nullableText,
  last_updated: nullableText,
  status: z.enum(['active', 'deactivated']),
  primary_address: npiAddressSchema.nullable(),
  primary_taxonomy: npiPrimaryTaxonomySchema.nullable(),
  licenses: z.array(npiLicenseSchema),
  specialties: z.array(npiSpecialtySchema),
  credentials: z.array(npiCredentialSchema),
  taxonomies: z.array(npiTaxonomySchema),
});
export type NpiRecord = z.infer<typeof npiRecordSchema>;

/** One row of `GET /api/npi?q=` (profile spec §3 "NPI search result item"). */
export const npiSearchItemSchema = z.object({
  npi: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.literal(''),
  credential: z.string(),
  specialty: z.string(),
  address: z.string(),
  raw_data: npiRecordSchema,
});
export type NpiSearchItem = z.infer<typeof npiSearchItemSchema>;

export function toNpiSearchItem(record: NpiRecord): NpiSearchItem {
  const place = record.primary_address;
  const address = place && place.city && place.state ? `${place.city}, ${place.state}` : 'Unknown';
  return {
    npi: record.npi_number,
    name: `${record.first_name} ${record.last_name}`,
    first_name: record.first_name,
    last_name: record.last_name,
    // The spec fixes this as empty in search results; the full record keeps the real middle name.
    middle_name: '',
    credential: record.credential ?? '',
    specialty: record.primary_taxonomy?.desc ?? '',
    address,
    raw_data: record,
  };
}
