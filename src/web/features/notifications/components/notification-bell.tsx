import { Bell, CheckCheck, Circle, CircleCheck, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { NotificationView } from '@shared/schemas/notifications';
import { formatRelative } from '@web/lib/profile-format';
import { cn } from '@web/lib/cn';
import { useDeleteNotification, useMarkAllNotificationsRead, useNotifications, useSetNotificationRead } from '../api/notifications';

/** When a notification came, in the app's English ("3 hours ago"), without an Intl formatter (see profile/lib/format.ts). */
export function timeAgo(iso: string, now = Date.now()) {
  return formatRelative(iso, new Date(now)) ?? '';
}

const linkOf = (notification: NotificationView) =>
  typeof notification.data.link === 'string' && notification.data.link.startsWith('/') ? notification.data.link : null;

const iconButton =
  'inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50';

/** The header bell: unread count, the latest notifications, mark read, mark all read, delete. */
export function NotificationBell() {
  const { data } = useNotifications();
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const items = data?.items ?? [];
  const unread = data?.unreadCount ?? 0;
  const badge = unread > 99 ? '99+' : String(unread);

  const openNotification = (notification: NotificationView) => {
    const link = linkOf(notification);
    if (!notification.isRead) setRead.mutate({ id: notification.id, isRead: true });
    if (link) {
      setOpen(false);
      void navigate(link);
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((shown) => !shown)}
        className="relative inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-gray-700 transition-colors hover:bg-gray-100"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-coral-600 px-1 text-[11px] leading-5 font-semibold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>

      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="absolute right-0 z-40 mt-2 w-96 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-gray-900">
              Notifications
            </h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0}
              className="inline-flex cursor-pointer items-center gap-1 text-sm font-medium text-brand-700 hover:underline disabled:cursor-default disabled:text-gray-400 disabled:no-underline"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </button>
          </div>

          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-gray-600">You’re all caught up.</p>
          ) : (
            <ul aria-label="Notifications" className="max-h-[60vh] divide-y divide-gray-100 overflow-y-auto">
              {items.map((notification) => (
                <li key={notification.id} className={cn('flex gap-3 px-4 py-3', !notification.isRead && 'bg-brand-50/50')}>
                  <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.isRead ? 'bg-transparent' : 'bg-brand-600')} />
                  <button type="button" onClick={() => openNotification(notification)} className="min-w-0 flex-1 cursor-pointer text-left">
                    <span className={cn('block text-sm', notification.isRead ? 'font-medium text-gray-800' : 'font-semibold text-gray-900')}>
                      {notification.title}
                      {notification.isRead ? null : <span className="sr-only"> (unread)</span>}
                    </span>
                    <span className="mt-0.5 block text-sm text-gray-600">{notification.message}</span>
                    <span className="mt-1 block text-xs text-gray-500">{timeAgo(notification.createdAt)}</span>
                  </button>
                  <div className="flex shrink-0 flex-col gap-1">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={notification.isRead ? `Mark “${notification.title}” as unread` : `Mark “${notification.title}” as read`}
                      onClick={() => setRead.mutate({ id: notification.id, isRead: !notification.isRead })}
                    >
                      {notification.isRead ? <Circle aria-hidden="true" className="size-4" /> : <CircleCheck aria-hidden="true" className="size-4" />}
                    </button>
                    <button type="button" className={iconButton} aria-label={`Delete “${notification.title}”`} onClick={() => remove.mutate(notification.id)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}

          <div className="border-t border-gray-100 px-4 py-2.5 text-right">
            <Link to="/discovery-lab" onClick={() => setOpen(false)} className="text-sm font-medium text-brand-700 hover:underline">
              Open the Discovery Lab
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
