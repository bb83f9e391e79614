import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
  type NotificationListResponse,
  type NotificationSettings,
  type NotificationSettingsResponse,
  type NotificationSettingsUpdate,
  type NotificationType,
  type NotificationView,
} from '../../../shared/schemas/notifications';
import { perDatabase, type Database } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { queuedSchedule, syncDiscoverySchedule } from './discovery-schedule';
import { discoveryResultsEmail } from './email';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NotificationRow = typeof notifications.$inferSelect;

export function notificationView(row: NotificationRow): NotificationView {
  return { id: row.id, type: row.type, title: row.title, message: row.message, data: row.data, isRead: row.isRead, createdAt: row.createdAt.toISOString() };
}

/** An in-app notification, unless the provider turned in-app notifications off (then null, nothing stored). */
export async function createNotification(
  db: Database,
  userId: string,
  input: { type: NotificationType; title: string; message: string; data?: Record<string, unknown> },
) {
  const [settings] = await db
    .select({ inAppEnabled: notificationSettings.inAppEnabled })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  if (settings && !settings.inAppEnabled) return null;
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: input.type, title: input.title, message: input.message, data: input.data ?? {} })
    .returning();
  return notificationView(row!);
}

/**
 * A provider's page of notifications and unread count in one statement (the count rides on each row):
 * prepared once per database handle and named, like the session check (decision 0014), since every
 * member page of the app asks for them, and the dashboard page's round trips are most of its cost
 * (decision 0033). A page of at least one row is empty only when there is nothing to list, and then
 * nothing is unread either: unread notifications are in every page's filter.
 */
