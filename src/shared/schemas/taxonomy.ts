import { z } from 'zod';
import { csvRecords, formatCsv, normalizeCsvHeader, CsvParseError, type CsvInput } from '../csv';
import { TAXONOMY_SOURCES } from '../enums';
import { queryFlag } from './fields';

export const TAXONOMY_MESSAGES = {
  retrieveFailed: 'Failed to retrieve taxonomy',
  createFailed: 'Failed to create taxonomy',
  updateFailed: 'Failed to update taxonomy',
  deleteFailed: 'Failed to delete taxonomy',
  codeNotFound: (code: string) => `Specialty code ${code} not found in database`,
  entryNotFound: 'Taxonomy entry not found',
  specialtyRequired: 'specialty is required',
  uploadInvalid: (rows: number) => `The file has ${rows} invalid ${rows === 1 ? 'row' : 'rows'}; nothing was changed.`,
  uploadUnreadable: 'The file cannot be used; nothing was changed.',
} as const;

export const TAXONOMY_LIMITS = {
  textMax: 200,
  codeMax: 50,
  listItemMax: 100,
  listMax: 50,
  defaultPageSize: 100,
  /** The admin read of a hospital's taxonomy returns at most this many rows (spec §9). */
  maxPageSize: 10_000,
  /** An upload may not hold more rows than an admin read can show back. */
  maxUploadRows: 10_000,
  /** Multi-row inserts per statement when replacing a taxonomy (spec §9). */
  insertBatchSize: 100,
  /** Rows per statement when copying the default taxonomy into a hospital (spec §9: batches of 50). */
  copyBatchSize: 50,
} as const;

/** A quoted CSV cell may hold a line break; in a specialty or unit name it is always a mistake. */
const singleLine = /^[^\r\n]*$/;

/** Trimmed text; blank becomes null so "" and "  " never reach the database as values. */
const nullableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(singleLine, `${label} must be on one line`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Trimmed entries, blanks dropped, duplicates (case-insensitive) dropped keeping the first spelling. */
const textList = (label: string) =>
  z
    .array(z.string().trim().max(TAXONOMY_LIMITS.listItemMax, `each ${label} entry must be at most ${TAXONOMY_LIMITS.listItemMax} characters`))
    .max(TAXONOMY_LIMITS.listMax, `at most ${TAXONOMY_LIMITS.listMax} ${label} entries`)
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (!item || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });

const specialty = z
  .string({ error: TAXONOMY_MESSAGES.specialtyRequired })
  .trim()
  .min(1, TAXONOMY_MESSAGES.specialtyRequired)
  .max(TAXONOMY_LIMITS.textMax, `specialty must be at most ${TAXONOMY_LIMITS.textMax} characters`)
  .regex(singleLine, 'specialty must be on one line');

const rowFields = {
  specialty,
  department: nullableText(TAXONOMY_LIMITS.textMax, 'department'),
  division: nullableText(TAXONOMY_LIMITS.textMax, 'division'),
  section: nullableText(TAXONOMY_LIMITS.textMax, 'section'),
  specialtyCode: nullableText(TAXONOMY_LIMITS.codeMax, 'specialty code'),
  searchKeywords: textList('search keyword'),
  commonAbbreviations: textList('abbreviation'),
  isActive: z.boolean(),
  sortOrder: z.number().int().min(0).max(1_000_000),
};

/** A default-taxonomy row as an admin creates it. */
export const taxonomyRowInputSchema = z
  .object({
    ...rowFields,
    searchKeywords: rowFields.searchKeywords.default([]),
    commonAbbreviations: rowFields.commonAbbreviations.default([]),
    isActive: rowFields.isActive.default(true),
    sortOrder: rowFields.sortOrder.default(0),
  })
  .strict();

/*
 * Updates are written without defaults, and an absent key stays absent (keep) while null or blank
 * clears: zod 4 applies a default even under .optional(), which would silently re-activate a row
 * or reset its sort order on every partial update.
 */
