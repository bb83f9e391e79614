import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_FALLBACK_TEXT } from '@shared/errors';
import { renderRoutes } from '@web/test/render';
import { notFound, pending, serveApi } from '@web/test/api';
import { routes } from './router';

const signedOut = {
  '/api/auth/session': { body: { user: null } },
  '/api/admin/me': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
};
const member = { '/api/auth/session': { body: { user: { id: 'u1', email: 'maya.okafor@example.org', name: 'Maya Okafor' } } } };
const systemAdmin = { '/api/admin/me': { body: { id: 'a1', email: 'ops@example.org', role: 'system_admin' } } };

function visit(path: string) {
  return renderRoutes(routes, { initialEntries: [path] });
}

async function expectPath(router: ReturnType<typeof visit>['router'], pathname: string, search = '') {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  expect(router.state.location.search).toBe(search);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('public routes', () => {
  it('renders the landing page with its sections', async () => {
    serveApi({ ...signedOut, '/api/config': notFound });
    visit('/');
    expect(await screen.findByRole('heading', { level: 1, name: /every clinician/i })).toBeDefined();
    for (const name of ['Nine sections. One complete profile.', /Schedule a 30.minute demo/, 'Built with clinicians · Trusted by health systems']) {
      expect(screen.getByRole('heading', { name })).toBeDefined();
    }
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]?.getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('link', { name: /Get Started/ })[0]?.getAttribute('href')).toBe('/unified-signup');
    expect(screen.getByRole('link', { name: 'Admin login' }).getAttribute('href')).toBe('/admin/login');
  });

  it('falls back to e-mail when no scheduling URL is configured', async () => {
    serveApi({
      ...signedOut,
      '/api/config': { body: { environment: 'test', release: 'dev', sentryDsn: null, schedulingUrl: null, feedbackBetaOnly: true } },
    });
    visit('/');
    const demo = await screen.findByRole('heading', { name: 'Email us to book a demo' });
    expect(demo).toBeDefined();
    expect(screen.getByRole('link', { name: /Email demo@vitae\.health/ }).getAttribute('href')).toMatch(/^mailto:demo@vitae\.health/);
  });

  it('embeds a non-Calendly scheduling page in a frame', async () => {
    serveApi({
      ...signedOut,
      '/api/config': {
        body: { environment: 'test', release: 'dev', sentryDsn: null, schedulingUrl: 'https://book.example.org/vitae', feedbackBetaOnly: true },
      },
    });
    visit('/');
    const frame = await screen.findByTitle('Book a Vitae demo');
    expect(frame.getAttribute('src')).toBe('https://book.example.org/vitae');
  });

  it('forwards e-mail sign-in links from / to the callback', async () => {
    serveApi(signedOut);
    const { router } = visit('/?token_hash=abc&type=magiclink');
    await expectPath(router, '/auth/callback', '?token_hash=abc&type=magiclink');
    expect(await screen.findByRole('heading', { name: 'Continue to sign in' })).toBeDefined();
  });

  it.each([
    ['/signup', '/unified-signup', ''],
    ['/hospital-signup', '/unified-signup', ''],
    ['/signup/NFH01', '/unified-signup', '?hospitalCode=NFH01'],
    ['/hospital-login', '/login', ''],
    ['/admin', '/admin/login', ''],
  ])('redirects %s to %s', async (from, to, search) => {
    // The sign-up page may start loading its hospital list before the test ends.
    serveApi({ ...signedOut, '/api/hospitals/options': notFound });
    const { router } = visit(from);
    await expectPath(router, to, search);
  });

  it('shows Page Not Found for an unknown path', async () => {
    serveApi(signedOut);
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeDefined();
    expect(await screen.findByRole('link', { name: /Provider Login/ })).toBeDefined();
  });
});

describe('member routes', () => {
  it('send a signed-out visitor to the login page, remembering where they were going', async () => {
    serveApi(signedOut);
    const { router } = visit('/biography?tab=public');
    await expectPath(router, '/login', `?next=${encodeURIComponent('/biography?tab=public')}`);
  });

  it('show a loading state while the session is being checked', async () => {
    serveApi({ '/api/auth/session': pending, '/api/admin/me': pending });
    visit('/dashboard');
    expect(await screen.findByText('Checking your session…')).toBeDefined();
  });

  it('render the page in the member layout for a signed-in provider', async () => {
    // The pages' own reads fail; the frame around them does not depend on them.
    const pageReads = [
      '/api/me/sections',
      '/api/dashboard',
      '/api/config',
      '/api/notifications',
      '/api/profile/provenance',
      '/api/profile/sections/:sectionId',
    ];
    serveApi({ ...member, ...Object.fromEntries(pageReads.map((path) => [path, notFound])) });
    visit('/biography');
    expect(await screen.findByRole('heading', { level: 1, name: 'Biography' })).toBeDefined();
    const nav = screen.getAllByRole('navigation', { name: 'Member' })[0];
    expect(nav).toBeDefined();
    for (const name of ['Dashboard', 'Professional Identity', 'Medical Expertise', 'Discovery Lab', 'Feedback', 'Settings']) {
      expect(within(nav as HTMLElement).getByRole('link', { name })).toBeDefined();
    }
    expect(
      within(nav as HTMLElement)
        .getByRole('link', { name: 'Biography' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('offer a retry when the session check fails', async () => {
    serveApi({ '/api/auth/session': { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } } } });
    visit('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDefined();
  });
});

describe('admin routes', () => {
  it('send a visitor without an admin session to the admin login', async () => {
    serveApi(signedOut);
    const { router } = visit('/test-sentry');
    await expectPath(router, '/admin/login', `?next=${encodeURIComponent('/test-sentry')}`);
    expect(await screen.findByRole('heading', { name: 'Sign in as an administrator' })).toBeDefined();
  });

  it('guard the admin feedback list too', async () => {
    serveApi(signedOut);
    const { router } = visit('/admin/feedback');
    await expectPath(router, '/admin/login', `?next=${encodeURIComponent('/admin/feedback')}`);
  });

  it('let an administrator throw the test error and recover with Try Again', async () => {
    serveApi({ ...systemAdmin, '/api/config': notFound });
    visit('/test-sentry');
    fireEvent.click(await screen.findByRole('button', { name: 'Throw test error' }));
    expect(await screen.findByText(ERROR_FALLBACK_TEXT.title)).toBeDefined();
    // The console's frame stays; only the page is replaced.
    expect(screen.getAllByRole('navigation', { name: 'Console' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.retry }));
    expect(await screen.findByRole('button', { name: 'Throw test error' })).toBeDefined();
  });
});
