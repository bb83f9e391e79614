import { z } from 'zod';
import { optionalText, tooLongFor } from './fields';

export const HELP_LIMITS = {
  title: 120,
  description: 300,
  icon: 60,
  question: 300,
  answer: 20_000,
  reorder: 500,
} as const;

export const HELP_MESSAGES = {
  titleRequired: 'Title is required',
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  icon: 'Icon must be a lucide icon name such as "book-open"',
  categoryNotFound: 'Help category not found',
  faqNotFound: 'Help question not found',
  categoryRequired: 'Choose a category',
  orderMismatch: (noun: string) => `The new order must list every ${noun} exactly once.`,
} as const;

const text = (max: number, label: string) => optionalText(max, tooLongFor(label, max));

const required = (max: number, message: string, label: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLongFor(label, max));

const iconName = z
  .string()
  .trim()
  .max(HELP_LIMITS.icon, HELP_MESSAGES.icon)
  .regex(/^$|^[A-Za-z][A-Za-z0-9-]*$/, HELP_MESSAGES.icon)
  .nullish()
  .transform((value) => (value ? value : null));

export const helpCategoryCreateSchema = z
  .object({
    title: required(HELP_LIMITS.title, HELP_MESSAGES.titleRequired, 'Title'),
    icon: iconName,
    description: text(HELP_LIMITS.description, 'Description'),
    isActive: z.boolean().default(true),
    /** Omitted: after the last category. */
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpCategoryUpdateSchema = z
  .object({
    title: required(HELP_LIMITS.title, HELP_MESSAGES.titleRequired, 'Title').optional(),
    icon: iconName.optional(),
    description: text(HELP_LIMITS.description, 'Description').optional(),
    isActive: z.boolean().optional(),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpFaqCreateSchema = z
  .object({
    categoryId: z.uuid(HELP_MESSAGES.categoryRequired),
    question: required(HELP_LIMITS.question, HELP_MESSAGES.questionRequired, 'Question'),
    answer: required(HELP_LIMITS.answer, HELP_MESSAGES.answerRequired, 'Answer'),
    isActive: z.boolean().default(true),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpFaqUpdateSchema = z
  .object({
    /** Moving a question to another category puts it at the end of that category. */
    categoryId: z.uuid(HELP_MESSAGES.categoryRequired).optional(),
    question: required(HELP_LIMITS.question, HELP_MESSAGES.questionRequired, 'Question').optional(),
    answer: required(HELP_LIMITS.answer, HELP_MESSAGES.answerRequired, 'Answer').optional(),
    isActive: z.boolean().optional(),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpOrderSchema = z
  .object({ ids: z.array(z.uuid()).max(HELP_LIMITS.reorder) })
  .strict()
  .refine((value) => new Set(value.ids).size === value.ids.length, { error: 'Each id may appear only once', path: ['ids'] });

export type HelpCategoryCreateInput = z.input<typeof helpCategoryCreateSchema>;
export type HelpCategoryUpdateInput = z.input<typeof helpCategoryUpdateSchema>;
export type HelpFaqCreateInput = z.input<typeof helpFaqCreateSchema>;
export type HelpFaqUpdateInput = z.input<typeof helpFaqUpdateSchema>;

// ── What the API returns ────────────────────────────────────────────────────────────────────

/** `GET /api/help`: published content, answers already rendered to safe HTML. */
export interface PublicHelpFaq {
  id: string;
  question: string;
  answerHtml: string;
}
export interface PublicHelpCategory {
  id: string;
  title: string;
  icon: string | null;
  description: string | null;
  faqs: PublicHelpFaq[];
}
export interface PublicHelpContent {
  categories: PublicHelpCategory[];
}

export interface HelpFaqDto {
  id: string;
  categoryId: string;
  question: string;
  /** Markdown as the editor typed it. */
  answer: string;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface HelpCategoryDto {
  id: string;
  title: string;
  icon: string | null;
  description: string | null;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  faqs: HelpFaqDto[];
}

export interface HelpCounts {
  categories: { total: number; active: number };
  faqs: { total: number; active: number };
}

// ── Markdown ────────────────────────────────────────────────────────────────────────────────

// Help answers are rendered by the shared Markdown renderer (markdown-it with our allow-list).
export { escapeHtml, renderMarkdown, safeHref } from '../markdown';

/** Plain text of an answer, for search: Markdown syntax and link targets dropped. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_~`>#]+/g, ' ')
    .replace(/^\s*(?:[-+]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
