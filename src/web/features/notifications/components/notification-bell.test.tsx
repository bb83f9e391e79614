import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/schemas/notifications';
import { renderRoutes } from '@web/test/render';
import { type RecordedCall, serveApi } from '@web/test/api';
import { NotificationBell, timeAgo } from './notification-bell';

const NOW = Date.now();

function notification(overrides: Partial<NotificationView>): NotificationView {
  return {
    id: 'n0',
    type: 'discovery_results',
    title: 'T',
    message: 'M',
    data: {},
    isRead: false,
    createdAt: new Date(NOW - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A notifications API in memory: the list reflects what the bell changed. */
function server(initial: NotificationView[]) {
  let items = [...initial];
  const sent: Sent[] = [];
  const record = (call: RecordedCall) => sent.push({ method: call.method, path: call.path, body: call.body });
  serveApi({
    '/api/notifications': () => ({ body: { items, unreadCount: items.filter((n) => !n.isRead).length } }),
    'POST /api/notifications/read-all': (call) => {
      record(call);
      items = items.map((n) => ({ ...n, isRead: true }));
      return { body: { updated: 1 } };
    },
    'PATCH /api/notifications/:id': (call) => {
      record(call);
      const id = call.path.split('/').at(-1);
      items = items.map((n) => (n.id === id ? { ...n, isRead: (call.body as { isRead: boolean }).isRead } : n));
      return { body: items.find((n) => n.id === id) };
    },
    'DELETE /api/notifications/:id': (call) => {
      record(call);
      const id = call.path.split('/').at(-1);
      items = items.filter((n) => n.id !== id);
      return { body: { deleted: true } };
    },
  });
  return sent;
}

function renderBell() {
  return renderRoutes(
    [
      { path: '/dashboard', element: <NotificationBell /> },
      { path: '/discovery-lab', element: <h1>Discovery Lab</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
}

const DISCOVERY = notification({
  id: 'n1',
  title: '5 new items to review',
  message: 'Discovery found 3 publications and 2 clinical trials.',
  data: { link: '/discovery-lab' },
});
const SYSTEM = notification({
  id: 'n2',
  type: 'system',
  title: 'Maintenance on Sunday',
  message: 'Vitae is down 2–3 am.',
  isRead: true,
  createdAt: new Date(NOW - 2 * 86_400_000).toISOString(),
});
const OTHER = notification({
  id: 'n3',
  title: 'Scheduled search: 1 new item to review',
  message: 'Discovery found 1 publication.',
  data: { link: '/discovery-lab' },
});

describe('NotificationBell', () => {
  it('shows the unread count and lists notifications newest first', async () => {
    server([OTHER, DISCOVERY, SYSTEM]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    fireEvent.click(bell);
    const list = screen.getByRole('list', { name: 'Notifications' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('button span')?.textContent);
    expect(titles).toEqual(['Scheduled search: 1 new item to review (unread)', '5 new items to review (unread)', 'Maintenance on Sunday']);
    expect(within(list).getAllByText('5 minutes ago')).toHaveLength(2);
  });

  it('marks one read, then all read, and deletes', async () => {
    const sent = server([OTHER, DISCOVERY, SYSTEM]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark “5 new items to review” as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeDefined();
    expect(sent[0]).toEqual({ method: 'PATCH', path: '/api/notifications/n1', body: { isRead: true } });

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeDefined();
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/api/notifications/read-all' });
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Maintenance on Sunday”' }));
    await waitFor(() => expect(screen.queryByText('Maintenance on Sunday')).toBeNull());
    expect(sent[2]).toEqual({ method: 'DELETE', path: '/api/notifications/n2', body: undefined });
  });

  it('opens the Discovery Lab from a discovery notification and marks it read', async () => {
    const sent = server([DISCOVERY]);
    const { router } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(screen.getByRole('button', { name: /^5 new items to review/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discovery-lab'));
    expect(sent[0]).toEqual({ method: 'PATCH', path: '/api/notifications/n1', body: { isRead: true } });
  });

  it('says when there is nothing, and links to the Discovery Lab', async () => {
    server([]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('You’re all caught up.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Open the Discovery Lab' }).getAttribute('href')).toBe('/discovery-lab');
  });

  it('closes on Escape', async () => {
    server([DISCOVERY]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
  });

  it('words times relative to now', () => {
    expect(timeAgo(new Date(NOW - 30_000).toISOString(), NOW)).toBe('just now');
    expect(timeAgo(new Date(NOW - 3 * 3_600_000).toISOString(), NOW)).toBe('3 hours ago');
    expect(timeAgo(new Date(NOW - 86_400_000).toISOString(), NOW)).toBe('yesterday');
  });
});
