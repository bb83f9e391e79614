import { z } from 'zod';
import { DATA_SOURCES, EXPERTISE_TERMS_SCOPES } from '../enums';
import { SECTION_IDS } from '../limits';
import { EMAIL_PATTERN, optionalText } from './fields';

export const HOSPITAL_MESSAGES = {
  adminRequired: 'Admin authentication required. Please log in as an admin user.',
  duplicateCode: 'A hospital with this code already exists',
  notFound: (id: string) => `Hospital not found with ID: ${id}`,
  hospitalIdRequired: 'Hospital ID is required',
  noActiveDataSource: 'No active data source configuration found',
  locationNotFound: (id: string) => `Location with ID ${id} not found`,
  locationAuthRequired: 'Authentication required for location updates',
  nameRequired: 'Hospital name is required',
  codeRequired: 'Hospital code is required',
} as const;

export const yextConfigInputSchema = z
  .object({
    apiKey: z.string().trim().min(8, 'The API key looks too short').max(200).optional(),
    clearApiKey: z.boolean().optional(),
    apiVersion: z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'API version must be a date like 20231201')
      .optional(),
    locationId: optionalText(200),
    accountId: optionalText(200),
    contentEndpointId: optionalText(200),
  })
  .strict();

/** A domain is at most 253 characters; patterns name one, with a wildcard or two for subdomains. */
export const EMAIL_PATTERN_MAX_LENGTH = 100;
export const EMAIL_PATTERN_MAX_WILDCARDS = 3;

export const populationConfigSchema = z
  .object({
    enabled: z.boolean(),
    match_by_hospital_id: z.boolean(),
    email_domain_patterns: z
      .array(
        z
          .string()
          .trim()
          .min(2)
          .max(EMAIL_PATTERN_MAX_LENGTH, `An e-mail domain pattern can be at most ${EMAIL_PATTERN_MAX_LENGTH} characters`)
          .refine(
            (pattern) => pattern.split('*').length - 1 <= EMAIL_PATTERN_MAX_WILDCARDS,
            `An e-mail domain pattern can have at most ${EMAIL_PATTERN_MAX_WILDCARDS} wildcards (*), e.g. *.example.org`,
          ),
      )
      .max(50),
    enhanced_expertise: z.boolean(),
  })
  .strict();

export const hospitalCreateSchema = z
  .object({
    name: z.string({ error: HOSPITAL_MESSAGES.nameRequired }).trim().min(1, HOSPITAL_MESSAGES.nameRequired).max(200),
    code: z
      .string({ error: HOSPITAL_MESSAGES.codeRequired })
      .trim()
      .min(2, HOSPITAL_MESSAGES.codeRequired)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes or underscores for the code')
      .transform((code) => code.toUpperCase()),
    address: optionalText(),
    contactEmail: z
      .string()
      .trim()
      .max(320)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(z.union([z.null(), z.string().regex(EMAIL_PATTERN, 'Contact email format is invalid')])),
    contactPhone: optionalText(40),
    dataSource: z.enum(DATA_SOURCES).optional(),
    yextConfig: yextConfigInputSchema.optional(),
    populationConfig: populationConfigSchema.optional(),
    expertiseTermsScope: z.enum(EXPERTISE_TERMS_SCOPES).optional(),
  })
  .strict();

export const hospitalUpdateSchema = hospitalCreateSchema.omit({ code: true }).partial().extend({ isActive: z.boolean().optional() }).strict();

export const sectionPermissionsSchema = z.object({
  permissions: z
    .array(z.object({ sectionId: z.enum(SECTION_IDS), isVisible: z.boolean(), isRequired: z.boolean() }).strict())
    .min(1)
    .max(SECTION_IDS.length),
});

const readingLevel = z.number().int().min(1, 'Reading level must be between 1 and 18').max(18, 'Reading level must be between 1 and 18');
const wordCount = z.number().int().min(10, 'Word counts must be between 10 and 2000').max(2000, 'Word counts must be between 10 and 2000');

export const readingLevelsSchema = z
  .object({
    professionalReadingLevel: readingLevel,
    publicReadingLevel: readingLevel,
    professionalTone: z.string().trim().min(1).max(60),
    publicTone: z.string().trim().min(1).max(60),
    professionalWordCountMin: wordCount,
    professionalWordCountMax: wordCount,
    publicWordCountMin: wordCount,
    publicWordCountMax: wordCount,
  })
  .strict()
  .refine((v) => v.professionalWordCountMin <= v.professionalWordCountMax, {
    path: ['professionalWordCountMax'],
    error: 'The maximum must not be below the minimum',
  })
  .refine((v) => v.publicWordCountMin <= v.publicWordCountMax, { path: ['publicWordCountMax'], error: 'The maximum must not be below the minimum' });

export const pageQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});