export const taxonomyRowUpdateSchema = z
  .object({
    specialty: specialty.optional(),
    department: rowFields.department.optional(),
    division: rowFields.division.optional(),
    section: rowFields.section.optional(),
    specialtyCode: rowFields.specialtyCode.optional(),
    searchKeywords: rowFields.searchKeywords.optional(),
    commonAbbreviations: rowFields.commonAbbreviations.optional(),
    isActive: rowFields.isActive.optional(),
    sortOrder: rowFields.sortOrder.optional(),
  })
  .strict();

/**
 * A hospital's own row: hospital_specialty_taxonomies_poc has no keyword, abbreviation or sort
 * columns, so those keys are accepted (one form serves both tables) and dropped.
 */
export const hospitalTaxonomyRowInputSchema = z.object({
  specialty,
  department: rowFields.department,
  division: rowFields.division,
  section: rowFields.section,
  specialtyCode: rowFields.specialtyCode,
  isActive: rowFields.isActive.default(true),
});

export const hospitalTaxonomyRowUpdateSchema = z.object({
  specialty: specialty.optional(),
  department: rowFields.department.optional(),
  division: rowFields.division.optional(),
  section: rowFields.section.optional(),
  specialtyCode: rowFields.specialtyCode.optional(),
  isActive: rowFields.isActive.optional(),
});

/** Query-string filter: trimmed, blank means "no filter". */
const filterText = z
  .string()
  .trim()
  .max(TAXONOMY_LIMITS.textMax)
  .optional()
  .transform((v) => (v ? v : undefined));

const activeOnly = queryFlag(false);

export const taxonomyListQuerySchema = z.object({
  department: filterText,
  division: filterText,
  section: filterText,
  q: filterText,
  activeOnly,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(TAXONOMY_LIMITS.maxPageSize).default(TAXONOMY_LIMITS.defaultPageSize),
});

export const taxonomyDistinctQuerySchema = z.object({
  department: filterText,
  division: filterText,
  activeOnly,
});

export const taxonomyConfigSchema = z
  .object({
    usesDefaultTaxonomy: z.boolean(),
    taxonomySource: z.enum(TAXONOMY_SOURCES),
  })
  .strict();

/** The query of a taxonomy upload; the file itself is the request's body (text/csv). */
export const taxonomyUploadQuerySchema = z.object({
  fileName: z.string({ error: 'fileName is required' }).trim().min(1, 'fileName is required').max(255),
});

export const taxonomyUploadListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export type TaxonomyRowInput = z.output<typeof taxonomyRowInputSchema>;
export type TaxonomyListQuery = z.output<typeof taxonomyListQuerySchema>;
export type TaxonomyDistinctQuery = z.output<typeof taxonomyDistinctQuerySchema>;
export type TaxonomyConfig = z.output<typeof taxonomyConfigSchema>;

// ── CSV upload ──────────────────────────────────────────────────────────────────────────────

export const TAXONOMY_CSV_COLUMNS = ['specialty', 'department', 'division', 'section', 'specialty_code', 'search_keywords', 'common_abbreviations'] as const;
type CsvColumn = (typeof TAXONOMY_CSV_COLUMNS)[number];

/** Separator inside the keyword and abbreviation cells; commas already separate the columns. */
export const TAXONOMY_CSV_LIST_SEPARATOR = ';';
/* A line break inside a quoted list cell (Alt+Enter in a spreadsheet) separates entries as well. */
const LIST_SPLIT = /[;\r\n]+/;

export const TAXONOMY_TEMPLATE_FILE_NAME = 'taxonomy-template.csv';

export function taxonomyTemplateCsv(): string {
  return formatCsv([
    [...TAXONOMY_CSV_COLUMNS],
    ['Cardiology', 'Medicine', 'Cardiovascular Medicine', null, '207RC0000X', 'heart;cardiac;cardiovascular', 'CARD'],
    ['Pediatric Cardiology', 'Pediatrics', 'Pediatric Subspecialties', 'Cardiology', '2080P0202X', 'children;heart;congenital', 'Peds Cards'],
  ]);
}

export interface TaxonomyCsvError {
  /** 1-based line in the file; null for problems with the file as a whole. */
  line: number | null;
  message: string;
}

