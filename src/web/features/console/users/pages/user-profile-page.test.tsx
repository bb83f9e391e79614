import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { adminUserRow } from '../test/admin-user-row';
import { UserProfilePage } from './user-profile-page';

const USER = adminUserRow({ npiNumber: '1234567893', hospitalId: '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a', hospitalName: 'Northfield Health' });

// Issue 35 item 6: deleting a provider is kept off the list (users-list.test.tsx) and, on their
// profile page, happens only after a confirmation that says what goes.
describe('UserProfilePage', () => {
  it('deletes a provider only after the confirmation, then returns to the list', async () => {
    const api = serveApi({
      '/api/admin/me': {
        body: {
          id: 'a-hosp',
          email: 'hospital.admin@northfield.example',
          full_name: 'Hana Hospital',
          role: 'hospital_admin',
          hospital_id: USER.hospitalId,
          must_change_password: false,
          session_started_at: '2026-11-28T09:00:00.000Z',
        },
      },
      [`/api/admin/users/${USER.id}`]: { body: { user: USER, sections: {} } },
      [`/api/admin/users/${USER.id}/history`]: { body: { items: [], nextBefore: null } },
      [`DELETE /api/admin/users/${USER.id}`]: { body: { deleted: true } },
    });
    const deletes = () => api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path);
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/system-admin/users/:userId', element: <UserProfilePage /> },
        { path: '/system-admin/users', element: <h1>All users</h1> },
      ],
      { initialEntries: [`/system-admin/users/${USER.id}`] },
    );

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Cy Never?' });
    expect(within(dialog).getByText('Cy Never’s profile — every section — and their sign-in account are removed. This cannot be undone.')).toBeDefined();
    expect(deletes()).toEqual([]);

    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(deletes()).toEqual([`/api/admin/users/${USER.id}`]));
    // The navigation follows the DELETE's answer: wait for the list's heading, not whichever h1 is there now.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All users'));
  });
});
