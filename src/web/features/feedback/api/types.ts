import type { FeedbackCategory, FeedbackStatus } from '@shared/enums';

/** One submission as the feedback endpoints return it (the admin-list item of access spec §3). */
export interface FeedbackItem {
  id: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  severity: number;
  status: FeedbackStatus;
  user: { id: string; email: string; tier: string };
  createdAt: string;
  updatedAt: string;
  linkedIssue: { id: string; identifier: string | null; url: string | null; status: string } | null;
  metadata: { browser: string; os: string; url: string; userAgent: string };
  tags: string[];
  reproductionSteps: string | null;
  screenshotUrl: string | null;
  technicalContext: {
    browser?: string;
    os?: string;
    userAgent?: string;
    consoleErrors?: unknown[];
    networkErrors?: unknown[];
    navigation?: unknown[];
  } | null;
  applicationContext: { currentRoute?: string } | null;
  archivedAt: string | null;
}

export interface FeedbackPage {
  items: FeedbackItem[];
  totalCount: number;
}
