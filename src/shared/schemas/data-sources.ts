import { z } from 'zod';
import { DATA_SOURCES } from '../enums';
import { SECTION_IDS } from '../limits';

export const FIELD_TYPES = ['string', 'number', 'boolean', 'date', 'array', 'object'] as const;

/** What a field mapping may fill: the nine sections and the lists the listing-service import fills. */
export const MAPPABLE_SECTION_IDS = [...SECTION_IDS, 'board_certifications', 'hospital_affiliations', 'awards', 'insurance'] as const;

export const MAPPABLE_LIST_LABELS: Record<string, string> = {
  board_certifications: 'Board certifications',
  hospital_affiliations: 'Hospital affiliations',
  awards: 'Awards',
  insurance: 'Insurance',
};

export const fieldMappingSchema = z
  .object({
    profileSection: z.enum(MAPPABLE_SECTION_IDS, 'Choose a profile section'),
    profileField: z.string().trim().min(1, 'Profile field is required').max(100),
    sourcePath: z.string().trim().min(1, 'Source path is required').max(300),
    sourceFieldType: z.enum(FIELD_TYPES).nullish(),
    transformationRules: z.record(z.string(), z.unknown()).default({}),
    isRequired: z.boolean().default(false),
    defaultValue: z.string().max(1000).nullish(),
    fallbackPaths: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
    notes: z.string().max(2000).nullish(),
  })
  .strict();

const dataSourceConfigFields = {
  sourceType: z.enum(DATA_SOURCES),
  sourceName: z.string().trim().min(1, 'Source name is required').max(200),
  isActive: z.boolean(),
  connectionConfig: z.record(z.string(), z.unknown()),
  providerLookupStrategy: z.string().trim().max(100).nullish(),
  syncEnabled: z.boolean(),
  fieldMappings: z.array(fieldMappingSchema).max(500),
};

export const dataSourceConfigSchema = z
  .object({
    ...dataSourceConfigFields,
    isActive: dataSourceConfigFields.isActive.default(true),
    connectionConfig: dataSourceConfigFields.connectionConfig.default({}),
    syncEnabled: dataSourceConfigFields.syncEnabled.default(false),
    fieldMappings: dataSourceConfigFields.fieldMappings.default([]),
  })
  .strict();

/** No defaults here: a field left out of an update keeps its stored value (mappings included). */
export const dataSourceConfigUpdateSchema = z.object(dataSourceConfigFields).partial().strict();
