import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ERROR_MESSAGES } from '@shared/errors';
import { json, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { AuthCallbackPage } from './auth-callback-page';

function renderCallback(path: string, answer: () => Response) {
  const api = serveApi({ 'POST /api/auth/callback': answer });
  const view = renderRoutes(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/system-admin', element: <h1>System admin</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...view, api };
}

describe('AuthCallbackPage', () => {
  it('verifies only when Continue is clicked, then follows the server', async () => {
    const { api, router } = renderCallback('/auth/callback?token_hash=abc&type=magiclink', () =>
      json({ user: { id: 'u1', email: 'maya@example.org', fullName: 'Maya' }, redirectTo: '/dashboard' }),
    );
    expect(screen.getByRole('heading', { name: 'Continue to sign in' })).toBeDefined();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/auth/callback', { token_hash: 'abc', type: 'magiclink', admin: false }]]);
  });

  it('sends an administrator where the server says', async () => {
    const { api } = renderCallback('/auth/callback#token_hash=abc&type=magiclink&admin=true', () =>
      json({ admin: { email: 'ops@example.org' }, redirectTo: '/system-admin' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'System admin' })).toBeDefined();
    expect(api.calls[0]?.body).toMatchObject({ admin: true });
  });

  it('explains an expired link and offers a new one', async () => {
    renderCallback('/auth/callback?token_hash=abc&type=magiclink&admin=true', () =>
      json({ error: { code: 'MAGIC_LINK_EXPIRED', message: ADMIN_ERROR_MESSAGES.MAGIC_LINK_EXPIRED } }, 400),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeDefined();
    expect(screen.getByText(ADMIN_ERROR_MESSAGES.MAGIC_LINK_EXPIRED)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/admin/login');
  });

  it('says when the link is incomplete or carries an error', async () => {
    renderCallback('/auth/callback?type=magiclink', () => json({}));
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login');

    renderCallback('/auth/callback?error=access_denied&error_description=Email+link+is+invalid+or+has+expired', () => json({}));
    await waitFor(() => expect(screen.getByText('Email link is invalid or has expired')).toBeDefined());
  });
});
