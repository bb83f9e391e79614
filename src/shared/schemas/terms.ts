import { z } from 'zod';
import { TERM_TYPES } from '../enums';
import { TERMS_PER_REQUEST_MAX } from '../limits';
import { queryFlag } from './fields';

export const TERM_MESSAGES = {
  retrieveFailed: 'Failed to retrieve terms',
  createFailed: 'Failed to create term',
  updateFailed: 'Failed to update term',
  deleteFailed: 'Failed to delete term',
  termRequired: 'Term is required',
  termIdRequired: 'Term ID is required',
  duplicate: 'A term with this ID already exists for this specialty',
  notFound: 'Term not found',
  tooManyInRequest: `At most ${TERMS_PER_REQUEST_MAX.toLocaleString('en-US')} terms in one request; for more, upload them as a CSV file, which is imported in the background`,
} as const;

export const ALL_SPECIALTIES = 'All Specialties';

/** Term type of an id by its prefix (profile spec §5): CON- Condition, PROC- Procedure, REAS- Reason for Visit. */
export function termTypeFromId(termId: string): (typeof TERM_TYPES)[number] {
  if (termId.startsWith('CON-')) return 'Condition';
  if (termId.startsWith('PROC-')) return 'Procedure';
  if (termId.startsWith('REAS-')) return 'Reason for Visit';
  return 'Other';
}

/** Specialties with no terms of their own borrow these (profile spec §5). */
export const SPECIALTY_FALLBACKS: Record<string, readonly string[]> = {
  'Hand Surgery': ['Orthopedic Surgery'],
  'Spine Surgery': ['Orthopedic Surgery', 'Neurosurgery'],
  'Sports Medicine': ['Orthopedic Surgery', 'Physical Medicine and Rehabilitation'],
};

const trimmedText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
const stringList = z.array(z.string().trim().min(1).max(200)).max(100);

/** The filter value meaning "every type" in the spec's term-type picker. */
const TERM_TYPE_FILTER_ALIASES: Record<string, (typeof TERM_TYPES)[number] | null> = {
  all: null,
  '': null,
  conditions: 'Condition',
  procedures: 'Procedure',
  reasonsforvisit: 'Reason for Visit',
  other: 'Other',
};

export const termTypeFilterSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return null;
    const alias = TERM_TYPE_FILTER_ALIASES[value.toLowerCase().replace(/[\s_-]/g, '')];
    if (alias !== undefined) return alias;
    const exact = TERM_TYPES.find((type) => type.toLowerCase() === value.toLowerCase());
    if (exact) return exact;
    ctx.addIssue({ code: 'custom', message: `Unknown term type: ${value}` });
    return z.NEVER;
  });

export const termSearchQuerySchema = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined)),
  termType: termTypeFilterSchema,
  specialty: z.string().trim().max(200).optional(),
  yextOnly: queryFlag(false),
  activeOnly: queryFlag(true),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});
export type TermSearchQuery = z.output<typeof termSearchQuerySchema>;

export const termInputSchema = z
  .object({
    termId: trimmedText(100, TERM_MESSAGES.termIdRequired),
    term: trimmedText(300, TERM_MESSAGES.termRequired),
    termType: z.enum(TERM_TYPES).optional(),
    specialtyName: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => (v ? v : null)),
    isActive: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1_000_000).default(0),
    searchKeywords: stringList.default([]),
    synonyms: stringList.default([]),
  })
  .strict()
  .transform((input) => ({ ...input, termType: input.termType ?? termTypeFromId(input.termId) }));

export const termUpdateSchema = z
  .object({
    term: trimmedText(300, TERM_MESSAGES.termRequired),
    termType: z.enum(TERM_TYPES),
    specialtyName: z.string().trim().max(200).nullable(),
    isActive: z.boolean(),
    sortOrder: z.number().int().min(0).max(1_000_000),
    searchKeywords: stringList,
    synonyms: stringList,
  })
  .partial()
  .strict();

export const bulkTermsSchema = z.object({
  terms: z.array(z.unknown()).min(1).max(TERMS_PER_REQUEST_MAX, TERM_MESSAGES.tooManyInRequest),
});

export const termLookupSchema = z.object({ ids: z.array(z.string().trim().min(1).max(100)).max(5000) });