export interface TaxonomyCsvResult {
  rows: Array<z.output<typeof hospitalTaxonomyRowInputSchema> & { searchKeywords: string[]; commonAbbreviations: string[]; line: number }>;
  errors: TaxonomyCsvError[];
  /** Data rows with at least one error (the header and whole-file problems are not rows). */
  invalidRowCount: number;
}

export const formatTaxonomyCsvError = (error: TaxonomyCsvError) => (error.line === null ? error.message : `Line ${error.line}: ${error.message}`);

const csvRowSchema = z.object({
  specialty,
  department: rowFields.department,
  division: rowFields.division,
  section: rowFields.section,
  specialtyCode: rowFields.specialtyCode,
  searchKeywords: rowFields.searchKeywords,
  commonAbbreviations: rowFields.commonAbbreviations,
});

const splitList = (cell: string | undefined) => (cell ?? '').split(LIST_SPLIT);

interface CsvFormat {
  /** Normalised header → the column it fills; null for a column that is read past. */
  columns: Map<string, CsvColumn | null>;
  required: CsvColumn[];
  expected: string;
  label: (column: CsvColumn) => string;
}

const OWN_FORMAT: CsvFormat = {
  columns: new Map(TAXONOMY_CSV_COLUMNS.map((column) => [normalizeCsvHeader(column), column])),
  required: ['specialty'],
  expected: TAXONOMY_CSV_COLUMNS.join(', '),
  label: (column) => column,
};

/*
 * NUCC's Health Care Provider Taxonomy as nucc.org publishes it (nucc_taxonomy_<version>.csv):
 * Code, Grouping, Classification, Specialization, Definition, Notes, Display Name, Section. A hospital
 * that keeps its specialties as NUCC codes uploads that file unchanged. It is read the way the default
 * taxonomy is built (src/server/db/seed/data/SOURCES.md): Classification is the division,
 * Specialization the section, Code the specialty code; the Grouping ("Allopathic & Osteopathic
 * Physicians") stands as the department, and Display Name is the specialty. Definition and Notes have no
 * place in a hospital's taxonomy, and NUCC's Section (Individual / Non-Individual) is not our section,
 * so those three are read past.
 */
const NUCC_COLUMN_NAMES: Array<[string, CsvColumn | null]> = [
  ['Code', 'specialty_code'],
  ['Grouping', 'department'],
  ['Classification', 'division'],
  ['Specialization', 'section'],
  ['Definition', null],
  ['Notes', null],
  ['Display Name', 'specialty'],
  ['Section', null],
];

const NUCC_FORMAT: CsvFormat = {
  columns: new Map(NUCC_COLUMN_NAMES.map(([name, column]) => [normalizeCsvHeader(name), column])),
  required: ['specialty_code', 'division'],
  expected: NUCC_COLUMN_NAMES.map(([name]) => name).join(', '),
  label: (column) => NUCC_COLUMN_NAMES.find(([, c]) => c === column)![0],
};

/** NUCC's file is recognised by its own column names, which our template never uses. */
const isNuccHeader = (fields: string[]) => {
  const names = new Set(fields.map(normalizeCsvHeader));
  return names.has('code') && names.has('grouping') && names.has('classification');
};

/**
 * Reads and validates an uploaded taxonomy file completely, so the admin sees every problem at once
 * (the server and the web both use it; the server's verdict is the one that counts). Line numbers
 * are the file's own, so a record with a quoted line break still points at where it starts.
 */
