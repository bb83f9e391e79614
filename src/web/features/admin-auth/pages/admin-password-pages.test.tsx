import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { type Answer, json, pending, serveApi } from '@web/test/api';
import { createTestQueryClient, renderRoutes } from '@web/test/render';
import { adminMeQueryKey } from '@web/lib/admin-session';
import { AdminChangePasswordPage } from './admin-change-password-page';
import { AdminResetPasswordPage } from './admin-reset-password-page';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

afterEach(() => {});

describe('AdminResetPasswordPage', () => {
  function renderReset(path: string) {
    return renderRoutes(
      [
        { path: '/admin/reset-password', element: <AdminResetPasswordPage /> },
        { path: '/admin/login', element: <h1>Admin login</h1> },
      ],
      { initialEntries: [path] },
    );
  }

  it('applies the password rules before sending', async () => {
    const api = serveApi({ 'POST /api/auth/reset-password': pending });
    renderReset('/admin/reset-password?token=t1');
    type('New password', 'short');
    type('Confirm new password', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeDefined();
    expect(screen.getByText(AUTH_MESSAGES.passwordsDiffer)).toBeDefined();
    type('New password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordCommon)).toBeDefined();
    expect(api.calls).toHaveLength(0);
  });

  it('sets the password with the token and sends the administrator to sign in', async () => {
    const api = serveApi({ 'POST /api/auth/reset-password': json({ reset: true, redirectTo: '/login' }) });
    const { router } = renderReset('/admin/reset-password?token=t1');
    type('New password', 'Lantern-Harbour-2931');
    type('Confirm new password', 'Lantern-Harbour-2931');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/login?reason=password_set'));
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/auth/reset-password', { token: 't1', newPassword: 'Lantern-Harbour-2931' }]]);
  });

  it('explains an invalid or used link', async () => {
    serveApi({ 'POST /api/auth/reset-password': json({ error: { code: 'RESET_LINK_INVALID', message: AUTH_MESSAGES.resetLinkInvalid } }, 400) });
    renderReset('/admin/reset-password?token=used');
    type('New password', 'Lantern-Harbour-2931');
    type('Confirm new password', 'Lantern-Harbour-2931');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'This link can’t be used' })).toBeDefined();
    expect(screen.getByText(AUTH_MESSAGES.resetLinkInvalid)).toBeDefined();
  });

  it('shows the invalid-link state when the token is missing', async () => {
    renderReset('/admin/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link can’t be used' })).toBeDefined();
  });
});

describe('AdminChangePasswordPage', () => {
  function renderChange(mustChange: boolean, answer: Answer, hasPassword = true) {
    const client = createTestQueryClient();
    const me = { id: 'a1', email: 'new@northfield.example', role: 'hospital_admin', must_change_password: mustChange, has_password: hasPassword };
    client.setQueryData(adminMeQueryKey, { admin: me, expired: false });
    const api = serveApi({
      '/api/admin/me': { body: { ...me, must_change_password: false } },
      'POST /api/auth/change-password': answer,
      'POST /api/admin/auth/set-password': answer,
    });
    const view = renderRoutes(
      [
        { path: '/admin/change-password', element: <AdminChangePasswordPage /> },
        { path: '/system-admin', element: <h1>Console</h1> },
      ],
      { initialEntries: ['/admin/change-password'], client },
    );
    return { ...view, api };
  }

  it('says the change is required when it is', async () => {
    renderChange(true, { body: { changed: true } });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeDefined();
    expect(screen.getByText(ADMIN_MESSAGES.passwordChangeRequired)).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
  });

  it('changes the password, signing out other sessions by default, then opens the console', async () => {
    const { router, api } = renderChange(true, { body: { changed: true } });
    type('Current password', 'Lantern-Harbour-2931');
    type('New password', 'Quiet-Meadow-Compass-77');
    type('Confirm new password', 'Quiet-Meadow-Compass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system-admin'));
    expect(api.callsTo('POST', '/api/auth/change-password').map((call) => call.body)).toEqual([
      {
        currentPassword: 'Lantern-Harbour-2931',
        newPassword: 'Quiet-Meadow-Compass-77',
        revokeOtherSessions: true,
      },
    ]);
  });

  it('puts a wrong current password on its field', async () => {
    renderChange(false, {
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: AUTH_MESSAGES.currentPasswordWrong, details: { field: 'currentPassword' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeDefined();
    type('Current password', 'wrong-password-1');
    type('New password', 'Quiet-Meadow-Compass-77');
    type('Confirm new password', 'Quiet-Meadow-Compass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText(AUTH_MESSAGES.currentPasswordWrong);
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('lets an administrator who only used magic links set a first password, without asking for a current one', async () => {
    const { router, api } = renderChange(false, { body: { changed: true } }, false);
    expect(await screen.findByRole('heading', { name: 'Set a password' })).toBeDefined();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'Quiet-Meadow-Compass-77');
    type('Confirm new password', 'Quiet-Meadow-Compass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system-admin'));
    expect(api.callsTo('POST', '/api/admin/auth/set-password').map((call) => call.body)).toEqual([{ newPassword: 'Quiet-Meadow-Compass-77' }]);
    expect(api.callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('sends a change answered with a server error once, and says so', async () => {
    const { api } = renderChange(false, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' } },
    });
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeDefined();
    type('Current password', 'Lantern-Harbour-2931');
    type('New password', 'Quiet-Meadow-Compass-77');
    type('Confirm new password', 'Quiet-Meadow-Compass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeDefined();
    // Past the whole retry schedule (1 s, 2 s, 4 s): still the one request.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(api.callsTo('POST', '/api/auth/change-password')).toHaveLength(1);
  });
});
