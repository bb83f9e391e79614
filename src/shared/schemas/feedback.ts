import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, USER_TIERS } from '../enums';
import { queryFlag } from './fields';

export const FEEDBACK_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  severityRange: 'Severity must be between 1 and 5',
  categoryRequired: 'Category is required',
  hourlyLimit: 'Rate limit exceeded. You can only submit 10 feedback items per hour.',
  dailyLimit: 'Rate limit exceeded. You can only submit 50 feedback items per day.',
  storeFailed: (detail: string) => `Failed to store feedback submission: ${detail}`,
  updateFailed: 'Failed to update feedback status',
  noneFound: 'No feedback items found',
  successTitle: 'Feedback submitted successfully!',
  successBody: "Thank you for your feedback. We'll review it and get back to you soon.",
  failureTitle: 'Failed to submit feedback',
  screenshotFailedTitle: 'Screenshot capture failed',
  screenshotFailedBody: 'Could not capture screenshot. You can still submit feedback without it.',
} as const;

export const SEVERITY_LABELS = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Critical', 5: 'Urgent' } as const;

const boundedList = z.array(z.unknown()).max(10).default([]);

/** The widget's form (access spec §5): trimmed title and description required, severity 1–5. */
export const feedbackFormSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, FEEDBACK_MESSAGES.categoryRequired).default('bug'),
  severity: z.coerce
    .number({ error: FEEDBACK_MESSAGES.severityRange })
    .int(FEEDBACK_MESSAGES.severityRange)
    .min(1, FEEDBACK_MESSAGES.severityRange)
    .max(5, FEEDBACK_MESSAGES.severityRange)
    .default(3),
  title: z.string({ error: FEEDBACK_MESSAGES.titleRequired }).trim().min(1, FEEDBACK_MESSAGES.titleRequired).max(200),
  description: z.string({ error: FEEDBACK_MESSAGES.descriptionRequired }).trim().min(1, FEEDBACK_MESSAGES.descriptionRequired).max(10_000),
  reproductionSteps: z
    .string()
    .trim()
    .max(10_000)
    .nullish()
    .transform((v) => (v ? v : null)),
  screenshotUrl: z
    .string()
    .max(500)
    .regex(/^\/api\/feedback\/screenshots\/[A-Za-z0-9/_-]+\.(png|jpg|jpeg|webp)$/, 'The screenshot link is not one of ours')
    .nullish()
    .transform((v) => v ?? null),
});

/** What the browser sends: the form plus the captured context. */
export const feedbackSubmissionSchema = feedbackFormSchema.extend({
  technicalContext: z
    .object({
      browser: z.string().max(200).optional(),
      os: z.string().max(200).optional(),
      userAgent: z.string().max(1000).optional(),
      consoleErrors: boundedList,
      networkErrors: boundedList,
      navigation: boundedList,
    })
    .default({ consoleErrors: [], networkErrors: [], navigation: [] }),
  applicationContext: z.object({ currentRoute: z.string().max(2000).optional() }).default({}),
});

export const FEEDBACK_STATUS_FILTERS = ['all', 'all_but_closed', ...FEEDBACK_STATUSES] as const;

export const adminFeedbackQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(FEEDBACK_STATUS_FILTERS).default('all'),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  severity: z.coerce.number().int().min(1).max(5).optional(),
  includeArchived: queryFlag(false),
  sort: z.enum(['createdAt', 'severity']).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) });

export const feedbackBulkSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
  action: z.enum(['archive', 'delete']),
});

export const userTierSchema = z.object({ tier: z.enum(USER_TIERS) });

export const myFeedbackQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(50),
});
