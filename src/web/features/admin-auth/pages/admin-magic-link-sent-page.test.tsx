import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_MESSAGES } from '@shared/errors';
import { json, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { rememberCooldown } from '../lib/magic-link-cooldown';
import { AdminMagicLinkSentPage } from './admin-magic-link-sent-page';

const EMAIL = 'admin@vitae.local';

function renderSent(path = `/admin/magic-link-sent?email=${encodeURIComponent(EMAIL)}`) {
  return renderRoutes(
    [
      { path: '/admin/magic-link-sent', element: <AdminMagicLinkSentPage /> },
      { path: '/admin/login', element: <h1>Admin login</h1> },
    ],
    { initialEntries: [path] },
  );
}

const resendButton = () => screen.getByRole('button', { name: /Resend/ }) as HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('AdminMagicLinkSentPage', () => {
  it('shows the e-mail and keeps Resend off for 60 seconds, counting down', async () => {
    renderSent();
    expect(await screen.findByText(EMAIL)).toBeDefined();
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Resend in 1:00');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resendButton().textContent).toBe('Resend in 0:59');
    await act(() => vi.advanceTimersByTimeAsync(49_000));
    expect(resendButton().textContent).toBe('Resend in 0:10');
    expect(resendButton().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(resendButton().textContent).toBe('Resend link');
    expect(resendButton().disabled).toBe(false);
  });

  it('continues the countdown started when the link was requested', async () => {
    rememberCooldown(EMAIL);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    renderSent();
    expect((await screen.findByRole('button', { name: /Resend/ })).textContent).toBe('Resend in 0:58');
  });

  it('sends a new link and starts the countdown again', async () => {
    const api = serveApi({ 'POST /api/admin/auth/magic-link': json({ sent: true, email: EMAIL, cooldownSeconds: 60, redirectDelayMs: 2000 }) });
    renderSent();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    fireEvent.click(resendButton());
    await waitFor(() => expect(resendButton().textContent).toBe('Resend in 1:00'));
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/admin/auth/magic-link', { email: EMAIL }]]);
  });

  it.each([
    ['RESEND_COOLDOWN_ACTIVE', 20, 'Resend in 0:20'],
    ['RATE_LIMIT_EXCEEDED', 240, 'Resend in 4:00'],
  ] as const)('shows the %s text and waits as long as the server says', async (code, seconds, label) => {
    serveApi({ 'POST /api/admin/auth/magic-link': json({ error: { code, message: 'x', details: { retryAfterSeconds: seconds } } }, 429) });
    renderSent();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    fireEvent.click(resendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ERROR_MESSAGES[code]);
    // The countdown starts from the same answer, in a render that may come just after the alert's.
    await waitFor(() => expect(resendButton().textContent).toBe(label));
    expect(resendButton().disabled).toBe(true);
  });

  it('offers another address', async () => {
    const { router } = renderSent();
    fireEvent.click(await screen.findByRole('link', { name: 'Use a different e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('sends a visitor without an e-mail back to the login page', async () => {
    const { router } = renderSent('/admin/magic-link-sent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });
});
