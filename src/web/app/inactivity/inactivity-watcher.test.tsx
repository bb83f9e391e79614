import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { json, notFound, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { RequireMember } from '../guards/require-member';
import { InactivityWatcher } from './inactivity-watcher';

const MINUTE = 60_000;

type Handler = (path: string) => Response | undefined;

/** Keep-alive and sign-out succeed unless `handler` answers them (or the session check) otherwise. */
function stubApi(handler: Handler = () => undefined) {
  const api = serveApi({
    'POST /api/auth/keep-alive': (call) => handler(call.path) ?? json({ active: true }),
    'POST /api/auth/sign-out': (call) => handler(call.path) ?? json({ signedOut: true }),
    '/api/auth/session': (call) => handler(call.path) ?? notFound,
  });
  const calls = (path: string) => api.calls.filter((call) => call.path === path).length;
  const bodies = (path: string) => api.calls.filter((call) => call.path === path).map((call) => call.body);
  return { calls, bodies };
}

function renderWatcher() {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <h1>Dashboard</h1>
            <InactivityWatcher />
          </>
        ),
      },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const warning = () => screen.queryByRole('alertdialog');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('InactivityWatcher', () => {
  it('warns after 25 minutes with a countdown that cannot be dismissed, and Stay Logged In restarts the timer', async () => {
    const api = stubApi();
    renderWatcher();
    await advance(25 * MINUTE - 1_000);
    expect(warning()).toBeNull();

    await advance(1_000);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Are you still there?' })).toBeDefined();
    expect(within(dialog).getByRole('timer').textContent).toBe('5:00');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    await advance(1_000);
    expect(within(dialog).getByRole('timer').textContent).toBe('4:59');
    await advance(60_000);
    expect(within(dialog).getByRole('timer').textContent).toBe('3:59');

    // Neither Escape, a click outside nor ordinary activity dismisses it.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    fireEvent.mouseMove(window);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(1_000);
    expect(warning()).not.toBeNull();

    const keepAlivesBefore = api.calls('/api/auth/keep-alive');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay Logged In' }));
    await advance(0);
    expect(warning()).toBeNull();
    expect(api.calls('/api/auth/keep-alive')).toBe(keepAlivesBefore + 1);

    // A fresh 25 minutes from the click.
    await advance(24 * MINUTE);
    expect(warning()).toBeNull();
    await advance(MINUTE);
    expect(await screen.findByRole('alertdialog')).toBeDefined();
  });

  it('logs out automatically at 30 minutes with the Session Expired toast', async () => {
    const api = stubApi();
    const { router } = renderWatcher();
    await advance(25 * MINUTE);
    expect(await screen.findByRole('alertdialog')).toBeDefined();
    await advance(5 * MINUTE);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('/api/auth/sign-out')).toBe(1);
    // The idle browser ends only its own session; sign-out is otherwise global.
    expect(api.bodies('/api/auth/sign-out')).toEqual([{ scope: 'local' }]);
    expect(await screen.findByText('Session Expired')).toBeDefined();
    expect(screen.getByText('You were logged out due to inactivity. Please log in again.')).toBeDefined();
  });

  it('"Log out now" signs out with the Logged Out toast', async () => {
    const api = stubApi();
    renderWatcher();
    await advance(25 * MINUTE);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out now' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeDefined();
    expect(api.calls('/api/auth/sign-out')).toBe(1);
    expect(api.bodies('/api/auth/sign-out')).toEqual([{ scope: 'global' }]);
    expect(await screen.findByText('Logged Out')).toBeDefined();
    expect(screen.getByText('You have been successfully logged out.')).toBeDefined();
  });

  it('activity before the warning restarts the 25 minutes', async () => {
    stubApi();
    renderWatcher();
    await advance(20 * MINUTE);
    fireEvent.mouseMove(window);
    await advance(20 * MINUTE);
    expect(warning()).toBeNull();
    fireEvent.scroll(window);
    await advance(24 * MINUTE);
    expect(warning()).toBeNull();
    await advance(MINUTE);
    expect(await screen.findByRole('alertdialog')).toBeDefined();
  });

  it('tells the server about activity at most once every 5 minutes', async () => {
    const api = stubApi();
    renderWatcher();
    await advance(0);
    // Opening the page counts as activity.
    expect(api.calls('/api/auth/keep-alive')).toBe(1);

    for (let minute = 1; minute <= 4; minute += 1) {
      await advance(MINUTE);
      fireEvent.mouseMove(window);
    }
    expect(api.calls('/api/auth/keep-alive')).toBe(1);
    await advance(MINUTE);
    expect(api.calls('/api/auth/keep-alive')).toBe(2);

    // No activity since: nothing more is sent.
    await advance(15 * MINUTE);
    expect(api.calls('/api/auth/keep-alive')).toBe(2);
  });

  it('logs out when a keep-alive finds the session already ended', async () => {
    const api = stubApi((path) =>
      path === '/api/auth/keep-alive'
        ? json({ error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please log in again.' } }, 401)
        : undefined,
    );
    const { router } = renderWatcher();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('/api/auth/sign-out')).toBe(0);
    expect(await screen.findByText('Session Expired')).toBeDefined();
  });

  it('logs out when any query reports SESSION_EXPIRED', async () => {
    stubApi();
    const { client, router } = renderWatcher();
    await advance(0);
    await act(async () => {
      await client
        .fetchQuery({
          queryKey: ['profile'],
          queryFn: () => Promise.reject(new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired. Please log in again.')),
        })
        .catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Session Expired')).toBeDefined();
  });
});

describe('RequireMember and an ended session', () => {
  it('goes to /login with the Session Expired toast when the session check says the server ended it', async () => {
    stubApi((path) => (path === '/api/auth/session' ? json({ user: null }, 200, { 'x-session-ended': 'idle' }) : undefined));
    const { router } = renderRoutes(
      [
        { Component: RequireMember, children: [{ path: '/dashboard', element: <h1>Dashboard</h1> }] },
        { path: '/login', element: <h1>Login page</h1> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeDefined();
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Session Expired')).toBeDefined();
  });

  it('mounts the watcher only for a signed-in member', async () => {
    const api = stubApi((path) =>
      path === '/api/auth/session' ? json({ user: { id: 'u1', email: 'maya@example.org', fullName: 'Maya Okafor' } }) : undefined,
    );
    renderRoutes([{ Component: RequireMember, children: [{ path: '/dashboard', element: <h1>Dashboard</h1> }] }], { initialEntries: ['/dashboard'] });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    // The watcher's code loads lazily after the page.
    await vi.waitFor(async () => {
      await advance(0);
      expect(api.calls('/api/auth/keep-alive')).toBe(1);
    });
  });
});