const listStatements = perDatabase((db) => {
  const mine = eq(notifications.userId, sql.placeholder('userId'));
  const unread = and(mine, eq(notifications.isRead, false));
  const unreadCount = sql<number>`(${db.select({ n: count() }).from(notifications).where(unread)})`.mapWith(Number);
  const page = (unreadOnly: boolean) =>
    db
      .select({ row: notifications, unreadCount })
      .from(notifications)
      .where(unreadOnly ? unread : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(unreadOnly ? 'vitae_notifications_unread_counted' : 'vitae_notifications_all_counted');
  return { all: page(false), unreadOnly: page(true) };
});

export async function listNotifications(db: Database, userId: string, query: { unreadOnly: boolean; limit: number }): Promise<NotificationListResponse> {
  const statements = listStatements(db);
  const rows = await (query.unreadOnly ? statements.unreadOnly : statements.all).execute({ userId, limit: Math.max(1, query.limit) });
  return { items: rows.map(({ row }) => notificationView(row)), unreadCount: rows[0]?.unreadCount ?? 0 };
}

export async function setNotificationRead(db: Database, userId: string, id: string, isRead: boolean) {
  if (!UUID.test(id)) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  const [row] = await db
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return notificationView(row);
}

export async function markAllNotificationsRead(db: Database, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function deleteNotification(db: Database, userId: string, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return { deleted: true };
}

// ── Settings ────────────────────────────────────────────────────────────────────────────────

type SettingsRow = typeof notificationSettings.$inferSelect;

function settingsFromRow(row: SettingsRow | undefined, frequency: NotificationSettings['frequency'] | null): NotificationSettings {
  if (!row)
    return {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      categories: { ...DEFAULT_NOTIFICATION_SETTINGS.categories },
      frequency: frequency ?? DEFAULT_NOTIFICATION_SETTINGS.frequency,
    };
  return {
    emailEnabled: row.emailEnabled,
    smsEnabled: row.smsEnabled,
    inAppEnabled: row.inAppEnabled,
    scheduleEnabled: row.scheduleEnabled,
    scheduleDay: row.scheduleDay,
    scheduleHour: row.scheduleHour,
    frequency: frequency ?? DEFAULT_NOTIFICATION_SETTINGS.frequency,
    categories: {
      publications: row.publications,
      clinicalTrials: row.clinicalTrials,
      mediaPress: row.mediaPress,
      profileUpdates: row.profileUpdates,
      systemUpdates: row.systemUpdates,
    },
  };
}

/** Saved settings, or the schema defaults for a provider who never saved any. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [[row], schedule] = await Promise.all([
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1),
    queuedSchedule(db, userId),
  ]);
  return settingsFromRow(row, schedule?.frequency ?? null);
}

export async function getNotificationSettings(db: Database, userId: string): Promise<NotificationSettingsResponse> {
  const [settings, schedule] = await Promise.all([readNotificationSettings(db, userId), queuedSchedule(db, userId)]);
  return { ...settings, nextScheduledRun: settings.scheduleEnabled && schedule ? schedule.runAt.toISOString() : null };
}

export async function updateNotificationSettings(
  db: Database,
  userId: string,
  patch: NotificationSettingsUpdate,
  now = new Date(),
): Promise<NotificationSettingsResponse> {
  const current = await readNotificationSettings(db, userId);
  const next: NotificationSettings = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([key, value]) => key !== 'categories' && value !== undefined)),
    categories: { ...current.categories, ...Object.fromEntries(Object.entries(patch.categories ?? {}).filter(([, value]) => value !== undefined)) },
  };
  const values = {
    emailEnabled: next.emailEnabled,
    smsEnabled: next.smsEnabled,
    inAppEnabled: next.inAppEnabled,
    scheduleEnabled: next.scheduleEnabled,
    scheduleDay: next.scheduleDay,
    scheduleHour: next.scheduleHour,
    ...next.categories,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  const runAt = await syncDiscoverySchedule(db, userId, next, now);
  return { ...next, nextScheduledRun: runAt?.toISOString() ?? null };
}

// ── Discovery results ───────────────────────────────────────────────────────────────────────

export interface DiscoveryNotificationInput {
  runId: string;
  scheduled: boolean;
  added: { publications: number; clinicalTrials: number; mediaPress: number };
  errors: number;
}

const CATEGORY_LABELS: Record<'publications' | 'clinicalTrials' | 'mediaPress', [string, string]> = {
  publications: ['publication', 'publications'],
  clinicalTrials: ['clinical trial', 'clinical trials'],
  mediaPress: ['media item', 'media items'],
};

const plural = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

function listWords(parts: string[]) {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Tells the provider what a discovery run found: in the app (the bell links to the review) unless
 * in-app notifications are off, and by e-mail when e-mail is on and a category with new items is on.
 */
export async function notifyDiscoveryResults(
  deps: { db: Database; mailer?: Mailer; logger: Logger; appUrl: string },
  userId: string,
  input: DiscoveryNotificationInput,
) {
  const kinds = (Object.keys(CATEGORY_LABELS) as Array<keyof typeof CATEGORY_LABELS>).filter((key) => input.added[key] > 0);
  const total = kinds.reduce((sum, key) => sum + input.added[key], 0);
  const prefix = input.scheduled ? 'Scheduled search: ' : '';
  const title =
    total > 0 ? `${prefix}${total} new ${total === 1 ? 'item' : 'items'} to review` : input.scheduled ? `${prefix}no new items found` : 'No new items found';
  const found = listWords(kinds.map((key) => plural(input.added[key], CATEGORY_LABELS[key])));
  const message =
    total > 0
      ? `Discovery found ${found} that may be yours. Review them in the Discovery Lab.`
      : 'Nothing new this time. Items you rejected or already have are not offered again.';
  const notification = await createNotification(deps.db, userId, {
    type: 'discovery_results',
    title,
    message: input.errors > 0 ? `${message} Some sources could not be searched.` : message,
    data: { runId: input.runId, added: input.added, link: '/discovery-lab', scheduled: input.scheduled },
  });

  if (total > 0 && deps.mailer) {
    try {
      const settings = await readNotificationSettings(deps.db, userId);
      const lines = kinds
        .filter((key) => settings.categories[key as NotificationCategory])
        .map((key) => ({ label: CATEGORY_LABELS[key][1].replace(/^./, (c) => c.toUpperCase()), count: input.added[key] }));
      if (settings.emailEnabled && lines.length > 0) {
        const [user] = await deps.db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
        if (user) {
          const reviewUrl = `${deps.appUrl}/discovery-lab`;
          const mail = discoveryResultsEmail({
            name: user.fullName,
            lines,
            reviewUrl,
            settingsUrl: `${deps.appUrl}/discovery-lab#notification-settings`,
            scheduled: input.scheduled,
          });
          await deps.mailer.send({ to: user.email, kind: 'discovery_results', links: [reviewUrl], ...mail });
        }
      }
    } catch (error) {
      // The in-app notification is the record; a mail failure must not undo the run.
      deps.logger.warn({ err: error, userId }, 'discovery results e-mail could not be sent');
    }
  }
  return notification;
}
