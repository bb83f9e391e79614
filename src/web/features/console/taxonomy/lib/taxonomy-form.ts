import { z } from 'zod';
import {
  formatTaxonomyCsvError,
  parseTaxonomyCsv,
  TAXONOMY_CSV_LIST_SEPARATOR,
  taxonomyRowInputSchema,
  taxonomyUploadErrorMessage,
} from '@shared/schemas/taxonomy';
import type { TaxonomyRow, TaxonomyRowBody } from '../api/taxonomy';

const fields = taxonomyRowInputSchema.shape;

export function splitList(text: string): string[] {
  return text
    .split(TAXONOMY_CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

function listField(schema: typeof fields.searchKeywords) {
  return z.string().superRefine((text, ctx) => {
    const parsed = schema.safeParse(splitList(text));
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid list' });
  });
}

/** One taxonomy row as the inline editor and the add dialog hold it; the shared schema's rules. */
export const taxonomyRowFormSchema = z.object({
  specialty: fields.specialty,
  specialtyCode: fields.specialtyCode,
  department: fields.department,
  division: fields.division,
  section: fields.section,
  isActive: z.boolean(),
  searchKeywords: listField(fields.searchKeywords),
  commonAbbreviations: listField(fields.commonAbbreviations),
});

export type TaxonomyRowFormInput = z.input<typeof taxonomyRowFormSchema>;
export type TaxonomyRowFormOutput = z.output<typeof taxonomyRowFormSchema>;

export function rowFormValues(row: TaxonomyRow | null, preset: { department?: string; division?: string; section?: string } = {}): TaxonomyRowFormInput {
  return {
    specialty: row?.specialty ?? '',
    specialtyCode: row?.specialtyCode ?? '',
    department: row ? (row.department ?? '') : (preset.department ?? ''),
    division: row ? (row.division ?? '') : (preset.division ?? ''),
    section: row ? (row.section ?? '') : (preset.section ?? ''),
    isActive: row?.isActive ?? true,
    searchKeywords: (row?.searchKeywords ?? []).join('; '),
    commonAbbreviations: (row?.commonAbbreviations ?? []).join('; '),
  };
}

/** Hospital rows have no keyword or abbreviation columns; those go to the default taxonomy only. */
export function rowBody(values: TaxonomyRowFormOutput, withLists: boolean): TaxonomyRowBody {
  return {
    specialty: values.specialty,
    specialtyCode: values.specialtyCode ?? null,
    department: values.department ?? null,
    division: values.division ?? null,
    section: values.section ?? null,
    isActive: values.isActive,
    ...(withLists ? { searchKeywords: splitList(values.searchKeywords), commonAbbreviations: splitList(values.commonAbbreviations) } : {}),
  };
}

export interface TaxonomyPrecheck {
  rowCount: number;
  /** "Line 7: specialty is required", in file order. */
  errors: string[];
  /** The headline of a refused file, as the server would word it; null when the file is fine. */
  message: string | null;
}

/** The server's own parser, run in the browser before sending, so every problem shows at once with its line. */
export function precheckTaxonomyCsv(text: string): TaxonomyPrecheck {
  const result = parseTaxonomyCsv(text);
  return {
    rowCount: result.rows.length,
    errors: result.errors.map(formatTaxonomyCsvError),
    message: result.errors.length > 0 ? taxonomyUploadErrorMessage(result) : null,
  };
}
