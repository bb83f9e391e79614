import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminWorkView } from '@shared/schemas/admin-work';
import { serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { WorkCard } from './work-card';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const WORK: AdminWorkView = {
  listingsAwaitingApproval: { count: 3, hospitalId: HOSPITAL },
  joinRequests: { count: 1, hospitalId: HOSPITAL },
  appointmentRequests: { count: 0, hospitalId: null },
  providersBelowThreshold: { count: 12, hospitalId: HOSPITAL, threshold: 50, remindable: 9 },
  newFeedback: { count: 2, hospitalId: HOSPITAL },
};

// Issue 35 item 5: the console dashboard gives work, each a count and a link, and a reminder that is confirmed.
describe('WorkCard', () => {
  it('lists what waits, each a count and a link to where it is done, and confirms the reminder before sending', async () => {
    const api = serveApi({
      '/api/admin/work': { body: WORK },
      'POST /api/admin/work/completion-reminders': { body: { sent: 9, skippedRecentlyReminded: 3, remaining: 0 } },
    });
    const sent = () => api.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    const user = userEvent.setup();
    renderAt('/system-admin', <WorkCard />);
    const listings = await screen.findByRole('link', { name: /3\s*listings wait for approval/ });
    expect(listings.getAttribute('href')).toBe(`/system-admin/hospitals/${HOSPITAL}/directory`);
    expect(screen.getByRole('link', { name: /1\s*provider asks to join/ }).getAttribute('href')).toBe('/system-admin/users#hospital-requests-heading');
    expect(screen.getByRole('link', { name: /0\s*new appointment requests/ }).getAttribute('href')).toBe('/system-admin/hospitals');
    expect(screen.getByRole('link', { name: /12\s*providers below the completion threshold \(50%\)/ }).getAttribute('href')).toBe(
      '/system-admin/users?completionBelow=50',
    );
    expect(screen.getByRole('link', { name: /2\s*new feedback reports/ }).getAttribute('href')).toBe('/admin/feedback');

    await user.click(screen.getByRole('button', { name: 'Send a reminder' }));
    expect(await screen.findByRole('alertdialog', { name: 'E-mail 9 providers?' })).toBeDefined();
    expect(sent()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send the reminder' }));
    await waitFor(() => expect(sent()).toEqual(['/api/admin/work/completion-reminders']));
  });

  it('says so instead of offering a reminder when everyone below the threshold was reminded this week', async () => {
    serveApi({ '/api/admin/work': { body: { ...WORK, providersBelowThreshold: { ...WORK.providersBelowThreshold, remindable: 0 } } } });
    renderAt('/system-admin', <WorkCard />);
    expect(await screen.findByText('All were reminded in the last 7 days.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Send a reminder' })).toBeNull();
  });
});
