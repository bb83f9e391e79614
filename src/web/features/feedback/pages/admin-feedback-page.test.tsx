import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_MESSAGES } from '@shared/schemas/feedback';
import { renderAt } from '@web/test/render';
import { json, notFound, type RecordedCall, serveApi } from '@web/test/api';
import type { FeedbackItem } from '../api/types';
import { AdminFeedbackPage } from './admin-feedback-page';

function item(fields: Partial<FeedbackItem> & { id: string; title: string }): FeedbackItem {
  return {
    description: 'Something went wrong.',
    category: 'bug',
    severity: 3,
    status: 'submitted',
    user: { id: 'u1', email: 'jordan.avery@northfield.example', tier: 'beta' },
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    linkedIssue: null,
    metadata: { browser: 'Chrome 126', os: 'macOS 10.15.7', url: '/dashboard', userAgent: 'Mozilla/5.0' },
    tags: [],
    reproductionSteps: null,
    screenshotUrl: null,
    technicalContext: { browser: 'Chrome 126', os: 'macOS 10.15.7', userAgent: 'Mozilla/5.0', consoleErrors: [], networkErrors: [], navigation: [] },
    applicationContext: { currentRoute: '/dashboard' },
    archivedAt: null,
    ...fields,
  };
}

const ITEMS = [
  item({
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Save button greyed out',
    severity: 4,
    status: 'in_progress',
    screenshotUrl: '/api/feedback/screenshots/u1/1700000000000-abcd1234.jpg',
    linkedIssue: { id: 'lin-1', identifier: 'VIT-42', url: 'https://linear.app/vitae/issue/VIT-42', status: 'in_progress' },
    reproductionSteps: '1. Open Biography\n2. Click Save',
    technicalContext: {
      browser: 'Chrome 126',
      os: 'macOS 10.15.7',
      userAgent: 'Mozilla/5.0 (Macintosh)',
      consoleErrors: [{ message: 'TypeError: cannot read properties of undefined', at: '2025-03-01T09:59:00.000Z' }],
      networkErrors: [{ method: 'PUT', url: '/api/profile/biography', status: 500, at: '2025-03-01T09:59:30.000Z' }],
      navigation: [
        { path: '/dashboard', at: '' },
        { path: '/biography', at: '' },
      ],
    },
    applicationContext: { currentRoute: '/biography' },
  }),
  item({ id: '22222222-2222-4222-8222-222222222222', title: 'Dark mode please', category: 'feature', severity: 1 }),
];

const STATS = { byCategory: { bug: 1, feature: 1 }, bySeverity: { 1: 1, 4: 1 }, byStatus: { submitted: 1, in_progress: 1 }, total: 2 };

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

function server(options: { list?: () => Response; bulk?: (body: { ids: string[] }) => Response } = {}) {
  const sent: Sent[] = [];
  const stored = new Map(ITEMS.map((entry) => [entry.id, { ...entry }]));
  const record = (call: RecordedCall) => {
    sent.push({ method: call.method, url: new URL(call.request.url), body: call.body });
  };
  serveApi({
    '/api/admin/feedback': (call) => {
      record(call);
      return options.list?.() ?? json({ items: ITEMS, totalCount: ITEMS.length });
    },
    '/api/admin/feedback/stats': (call) => {
      record(call);
      return json(STATS);
    },
    'POST /api/admin/feedback/bulk': (call) => {
      record(call);
      const body = call.body as { ids: string[] };
      return options.bulk?.(body) ?? json({ updated: body.ids.length, failed: 0 });
    },
    '/api/admin/feedback/:id': (call) => {
      record(call);
      const found = stored.get(call.path.split('/').at(-1) ?? '');
      return found ? json(found) : notFound;
    },
    'PATCH /api/admin/feedback/:id': (call) => {
      record(call);
      const found = stored.get(call.path.split('/').at(-1) ?? '');
      if (!found) return notFound;
      found.status = (call.body as { status: typeof found.status }).status;
      return json(found);
    },
  });
  return sent;
}

const listRequests = (sent: Sent[]) => sent.filter((request) => request.url.pathname === '/api/admin/feedback' && request.method === 'GET');
const lastList = (sent: Sent[]) => listRequests(sent).at(-1)?.url.searchParams;

