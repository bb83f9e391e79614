import { z } from 'zod';
import type { MatchSignal } from '../confidence';
import { optionalText } from './fields';
import { DISCOVERY_ITEM_TYPES, type DiscoveryItemType } from '../enums';

export const DISCOVERY_MESSAGES = {
  noTypes: 'Choose at least one kind of item to search for',
  invalidUrl: 'Enter a full web address starting with http:// or https://',
  tooManyUrls: 'Add at most 10 media links at a time',
  notFound: 'Item not found',
  bulkFailed: (count: number) => `Failed to update ${count} items`,
  noName: 'Add your first and last name to your profile before running discovery',
  noMediaUrls: 'No media links were given',
} as const;

/** What a run can search; `media` means the pages at the given URLs. */
export const DISCOVERY_RUN_TYPES = ['publications', 'clinical_trials', 'media'] as const;
export type DiscoveryRunType = (typeof DISCOVERY_RUN_TYPES)[number];

export const RUN_TYPE_TO_ITEM_TYPE: Record<DiscoveryRunType, DiscoveryItemType> = {
  publications: 'publications',
  clinical_trials: 'clinical_trials',
  media: 'media_press',
};

export const MAX_MEDIA_URLS = 10;

const mediaUrl = z
  .string()
  .trim()
  .max(2000, DISCOVERY_MESSAGES.invalidUrl)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, DISCOVERY_MESSAGES.invalidUrl);

export const discoveryRunSchema = z.object({
  types: z
    .array(z.enum(DISCOVERY_RUN_TYPES, DISCOVERY_MESSAGES.noTypes), DISCOVERY_MESSAGES.noTypes)
    .min(1, DISCOVERY_MESSAGES.noTypes)
    .transform((types) => [...new Set(types)]),
  mediaUrls: z
    .array(mediaUrl)
    .max(MAX_MEDIA_URLS, DISCOVERY_MESSAGES.tooManyUrls)
    .default([])
    .transform((urls) => [...new Set(urls.filter(Boolean))]),
});
export type DiscoveryRunInput = z.input<typeof discoveryRunSchema>;

/** Item types in paths and filters; `media` is accepted for media_press. */
export const discoveryItemTypeSchema = z.preprocess((value) => (value === 'media' ? 'media_press' : value), z.enum(DISCOVERY_ITEM_TYPES, 'Unknown item type'));

export const DISCOVERY_ITEM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DiscoveryItemStatus = (typeof DISCOVERY_ITEM_STATUSES)[number];

export const discoveryItemsQuerySchema = z.object({
  status: z.enum(DISCOVERY_ITEM_STATUSES).default('pending'),
  type: z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), discoveryItemTypeSchema.optional()),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

const reason = optionalText(500, 'Keep the reason under 500 characters');

export const discoveryDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], 'Status must be approved or rejected'),
  reason,
});
export type DiscoveryDecision = z.output<typeof discoveryDecisionSchema>;

export const discoveryBulkSchema = z.object({
  items: z
    .array(z.object({ type: discoveryItemTypeSchema, id: z.string().max(100) }))
    .min(1, 'Choose at least one item')
    .max(500, 'Update at most 500 items at a time'),
  status: z.enum(['approved', 'rejected'], 'Status must be approved or rejected'),
  reason,
});
export type DiscoveryBulkInput = z.input<typeof discoveryBulkSchema>;

export const discoverySessionsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

// ── Response shapes ─────────────────────────────────────────────────────────────────────────

export interface DiscoveryEvidence {
  signals: MatchSignal[];
  /** No signal could be computed; the score is the default 0.8. */
  defaulted: boolean;
}

interface DiscoveryItemBase {
  id: string;
  status: DiscoveryItemStatus;
  title: string;
  confidenceScore: number;
  discoveredAt: string;
  searchQuery: string | null;
  rejectionReason: string | null;
  /** PMID or DOI, NCT number, or URL. */
  externalId: string | null;
  /** Where the provider can check the item at its source. */
  sourceUrl: string | null;
  evidence: DiscoveryEvidence | null;
}

export interface DiscoveredPublication extends DiscoveryItemBase {
  type: 'publications';
  details: {
    authors: string[];
    journalName: string | null;
    publicationDate: string | null;
    volume: string | null;
    issue: string | null;
    pages: string | null;
    doi: string | null;
    pmid: string | null;
  };
}

export interface DiscoveredTrial extends DiscoveryItemBase {
  type: 'clinical_trials';
  details: {
    nctNumber: string | null;
    phase: string | null;
    trialStatus: string;
    startDate: string | null;
    completionDate: string | null;
    sponsor: string | null;
    role: string;
    conditionsStudied: string[];
  };
}

export interface DiscoveredMedia extends DiscoveryItemBase {
  type: 'media_press';
  details: {
    mediaType: string;
    publicationSource: string | null;
    date: string | null;
    url: string | null;
    description: string | null;
  };
}

export type DiscoveryItem = DiscoveredPublication | DiscoveredTrial | DiscoveredMedia;

export interface DiscoveryItemsResponse {
  items: DiscoveryItem[];
  counts: Record<DiscoveryItemType, number>;
}

export interface DiscoveryTypeResult {
  type: DiscoveryItemType;
  sessionId: string | null;
  searchQuery: string | null;
  found: number;
  added: number;
  skippedRejected: number;
  skippedExisting: number;
  errors: Array<{ source: string; message: string }>;
}

export interface DiscoveryRunResult {
  runId: string;
  isAutoSearch: boolean;
  results: DiscoveryTypeResult[];
  totals: { found: number; added: number; skippedRejected: number; skippedExisting: number };
  notificationId: string | null;
}

export interface DiscoverySessionView {
  id: string;
  runId: string | null;
  sessionType: DiscoveryItemType;
  searchQuery: string | null;
  totalFound: number;
  added: number;
  skippedRejected: number;
  skippedExisting: number;
  errors: Array<{ source: string; message: string }>;
  isAutoSearch: boolean;
  createdAt: string;
}

export interface DiscoveryBulkResult {
  updated: number;
  failed: number;
  error?: string;
}

export const DISCOVERY_TYPE_LABELS: Record<DiscoveryItemType, { singular: string; plural: string }> = {
  publications: { singular: 'publication', plural: 'publications' },
  clinical_trials: { singular: 'clinical trial', plural: 'clinical trials' },
  media_press: { singular: 'media item', plural: 'media items' },
};
