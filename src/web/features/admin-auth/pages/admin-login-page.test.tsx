import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_MESSAGES, DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { networkError, pending, serveApi } from '@web/test/api';
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
  sessionStorage.clear();
});

describe('AdminLoginPage', () => {
  it('checks the e-mail format with the catalogue text and sends nothing', async () => {
    const api = serveApi({ 'POST /api/admin/auth/magic-link': pending });
    renderLogin();
    submit('not-an-email');
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    // The error clears as soon as the field is edited.
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'admin@' } });
    expect(screen.queryByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeNull();
  });

  it('trims and lower-cases the e-mail before sending it', async () => {
    const api = serveApi({ 'POST /api/admin/auth/magic-link': json(SENT) });
    renderLogin();
    submit('  Admin@Vitae.LOCAL ');
    await screen.findByText('Magic link sent');
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/admin/auth/magic-link', { email: 'admin@vitae.local' }]]);
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
    serveApi({ 'POST /api/admin/auth/magic-link': failure(code, status) });
    renderLogin();
    submit('admin@vitae.local');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_ERROR_MESSAGES[code]);
    expect(alert.textContent).not.toContain('server says');
  });

  it('shows INVALID_EMAIL_FORMAT from the server on the e-mail field', async () => {
    serveApi({ 'POST /api/admin/auth/magic-link': failure('INVALID_EMAIL_FORMAT', 400) });
    renderLogin();
    submit('admin@vitae.local');
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the default text for a code outside the catalogue', async () => {
    serveApi({ 'POST /api/admin/auth/magic-link': failure('VALIDATION_ERROR', 400) });
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('says how long a rate limit lasts and keeps the button off until then', async () => {
    serveApi({ 'POST /api/admin/auth/magic-link': failure('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: 125 }) });
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toContain('You can try again in 2:05.');
    expect((screen.getByRole('button', { name: 'Send magic link' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a database error at once and does not send the request again (a POST answered with a 5xx is never retried)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveApi({ 'POST /api/admin/auth/magic-link': failure('DATABASE_ERROR', 503) });
    renderLogin();
    submit('admin@vitae.local');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ERROR_MESSAGES.DATABASE_ERROR);
    expect(screen.queryByText(/Trying again in/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.calls).toHaveLength(1);
  });

  it('retries a request that got no answer with backoff, and names the attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveApi({ 'POST /api/admin/auth/magic-link': () => networkError() });
    renderLogin();
    submit('admin@vitae.local');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(await screen.findByText(/Trying again in 1 s \(attempt 2 of 4\)/)).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(api.calls).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ERROR_MESSAGES.NETWORK_ERROR);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.calls).toHaveLength(4);
  });

  it('retries when the network is down and succeeds on a later try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveApi({ 'POST /api/admin/auth/magic-link': () => (api.calls.length === 1 ? networkError() : json(SENT)) });
    renderLogin();
    submit('admin@vitae.local');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Magic link sent')).toBeDefined();
    expect(api.calls).toHaveLength(2);
  });

  it('confirms for two seconds, then moves to the confirmation page with the e-mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveApi({ 'POST /api/admin/auth/magic-link': json(SENT) });
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
    renderLogin(`/admin/login?reason=${reason}`);
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.SESSION_EXPIRED)).toBeDefined();
  });

  it('shows a neutral notice after signing out, not the expiry text', async () => {
    renderLogin('/admin/login?reason=signed_out');
    expect(await screen.findByText(SIGNED_OUT_MESSAGE)).toBeDefined();
    expect(screen.queryByText(ADMIN_ERROR_MESSAGES.SESSION_EXPIRED)).toBeNull();
  });

  it('links to the provider login and the home page', async () => {
    renderLogin();
    expect((await screen.findByRole('link', { name: 'Provider sign-in' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
  });
});
