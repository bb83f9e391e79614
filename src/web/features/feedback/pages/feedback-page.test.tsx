import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import type { FeedbackItem } from '../api/types';
import { setWidgetState, useWidgetState } from '../lib/widget-state';
import { FeedbackPage } from './feedback-page';

const base: Omit<FeedbackItem, 'id' | 'title' | 'status'> = {
  description: 'Details.',
  category: 'bug',
  severity: 2,
  user: { id: 'u1', email: 'jordan.avery@northfield.example', tier: 'beta' },
  createdAt: '2025-03-02T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  linkedIssue: null,
  metadata: { browser: 'Chrome 126', os: 'Linux', url: '/dashboard', userAgent: 'Mozilla/5.0' },
  tags: [],
  reproductionSteps: null,
  screenshotUrl: null,
  technicalContext: null,
  applicationContext: null,
  archivedAt: null,
};

function server(tier: string, items: FeedbackItem[]) {
  const api = serveApi({
    '/api/auth/session': { body: { user: { id: 'u1', email: 'jordan.avery@northfield.example', tier } } },
    '/api/config': { body: { environment: 'test', release: 'dev', sentryDsn: null, schedulingUrl: null, feedbackBetaOnly: true } },
    '/api/feedback/mine': { body: { items, totalCount: items.length } },
  });
  return () => api.calls.map((call) => `${call.path}${call.search.size > 0 ? `?${call.search}` : ''}`);
}

function WidgetState() {
  return <output aria-label="Widget state">{useWidgetState()}</output>;
}

afterEach(() => {
  act(() => setWidgetState('closed'));
});

describe('FeedbackPage', () => {
  it('lists the provider’s submissions, 50 a page, with status and tracker link; the button opens the widget', async () => {
    const urls = server('beta', [
      {
        ...base,
        id: 'f2',
        title: 'Chart overlaps',
        status: 'in_progress',
        linkedIssue: { id: 'l1', identifier: 'VIT-7', url: 'https://linear.app/vitae/issue/VIT-7', status: 'in_progress' },
      },
      { ...base, id: 'f1', title: 'Typo on the dashboard', status: 'completed' },
    ]);
    renderAt(
      '/feedback',
      <>
        <FeedbackPage />
        <WidgetState />
      </>,
    );
    const first = (await screen.findByRole('heading', { name: 'Chart overlaps' })).closest('li') as HTMLElement;
    expect(within(first).getByText('In Progress')).toBeDefined();
    expect(
      within(first)
        .getByRole('link', { name: /Tracked as VIT-7/ })
        .getAttribute('href'),
    ).toBe('https://linear.app/vitae/issue/VIT-7');
    const second = screen.getByRole('heading', { name: 'Typo on the dashboard' }).closest('li') as HTMLElement;
    expect(within(second).getByText('Completed')).toBeDefined();
    expect(urls()).toContain('/api/feedback/mine?page=1&pageSize=50');

    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Widget state' }).textContent).toBe('open'));
  });

  it('says where the Send Feedback button is on every page, in the header on a phone (the page tour saw "bottom right")', async () => {
    server('beta', []);
    renderAt('/feedback', <FeedbackPage />);
    expect(
      await screen.findByText('Use the Send Feedback button here, or the one on every page: at the right edge of the window, or in the header on a phone.'),
    ).toBeDefined();
  });

  it('explains why a standard user cannot send feedback during the beta', async () => {
    server('standard', []);
    renderAt('/feedback', <FeedbackPage />);
    expect(await screen.findByText('Feedback is open to beta testers')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).toBeNull();
    expect(await screen.findByText('You have not sent any feedback yet.')).toBeDefined();
  });
});
