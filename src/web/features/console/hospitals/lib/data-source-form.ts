import { z } from 'zod';
import { DATA_SOURCES } from '@shared/enums';
import { FIELD_TYPES, fieldMappingSchema } from '@shared/schemas/data-sources';
import type { DataSourceBody, DataSourceConfigDto, FieldMapping } from '../api/data-sources';

/** "a.b, c.d\ne.f" → ['a.b', 'c.d', 'e.f']. */
export function splitPaths(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const mappingFormSchema = z
  .object({
    profileSection: fieldMappingSchema.shape.profileSection,
    profileField: fieldMappingSchema.shape.profileField,
    sourcePath: fieldMappingSchema.shape.sourcePath,
    sourceFieldType: z.union([z.enum(FIELD_TYPES), z.literal('')]),
    isRequired: z.boolean(),
    defaultValue: z.string().max(1000, 'At most 1,000 characters'),
    fallbackPaths: z.string(),
    notes: z.string().max(2000, 'At most 2,000 characters'),
    transformationRules: z.record(z.string(), z.unknown()),
  })
  .superRefine((value, ctx) => {
    const paths = splitPaths(value.fallbackPaths);
    if (paths.length > 20) ctx.addIssue({ code: 'custom', path: ['fallbackPaths'], message: 'At most 20 fallback paths' });
    if (paths.some((path) => path.length > 300)) ctx.addIssue({ code: 'custom', path: ['fallbackPaths'], message: 'Each path must be at most 300 characters' });
  });

export const dataSourceFormSchema = z.object({
  sourceType: z.enum(DATA_SOURCES),
  sourceName: z.string().trim().min(1, 'Source name is required').max(200),
  isActive: z.boolean(),
  syncEnabled: z.boolean(),
  providerLookupStrategy: z.string().trim().max(100, 'At most 100 characters'),
  connectionConfig: z.string().superRefine((text, ctx) => {
    if (!text.trim()) return;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        ctx.addIssue({ code: 'custom', message: 'Enter a JSON object, like {"region": "us"}' });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not valid JSON' });
    }
  }),
  fieldMappings: z.array(mappingFormSchema).max(500, 'At most 500 field mappings'),
});

export type DataSourceFormValues = z.input<typeof dataSourceFormSchema>;
export type MappingFormValues = DataSourceFormValues['fieldMappings'][number];

export const EMPTY_MAPPING: MappingFormValues = {
  profileSection: 'professional_identity',
  profileField: '',
  sourcePath: '',
  sourceFieldType: 'string',
  isRequired: false,
  defaultValue: '',
  fallbackPaths: '',
  notes: '',
  transformationRules: {},
};

function mappingValues(mapping: FieldMapping): MappingFormValues {
  return {
    profileSection: mapping.profileSection,
    profileField: mapping.profileField,
    sourcePath: mapping.sourcePath,
    sourceFieldType: mapping.sourceFieldType ?? '',
    isRequired: mapping.isRequired,
    defaultValue: mapping.defaultValue ?? '',
    fallbackPaths: mapping.fallbackPaths.join('\n'),
    notes: mapping.notes ?? '',
    transformationRules: mapping.transformationRules ?? {},
  };
}

export function dataSourceValues(config: DataSourceConfigDto | null, fallbackType: DataSourceFormValues['sourceType']): DataSourceFormValues {
  if (!config) {
    return {
      sourceType: fallbackType,
      sourceName: '',
      isActive: true,
      syncEnabled: false,
      providerLookupStrategy: 'npi',
      connectionConfig: '{}',
      fieldMappings: [],
    };
  }
  return {
    sourceType: config.sourceType,
    sourceName: config.sourceName,
    isActive: config.isActive,
    syncEnabled: config.syncEnabled,
    providerLookupStrategy: config.providerLookupStrategy ?? '',
    connectionConfig: JSON.stringify(config.connectionConfig ?? {}, null, 2),
    fieldMappings: config.fieldMappings.map(mappingValues),
  };
}

export function dataSourceBody(values: z.output<typeof dataSourceFormSchema>): Required<DataSourceBody> {
  return {
    sourceType: values.sourceType,
    sourceName: values.sourceName,
    isActive: values.isActive,
    syncEnabled: values.syncEnabled,
    providerLookupStrategy: values.providerLookupStrategy || null,
    connectionConfig: values.connectionConfig.trim() ? (JSON.parse(values.connectionConfig) as Record<string, unknown>) : {},
    fieldMappings: values.fieldMappings.map((mapping) => ({
      profileSection: mapping.profileSection,
      profileField: mapping.profileField,
      sourcePath: mapping.sourcePath,
      sourceFieldType: mapping.sourceFieldType || null,
      transformationRules: mapping.transformationRules,
      isRequired: mapping.isRequired,
      defaultValue: mapping.defaultValue || null,
      fallbackPaths: splitPaths(mapping.fallbackPaths),
      notes: mapping.notes.trim() || null,
    })),
  };
}
