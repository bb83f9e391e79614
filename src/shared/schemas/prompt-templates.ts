import { z } from 'zod';
import { PROMPT_TYPES, type PromptType } from '../enums';
import { optionalText, queryFlag, tooLongFor } from './fields';

export const PROMPT_TEMPLATE_LIMITS = {
  name: 120,
  content: 20_000,
  description: 500,
} as const;

export const PROMPT_TEMPLATE_MESSAGES = {
  notFound: 'Template not found or access denied',
  updateBlocked: 'Template not found or update blocked by permissions',
  nameRequired: 'Template name is required',
  contentRequired: 'Template text is required',
  typeRequired: 'Choose professional or public',
  defaultMustBeActive: 'A default template must be active. Turn it on, or choose another default first.',
  globalOnlySystem: 'Only a system administrator can create or change global templates.',
  versionNotFound: (version: number) => `Version ${version} of this template was not found`,
  defaultRace: 'Another template became the default at the same moment. Please try again.',
} as const;

/**
 * Placeholders a template may use; the writer replaces them before sending. Unknown `{{…}}` are
 * left as typed.
 */
export const TEMPLATE_VARIABLES = [
  { name: 'provider_name', description: 'The provider’s name' },
  { name: 'hospital_name', description: 'Their hospital' },
  { name: 'reading_level', description: 'Target grade of this version' },
  { name: 'word_count_min', description: 'Shortest length, in words' },
  { name: 'word_count_max', description: 'Longest length, in words' },
  { name: 'tone', description: 'Tone of this version' },
] as const;

export const PROMPT_TYPE_LABELS: Record<PromptType, string> = {
  professional: 'Professional',
  public: 'Public (patients)',
};

const description = () => optionalText(PROMPT_TEMPLATE_LIMITS.description, tooLongFor('Description', PROMPT_TEMPLATE_LIMITS.description));

const name = z
  .string({ error: PROMPT_TEMPLATE_MESSAGES.nameRequired })
  .trim()
  .min(1, PROMPT_TEMPLATE_MESSAGES.nameRequired)
  .max(PROMPT_TEMPLATE_LIMITS.name, `Template name must be at most ${PROMPT_TEMPLATE_LIMITS.name} characters`);
const content = z
  .string({ error: PROMPT_TEMPLATE_MESSAGES.contentRequired })
  .trim()
  .min(1, PROMPT_TEMPLATE_MESSAGES.contentRequired)
  .max(PROMPT_TEMPLATE_LIMITS.content, `Template text must be at most ${PROMPT_TEMPLATE_LIMITS.content.toLocaleString('en-US')} characters`);
const promptType = z.enum(PROMPT_TYPES, PROMPT_TEMPLATE_MESSAGES.typeRequired);

export const promptTemplateCreateSchema = z
  .object({
    /**
     * null: a global template (system administrators only). Omitted: the hospital administrator's own
     * hospital, or global for a system administrator.
     */
    hospitalId: z.uuid('Hospital not found').nullable().optional(),
    promptType,
    promptName: name,
    promptContent: content,
    description: description(),
    isActive: z.boolean().default(true),
    isDefault: z.boolean().default(false),
  })
  .strict()
  .refine((value) => !value.isDefault || value.isActive, { error: PROMPT_TEMPLATE_MESSAGES.defaultMustBeActive, path: ['isActive'] });

/** A partial update; the scope (hospital) of a template never changes. */
export const promptTemplateUpdateSchema = z
  .object({
    promptType: promptType.optional(),
    promptName: name.optional(),
    promptContent: content.optional(),
    description: description().optional(),
    isActive: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();

export const promptTemplateListQuerySchema = z.object({
  /** System administrators: global plus this hospital's templates. Hospital administrators: ignored (always their own). */
  hospitalId: z.uuid('Hospital not found').optional(),
  promptType: z.enum(PROMPT_TYPES).optional(),
  /** The spec lists active templates; the console asks for inactive ones too. */
  includeInactive: queryFlag(false),
});

export type PromptTemplateCreateInput = z.input<typeof promptTemplateCreateSchema>;
export type PromptTemplateUpdateInput = z.input<typeof promptTemplateUpdateSchema>;

export interface PromptTemplateDto {
  id: string;
  hospitalId: string | null;
  hospitalName: string | null;
  scope: 'global' | 'hospital';
  promptType: PromptType;
  promptName: string;
  promptContent: string;
  description: string | null;
  isActive: boolean;
  isDefault: boolean;
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the asking administrator may change it (hospital administrators cannot change global templates). */
  canEdit: boolean;
}

export interface PromptTemplateVersionDto {
  id: string;
  templateId: string;
  version: number;
  promptType: PromptType;
  promptName: string;
  promptContent: string;
  description: string | null;
  isActive: boolean;
  isDefault: boolean;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: string;
}
