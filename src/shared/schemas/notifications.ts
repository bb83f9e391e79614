import { z } from 'zod';
import { queryFlag } from './fields';

/** Most notifications one list call returns (profile spec §9). */
export const NOTIFICATIONS_LIMIT = 50;

export const NOTIFICATION_TYPES = ['discovery_results', 'profile_update', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  dayRange: 'Schedule day must be between 0 (Sunday) and 6 (Saturday)',
  hourRange: 'Schedule hour must be between 0 and 23',
} as const;

export const notificationListQuerySchema = z.object({
  unreadOnly: queryFlag(false),
  // Larger limits are capped rather than refused, so an old client still gets the newest 50.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(NOTIFICATIONS_LIMIT)
    .transform((n) => Math.min(n, NOTIFICATIONS_LIMIT)),
});

export const notificationUpdateSchema = z.object({ isRead: z.boolean('isRead must be true or false') });

export const NOTIFICATION_FREQUENCIES = ['weekly', 'daily'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export const NOTIFICATION_CATEGORIES = ['publications', 'clinicalTrials', 'mediaPress', 'profileUpdates', 'systemUpdates'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export interface NotificationSettings {
  emailEnabled: boolean;
  /** Stored only: Vitae sends no text messages. */
  smsEnabled: boolean;
  inAppEnabled: boolean;
  scheduleEnabled: boolean;
  /** 0 = Sunday … 6 = Saturday, in UTC. */
  scheduleDay: number;
  /** 0–23, in UTC. */
  scheduleHour: number;
  frequency: NotificationFrequency;
  categories: Record<NotificationCategory, boolean>;
}

/** The database defaults (schema/notifications.ts), for a provider who never saved settings. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailEnabled: true,
  smsEnabled: false,
  inAppEnabled: true,
  scheduleEnabled: false,
  scheduleDay: 1,
  scheduleHour: 9,
  frequency: 'weekly',
  categories: { publications: true, clinicalTrials: true, mediaPress: true, profileUpdates: true, systemUpdates: true },
};

/** PUT takes any subset; what is left out keeps its saved value. */
export const notificationSettingsUpdateSchema = z.object({
  emailEnabled: z.boolean().optional(),
  smsEnabled: z.boolean().optional(),
  inAppEnabled: z.boolean().optional(),
  scheduleEnabled: z.boolean().optional(),
  scheduleDay: z
    .number(NOTIFICATION_MESSAGES.dayRange)
    .int(NOTIFICATION_MESSAGES.dayRange)
    .min(0, NOTIFICATION_MESSAGES.dayRange)
    .max(6, NOTIFICATION_MESSAGES.dayRange)
    .optional(),
  scheduleHour: z
    .number(NOTIFICATION_MESSAGES.hourRange)
    .int(NOTIFICATION_MESSAGES.hourRange)
    .min(0, NOTIFICATION_MESSAGES.hourRange)
    .max(23, NOTIFICATION_MESSAGES.hourRange)
    .optional(),
  frequency: z.enum(NOTIFICATION_FREQUENCIES, 'Frequency must be weekly or daily').optional(),
  categories: z
    .object({
      publications: z.boolean().optional(),
      clinicalTrials: z.boolean().optional(),
      mediaPress: z.boolean().optional(),
      profileUpdates: z.boolean().optional(),
      systemUpdates: z.boolean().optional(),
    })
    .optional(),
});
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationListResponse {
  items: NotificationView[];
  unreadCount: number;
}

export interface NotificationSettingsResponse extends NotificationSettings {
  /** When the next scheduled search runs (ISO, UTC), or null when the schedule is off. */
  nextScheduledRun: string | null;
}

/**
 * The next scheduled search strictly after `now`. Day and hour are UTC: weekly runs on `scheduleDay`
 * at `scheduleHour`:00, daily runs every day at `scheduleHour`:00.
 */
export function nextScheduledRun(settings: Pick<NotificationSettings, 'scheduleDay' | 'scheduleHour' | 'frequency'>, now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), settings.scheduleHour, 0, 0, 0));
  if (settings.frequency === 'daily') {
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  }
  const daysAhead = (settings.scheduleDay - next.getUTCDay() + 7) % 7;
  next.setUTCDate(next.getUTCDate() + daysAhead);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 7);
  return next;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