export function parseTaxonomyCsv(text: CsvInput): TaxonomyCsvResult {
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof CsvParseError) {
      return { rows: [], errors: [{ line: error.line, message: error.message.replace(/^line \d+: /, '') }], invalidRowCount: 0 };
    }
    throw error;
  }
  const errors: TaxonomyCsvError[] = [];
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: null, message: 'The file is empty' }], invalidRowCount: 0 };

  const format = isNuccHeader(header.fields) ? NUCC_FORMAT : OWN_FORMAT;
  const positions = new Map<CsvColumn, number>();
  header.fields.forEach((cell, index) => {
    const key = normalizeCsvHeader(cell);
    const column = format.columns.get(key);
    if (column === null) return;
    if (!column) {
      // A misspelt column would otherwise be dropped silently and empty a whole field of the taxonomy.
      errors.push({ line: header.line, message: `unknown column "${cell.trim()}" (expected: ${format.expected})` });
    } else if (positions.has(column)) {
      errors.push({ line: header.line, message: `column "${column}" appears more than once` });
    } else {
      positions.set(column, index);
    }
  });
  for (const column of format.required) {
    if (!positions.has(column)) errors.push({ line: header.line, message: `the header must include a "${format.label(column)}" column` });
  }
  if (errors.length > 0) return { rows: [], errors, invalidRowCount: 0 };

  const cell = (fields: string[], column: CsvColumn) => {
    const index = positions.get(column);
    return index === undefined ? undefined : fields[index];
  };
  /* NUCC names every code in "Display Name" (since 2019); an older release without one is named by
     its specialization, or its classification for a classification's general code. */
  const specialtyOf = (fields: string[]) =>
    format === NUCC_FORMAT ? [cell(fields, 'specialty'), cell(fields, 'section'), cell(fields, 'division')].find((v) => v?.trim()) : cell(fields, 'specialty');
  const rows: TaxonomyCsvResult['rows'] = [];
  const codeLines = new Map<string, number>();
  const rowLines = new Map<string, number>();
  let dataRows = 0;

  for (const record of body) {
    // Spreadsheets export rows of bare commas below the data; they carry nothing.
    if (record.fields.every((field) => field.trim() === '')) continue;
    dataRows += 1;
    if (record.fields.length > header.fields.length) {
      errors.push({
        line: record.line,
        message: `expected ${header.fields.length} columns but found ${record.fields.length} (a value with a comma must be in double quotes)`,
      });
      continue;
    }
    const parsed = csvRowSchema.safeParse({
      specialty: specialtyOf(record.fields) ?? '',
      department: cell(record.fields, 'department'),
      division: cell(record.fields, 'division'),
      section: cell(record.fields, 'section'),
      specialtyCode: cell(record.fields, 'specialty_code'),
      searchKeywords: splitList(cell(record.fields, 'search_keywords')),
      commonAbbreviations: splitList(cell(record.fields, 'common_abbreviations')),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line: record.line, message: issue.message });
      continue;
    }
    const row = parsed.data;
    let duplicate = false;
    if (row.specialtyCode) {
      const key = row.specialtyCode.toUpperCase();
      const first = codeLines.get(key);
      if (first !== undefined) {
        errors.push({ line: record.line, message: `specialty code ${row.specialtyCode} is already used on line ${first}` });
        duplicate = true;
      } else {
        codeLines.set(key, record.line);
      }
    }
    const rowKey = [row.specialty, row.department, row.division, row.section].map((v) => (v ?? '').toLowerCase()).join('\u0000');
    const firstRow = rowLines.get(rowKey);
    if (firstRow !== undefined) {
      errors.push({ line: record.line, message: `specialty "${row.specialty}" with the same department, division and section is already on line ${firstRow}` });
      duplicate = true;
    } else {
      rowLines.set(rowKey, record.line);
    }
    if (!duplicate) rows.push({ ...row, isActive: true, line: record.line });
  }

  const invalidRowCount = new Set(errors.map((e) => e.line)).size;
  if (dataRows === 0) errors.push({ line: null, message: 'The file has no taxonomy rows below the header' });
  if (dataRows > TAXONOMY_LIMITS.maxUploadRows)
    errors.push({ line: null, message: `The file has ${dataRows} rows; at most ${TAXONOMY_LIMITS.maxUploadRows} are allowed` });
  return { rows, errors, invalidRowCount };
}

/** The message of a rejected upload: counts rows, not issues, since one row may have several. */
export function taxonomyUploadErrorMessage(result: Pick<TaxonomyCsvResult, 'invalidRowCount'>): string {
  return result.invalidRowCount > 0 ? TAXONOMY_MESSAGES.uploadInvalid(result.invalidRowCount) : TAXONOMY_MESSAGES.uploadUnreadable;
}
