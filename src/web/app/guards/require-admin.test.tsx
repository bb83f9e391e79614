import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_LIFETIME_MS } from '@shared/limits';
import { adminMeQueryKey, SIGNED_OUT } from '@web/lib/admin-session';
import { ApiError } from '@web/lib/api-client';
import { createTestQueryClient, renderRoutes } from '@web/test/render';
import { failure, serveApi } from '@web/test/api';
import { RequireAdmin } from './require-admin';

const routes = [
  {
    element: <RequireAdmin />,
    children: [
      { path: '/system-admin', element: <h1>Console</h1> },
      { path: '/admin/change-password', element: <h1>Change password</h1> },
    ],
  },
  { path: '/admin/login', element: <h1>Admin login</h1> },
];

function admin(fields: Record<string, unknown> = {}) {
  return {
    id: 'a1',
    email: 'admin@vitae.local',
    role: 'system_admin',
    hospital_id: null,
    must_change_password: false,
    session_started_at: new Date().toISOString(),
    ...fields,
  };
}

function visit(path: string, client = createTestQueryClient()) {
  return renderRoutes(routes, { initialEntries: [path], client });
}

async function expectLocation(router: ReturnType<typeof visit>['router'], href: string) {
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(href));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RequireAdmin', () => {
  it('lets a signed-in administrator in', async () => {
    serveApi({ '/api/admin/me': { body: admin() } });
    visit('/system-admin');
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeDefined();
  });

  it('sends an expired session to the login page with the expiry reason', async () => {
    serveApi({
      '/api/admin/me': {
        status: 401,
        body: { error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please log in again.', details: { reason: 'absolute' } } },
      },
    });
    const { router } = visit('/system-admin');
    await expectLocation(router, '/admin/login?reason=expired');
  });

  it('sends someone who never signed in to the plain login page', async () => {
    serveApi({ '/api/admin/me': { status: 401, body: { error: { code: 'ADMIN_UNAUTHORIZED', message: 'No' } } } });
    const { router } = visit('/system-admin');
    await expectLocation(router, `/admin/login?next=${encodeURIComponent('/system-admin')}`);
  });

  it('holds an administrator on the change-password page while the change is pending', async () => {
    serveApi({ '/api/admin/me': { body: admin({ must_change_password: true }) } });
    const { router } = visit('/system-admin');
    await expectLocation(router, '/admin/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeDefined();
  });

  it('re-checks a cached "signed out" (e.g. from the login page) before turning someone away', async () => {
    serveApi({ '/api/admin/me': { body: admin() } });
    const client = createTestQueryClient();
    client.setQueryData(adminMeQueryKey, SIGNED_OUT);
    visit('/system-admin', client);
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeDefined();
  });

  it('ends the session on the client when its 8 hours are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started = Date.now() - ADMIN_SESSION_LIFETIME_MS + 5_000;
    serveApi({ '/api/admin/me': { body: admin({ session_started_at: new Date(started).toISOString() }) } });
    const { router } = visit('/system-admin');
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await expectLocation(router, '/admin/login?reason=expired');
  });

  it('re-checks the session when another admin call is refused with 401', async () => {
    let expired = false;
    serveApi({ '/api/admin/me': () => (expired ? failure('SESSION_EXPIRED', 401, 'x') : { body: admin() }) });
    const { router, client } = visit('/system-admin');
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeDefined();
    expired = true;
    await client
      .fetchQuery({
        queryKey: ['admin', 'stats'],
        queryFn: () => Promise.reject(new ApiError(401, 'SESSION_EXPIRED', 'x')),
      })
      .catch(() => undefined);
    await expectLocation(router, '/admin/login?reason=expired');
  });
});
