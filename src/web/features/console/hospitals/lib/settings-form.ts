import { z } from 'zod';
import { DATA_SOURCES, EXPERTISE_TERMS_SCOPES } from '@shared/enums';
import { hospitalCreateSchema, yextConfigInputSchema } from '@shared/schemas/hospitals';
import type { HospitalDto, HospitalUpdateBody } from '../api/hospitals';

export const API_KEY_ACTIONS = ['keep', 'replace', 'remove'] as const;
export type ApiKeyAction = (typeof API_KEY_ACTIONS)[number];

const MAX_PATTERNS = 50;

/** "a.org, b.org\n@c.org" → ['a.org', 'b.org', '@c.org'], blanks and repeats dropped. */
export function splitPatterns(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => {
      const key = part.toLowerCase();
      if (!part || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const idText = z.string().trim().max(200, 'At most 200 characters');

/** The settings form: the shared hospital schema's fields, plus the API-key choice and patterns as text. */
export const hospitalSettingsSchema = z.object({
  name: hospitalCreateSchema.shape.name,
  contactEmail: hospitalCreateSchema.shape.contactEmail,
  contactPhone: hospitalCreateSchema.shape.contactPhone,
  address: hospitalCreateSchema.shape.address,
  dataSource: z.enum(DATA_SOURCES),
  expertiseTermsScope: z.enum(EXPERTISE_TERMS_SCOPES),
  isActive: z.boolean(),
  yext: z
    .object({
      apiVersion: z
        .string()
        .trim()
        .regex(/^\d{8}$/, 'API version must be a date like 20231201'),
      locationId: idText,
      accountId: idText,
      contentEndpointId: idText,
      keyAction: z.enum(API_KEY_ACTIONS),
      apiKey: z.string(),
    })
    .superRefine((value, ctx) => {
      const key = value.apiKey.trim();
      if (value.keyAction === 'replace' && !key) {
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'Enter the new API key, or cancel the replacement' });
        return;
      }
      if (key) {
        const parsed = yextConfigInputSchema.shape.apiKey.safeParse(key);
        if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: parsed.error.issues[0]?.message ?? 'The API key is not valid' });
      }
    }),
  population: z
    .object({
      enabled: z.boolean(),
      matchByHospitalId: z.boolean(),
      enhancedExpertise: z.boolean(),
      domainPatterns: z.string(),
    })
    .superRefine((value, ctx) => {
      const patterns = splitPatterns(value.domainPatterns);
      if (patterns.length > MAX_PATTERNS) ctx.addIssue({ code: 'custom', path: ['domainPatterns'], message: `At most ${MAX_PATTERNS} patterns` });
      const bad = patterns.find((pattern) => pattern.length < 2 || pattern.length > 200);
      if (bad) ctx.addIssue({ code: 'custom', path: ['domainPatterns'], message: `Each pattern must be 2 to 200 characters (“${bad.slice(0, 40)}”)` });
    }),
});

export type HospitalSettingsInput = z.input<typeof hospitalSettingsSchema>;
export type HospitalSettingsOutput = z.output<typeof hospitalSettingsSchema>;

export function settingsFromHospital(hospital: HospitalDto): HospitalSettingsInput {
  const population = hospital.populationConfig;
  return {
    name: hospital.name,
    contactEmail: hospital.contactEmail ?? '',
    contactPhone: hospital.contactPhone ?? '',
    address: hospital.address ?? '',
    dataSource: hospital.dataSource,
    expertiseTermsScope: hospital.expertiseTermsScope ?? 'own_plus_defaults',
    isActive: hospital.isActive,
    yext: {
      apiVersion: hospital.yextConfig.apiVersion,
      locationId: hospital.yextConfig.locationId ?? '',
      accountId: hospital.yextConfig.accountId ?? '',
      contentEndpointId: hospital.yextConfig.contentEndpointId ?? '',
      keyAction: 'keep',
      apiKey: '',
    },
    population: {
      enabled: population?.enabled ?? false,
      matchByHospitalId: population?.match_by_hospital_id ?? false,
      enhancedExpertise: population?.enhanced_expertise ?? false,
      domainPatterns: (population?.email_domain_patterns ?? []).join('\n'),
    },
  };
}

/**
 * The PATCH body. The stored API key is never sent back: a new key only when one was typed, and
 * `clearApiKey` only when the admin chose to remove it. `isActive` only for system administrators.
 */
export function settingsToBody(values: HospitalSettingsOutput, hospital: HospitalDto, canActivate: boolean): HospitalUpdateBody {
  const key = values.yext.apiKey.trim();
  const body: HospitalUpdateBody = {
    name: values.name,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    address: values.address,
    dataSource: values.dataSource,
    expertiseTermsScope: values.expertiseTermsScope,
    yextConfig: {
      apiVersion: values.yext.apiVersion,
      locationId: values.yext.locationId || null,
      accountId: values.yext.accountId || null,
      contentEndpointId: values.yext.contentEndpointId || null,
      ...(values.yext.keyAction !== 'remove' && key ? { apiKey: key } : {}),
      ...(values.yext.keyAction === 'remove' ? { clearApiKey: true } : {}),
    },
    populationConfig: {
      enabled: values.population.enabled,
      match_by_hospital_id: values.population.matchByHospitalId,
      enhanced_expertise: values.population.enhancedExpertise,
      email_domain_patterns: splitPatterns(values.population.domainPatterns),
    },
  };
  if (canActivate && values.isActive !== hospital.isActive) body.isActive = values.isActive;
  return body;
}
