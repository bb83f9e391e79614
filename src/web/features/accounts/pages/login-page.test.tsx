import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { json, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { LoginPage } from './login-page';

const USER = { id: 'u1', email: 'maya@example.org', fullName: 'Maya Okafor', emailVerified: true };

// The page's two calls, both answered by `answer` (given the path and the sent body).
function renderLogin(answer: (path: string, body: unknown) => Response, path = '/login') {
  const route = (call: { path: string; body: unknown }) => answer(call.path, call.body);
  const api = serveApi({ 'POST /api/auth/sign-in': route, 'POST /api/auth/magic-link': route });
  const view = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/biography', element: <h1>Biography</h1> },
      { path: '/magic-link-sent', element: <h1>Magic link sent</h1> },
      { path: '/unified-signup', element: <h1>Sign up</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...view, api };
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.queryByLabelText('Password', { selector: 'input:not([type=radio])' }) as HTMLInputElement | null;
const submit = (name = 'Sign In') => fireEvent.click(screen.getByRole('button', { name }));
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('LoginPage', () => {
  it('has the password mode, remember me on by default, and the links', () => {
    renderLogin(() => json({}));
    expect((screen.getByRole('radio', { name: 'Password' }) as HTMLInputElement).checked).toBe(true);
    expect(password()).not.toBeNull();
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/unified-signup');
  });

  it('shows the schema messages on the fields and clears each when that field is edited', async () => {
    const { api } = renderLogin(() => json({}));
    submit();
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeDefined();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeDefined();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email())).toContain(AUTH_MESSAGES.emailRequired);
    expect(api.calls).toHaveLength(0);

    type(email(), 'maya');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.emailRequired)).toBeNull());
    // Only the edited field's error goes.
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeDefined();

    submit();
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeDefined();
    type(password()!, 'secret');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.passwordRequired)).toBeNull());
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeDefined();
  });

  it('hides the password in Magic Link mode and does not require it', async () => {
    const { router, api } = renderLogin((path, body) =>
      path === '/api/auth/magic-link' ? json({ sent: true, email: (body as { email: string }).email }) : json({}),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Magic Link' }));
    expect(password()).toBeNull();
    expect(screen.queryByLabelText('Remember me')).toBeNull();

    type(email(), ' Maya@Example.org ');
    submit('Send Magic Link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/magic-link-sent'));
    expect(router.state.location.search).toBe(`?email=${encodeURIComponent('maya@example.org')}`);
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/auth/magic-link', { email: 'maya@example.org' }]]);
  });

  it('shows a magic-link failure on the email field and a rate limit above the form', async () => {
    let answer = json({ error: { code: 'MAGIC_LINK_FAILED', message: AUTH_MESSAGES.magicLinkFailed } }, 502);
    renderLogin(() => answer);
    fireEvent.click(screen.getByRole('radio', { name: 'Magic Link' }));
    type(email(), 'maya@example.org');
    submit('Send Magic Link');
    expect(await screen.findByText(AUTH_MESSAGES.magicLinkFailed)).toBeDefined();
    expect(descriptionOf(email())).toContain(AUTH_MESSAGES.magicLinkFailed);

    answer = json({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many attempts. Please wait a few minutes before trying again.' } }, 429);
    submit('Send Magic Link');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
  });

  it('puts a wrong password on the password field, cleared by editing it', async () => {
    renderLogin(() => json({ error: { code: 'INVALID_CREDENTIALS', message: AUTH_MESSAGES.invalidCredentials, details: { field: 'password' } } }, 401));
    type(email(), 'maya@example.org');
    type(password()!, 'wrong-password');
    submit();
    expect(await screen.findByText(AUTH_MESSAGES.invalidCredentials)).toBeDefined();
    expect(descriptionOf(password()!)).toContain(AUTH_MESSAGES.invalidCredentials);
    type(password()!, 'another-try');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.invalidCredentials)).toBeNull());
  });

  it('signs in and goes to a same-site next page, sending remember me', async () => {
    const { router, api } = renderLogin(() => json({ user: USER, redirectTo: '/dashboard' }), `/login?next=${encodeURIComponent('/biography?tab=public')}`);
    type(email(), 'Maya@example.org');
    type(password()!, 'correct horse battery');
    fireEvent.click(screen.getByLabelText('Remember me'));
    submit();
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Biography' })).toBeDefined();
    expect(router.state.location.search).toBe('?tab=public');
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/sign-in', { email: 'maya@example.org', password: 'correct horse battery', rememberMe: false }],
    ]);
  });

  it('ignores a next parameter that leaves the site', async () => {
    const { router } = renderLogin(() => json({ user: USER, redirectTo: '/dashboard' }), `/login?next=${encodeURIComponent('//evil.example/x')}`);
    type(email(), 'maya@example.org');
    type(password()!, 'correct horse battery');
    submit();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
