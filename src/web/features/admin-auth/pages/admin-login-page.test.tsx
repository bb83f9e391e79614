import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_MESSAGES, DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { renderRoutes } from '@web/test/render';
import { SIGNED_OUT_MESSAGE } from '../lib/messages';
import { AdminLoginPage } from './admin-login-page';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function failure(code: string, status: number, details?: unknown) {
  // The server's own wording differs on purpose: the page must show the catalogue's text for the code.
  return json({ error: { code, message: `server says ${code}`, details } }, status);
}

const SENT = { sent: true, email: 'admin@vitae.local', cooldownSeconds: 60, redirectDelayMs: 2000 };

function renderLogin(path = '/admin/login') {
  return renderRoutes(
    [
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin/magic-link-sent', element: <h1>Link sent page</h1> },
    ],
    { initialEntries: [path] },
  );
}

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('AdminLoginPage', () => {
  it('checks the e-mail format with the catalogue text and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    submit('not-an-email');
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // The error clears as soon as the field is edited.
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'admin@' } });
    expect(screen.queryByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeNull();
  });

  it('trims and lower-cases the e-mail before sending it', async () => {
    const fetchMock = vi.fn(async () => json(SENT));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    submit('  Admin@Vitae.LOCAL ');
    await screen.findByText('Magic link sent');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/auth/magic-link');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'admin@vitae.local' });
  });

  it.each([
    ['ADMIN_USER_NOT_FOUND', 404],
    ['ADMIN_USER_INACTIVE', 403],
    ['ADMIN_UNAUTHORIZED', 401],
    ['RATE_LIMIT_EXCEEDED', 429],
    ['SESSION_EXPIRED', 401],
    ['MAGIC_LINK_EXPIRED', 400],
    ['RESEND_COOLDOWN_ACTIVE', 429],
    ['NETWORK_ERROR', 400],
  ] as const)('shows the catalogue text for %s', async (code, status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure(code, status)),
    );
    renderLogin();
    submit('admin@vitae.local');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_ERROR_MESSAGES[code]);
    expect(alert.textContent).not.toContain('server says');
  });

  it('shows INVALID_EMAIL_FORMAT from the server on the e-mail field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure('INVALID_EMAIL_FORMAT', 400)),
    );
    renderLogin();
    submit('admin@vitae.local');
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the default text for a code outside the catalogue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure('VALIDATION_ERROR', 400)),
    );
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('says how long a rate limit lasts and keeps the button off until then', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: 125 })),
    );
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toContain('You can try again in 2:05.');
    expect((screen.getByRole('button', { name: 'Send magic link' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a database error at once and does not send the request again (a POST answered with a 5xx is never retried)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => failure('DATABASE_ERROR', 503));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ERROR_MESSAGES.DATABASE_ERROR);
    expect(screen.queryByText(/Trying again in/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a request that got no answer with backoff, and names the attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    submit('admin@vitae.local');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/Trying again in 1 s \(attempt 2 of 4\)/)).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ERROR_MESSAGES.NETWORK_ERROR);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('retries when the network is down and succeeds on a later try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn<() => Promise<Response>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(SENT));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    submit('admin@vitae.local');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Magic link sent')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('confirms for two seconds, then moves to the confirmation page with the e-mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(SENT)),
    );
    const { router } = renderLogin();
    submit('admin@vitae.local');
    expect(await screen.findByText('Magic link sent')).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(router.state.location.pathname).toBe('/admin/login');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/magic-link-sent'));
    expect(router.state.location.search).toBe('?email=admin%40vitae.local');
  });

  it.each(['expired', 'session_expired'])('shows the session-expired banner for ?reason=%s', async (reason) => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin(`/admin/login?reason=${reason}`);
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.SESSION_EXPIRED)).toBeDefined();
  });

  it('shows a neutral notice after signing out, not the expiry text', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin('/admin/login?reason=signed_out');
    expect(await screen.findByText(SIGNED_OUT_MESSAGE)).toBeDefined();
    expect(screen.queryByText(ADMIN_ERROR_MESSAGES.SESSION_EXPIRED)).toBeNull();
  });

  it('links to the provider login and the home page', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    expect((await screen.findByRole('link', { name: 'Provider sign-in' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
  });
});
