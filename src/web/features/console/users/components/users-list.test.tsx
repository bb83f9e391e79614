import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { adminUserRow } from '../test/admin-user-row';
import { UsersList } from './users-list';

const ROW = adminUserRow({ listingStatus: 'pending' });

// Issue 35 item 6: a list an admin can work with.
describe('UsersList', () => {
  it('arrives filtered from the dashboard, sorts and filters on the server, and keeps delete off the list', async () => {
    const api = serveApi({ '/api/admin/users': { body: { items: [ROW], totalCount: 1 } } });
    const asked = () => api.calls.map((call) => call.search);
    const user = userEvent.setup();
    renderRoutes([{ path: '/system-admin/users', element: <UsersList system={false} /> }], { initialEntries: ['/system-admin/users?completionBelow=50'] });
    expect((await screen.findAllByRole('link', { name: 'View the profile of Cy Never' })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Waiting for approval').length).toBeGreaterThan(1);
    expect(asked()[0]!.get('completionBelow')).toBe('50');
    expect(asked()[0]!.get('sort')).toBe('completion');
    expect((screen.getByRole('combobox', { name: 'Completion' }) as HTMLSelectElement).value).toBe('50');

    // Labelled actions; no delete beside them.
    expect(screen.getAllByRole('link', { name: 'View the profile of Cy Never' })[0]!.textContent).toContain('View profile');
    expect(screen.getAllByRole('button', { name: 'Sync sign-in status of Cy Never' })[0]!.textContent).toContain('Sync status');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Publishing' }), 'published');
    await waitFor(() => expect(asked().at(-1)!.get('publishing')).toBe('published'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Last sign-in' }), 'never');
    await waitFor(() => expect(asked().at(-1)!.get('signIn')).toBe('never'));
  });
});