function renderPage() {
  return renderAt('/admin/feedback', <AdminFeedbackPage />);
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

describe('AdminFeedbackPage', () => {
  it('lists the feedback with the counts above it', async () => {
    const sent = server();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Save button greyed out' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Dark mode please' })).toBeDefined();
    const params = lastList(sent);
    expect(Object.fromEntries(params ?? [])).toEqual({ status: 'all', sort: 'createdAt', dir: 'desc', page: '1', pageSize: '100' });

    const overview = screen.getByRole('region', { name: 'Overview' });
    await waitFor(() => expect(within(overview).getByText('Bug Report').nextElementSibling?.textContent).toBe('1'));
    expect(within(overview).getByText('In Progress').nextElementSibling?.textContent).toBe('1');
    expect(within(overview).getByText('4 – Critical').nextElementSibling?.textContent).toBe('1');
    expect(within(overview).getByText('Completed').nextElementSibling?.textContent).toBe('0');
  });

  it('sorts: the same key again flips the direction, a new key starts descending', async () => {
    const sent = server();
    renderPage();
    await screen.findByRole('button', { name: 'Save button greyed out' });
    const sortBy = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
    const sortParams = () => {
      const params = lastList(sent);
      return `${params?.get('sort')} ${params?.get('dir')}`;
    };
    const pressed = () => screen.getAllByRole('button', { pressed: true }).map((button) => button.getAttribute('aria-label'));

    expect(pressed()).toEqual(['Sort by date, descending']);
    sortBy(/^Sort by date/);
    await waitFor(() => expect(sortParams()).toBe('createdAt asc'));
    expect(pressed()).toEqual(['Sort by date, ascending']);

    sortBy(/^Sort by severity/);
    await waitFor(() => expect(sortParams()).toBe('severity desc'));
    expect(pressed()).toEqual(['Sort by severity, descending']);
    sortBy(/^Sort by severity/);
    await waitFor(() => expect(sortParams()).toBe('severity asc'));
    // Back to the date: descending again (the first page of that order is already cached).
    sortBy(/^Sort by date/);
    expect(pressed()).toEqual(['Sort by date, descending']);
  });

  it('filters by status, category and severity and searches after a pause', async () => {
    const sent = server();
    renderPage();
    await screen.findByRole('button', { name: 'Save button greyed out' });
    expect(
      screen
        .getAllByRole('option')
        .filter((option) => option.closest('select') === screen.getByLabelText('Status'))
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'all_but_closed', 'submitted', 'in_progress', 'completed', 'rejected']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all_but_closed' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'feature' } });
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: '5' } });
    await waitFor(() => expect(lastList(sent)?.get('severity')).toBe('5'));
    expect(lastList(sent)?.get('status')).toBe('all_but_closed');
    expect(lastList(sent)?.get('category')).toBe('feature');

    const before = listRequests(sent).length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search feedback' }), { target: { value: 'north' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search feedback' }), { target: { value: 'northfield' } });
    await waitFor(() => expect(lastList(sent)?.get('q')).toBe('northfield'));
    // One request for the settled text, none per keystroke.
    expect(
      listRequests(sent)
        .slice(before)
        .map((request) => request.url.searchParams.get('q')),
    ).toEqual(['northfield']);
  });

  it('says there is nothing when the list is empty or cannot be loaded', async () => {
    server({ list: () => json({ error: { code: 'FORBIDDEN', message: 'No access' } }, 403) });
    const first = renderPage();
    expect(await screen.findByText(FEEDBACK_MESSAGES.noneFound)).toBeDefined();
    first.unmount();

    server({ list: () => json({ items: [], totalCount: 0 }) });
    renderPage();
    expect(await screen.findByText(FEEDBACK_MESSAGES.noneFound)).toBeDefined();
  });

  it('selects all and archives them; failures are counted', async () => {
    const sent = server({ bulk: (body) => json({ updated: body.ids.length - 1, failed: 1, message: 'Failed to update 1 items' }) });
    renderPage();
    await screen.findByRole('button', { name: 'Save button greyed out' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect((screen.getByRole('checkbox', { name: 'Select “Dark mode please”' }) as HTMLInputElement).checked).toBe(true);
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeDefined();
    fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Failed to update 1 items')).toBeDefined();
    expect(screen.getByText('Archived 1 item')).toBeDefined();
    const bulk = sent.find((request) => request.url.pathname === '/api/admin/feedback/bulk');
    expect(bulk?.body).toEqual({ ids: ITEMS.map((entry) => entry.id), action: 'archive' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('asks before deleting', async () => {
    const sent = server();
    renderPage();
    await screen.findByRole('button', { name: 'Save button greyed out' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Dark mode please”' }));
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 1 submission?' });
    expect(sent.some((request) => request.url.pathname === '/api/admin/feedback/bulk')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.find((request) => request.url.pathname === '/api/admin/feedback/bulk')?.body).toEqual({ ids: [ITEMS[1]?.id], action: 'delete' }),
    );
    expect(await screen.findByText('Deleted 1 item')).toBeDefined();
  });

  it('opens a submission with its screenshot, context and tracker link, and sets its status', async () => {
    const sent = server();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Save button greyed out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save button greyed out' });

    expect(within(dialog).getByRole('img', { name: 'Screenshot sent with the feedback' }).getAttribute('src')).toBe(ITEMS[0]?.screenshotUrl);
    expect(
      within(dialog)
        .getByRole('link', { name: /Open VIT-42 in the tracker/ })
        .getAttribute('href'),
    ).toBe('https://linear.app/vitae/issue/VIT-42');
    expect(within(dialog).getByText('Chrome 126')).toBeDefined();
    expect(within(dialog).getByText('macOS 10.15.7')).toBeDefined();
    expect(within(dialog).getByText('/biography', { selector: 'span' })).toBeDefined();
    expect(within(dialog).getByText('TypeError: cannot read properties of undefined')).toBeDefined();
    expect(within(dialog).getByText('PUT /api/profile/biography → 500')).toBeDefined();
    expect(within(dialog).getByText(/1\. Open Biography/)).toBeDefined();

    const status = within(dialog).getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('in_progress');
    fireEvent.change(status, { target: { value: 'completed' } });
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
        url: expect.objectContaining({ pathname: `/api/admin/feedback/${ITEMS[0]?.id}` }),
        body: { status: 'completed' },
      }),
    );
    expect(await screen.findByText('Status set to Completed')).toBeDefined();
    await waitFor(() => expect(status.value).toBe('completed'));
  });
});
