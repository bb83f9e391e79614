import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_NPIS } from '../fakes/nppes';
import { openDashboard } from './support/dashboard';

// Provider accounts against the production build: sign-up with the NPI registry fake, sign-out,
// password and magic-link sign-in, password reset by e-mail, and the inactivity logout.

const PASSWORD = 'Cardio-Rounds-2024!';
const NEW_PASSWORD = 'Echo-Valve-Review-77';
const DEMO_HOSPITAL = 'Northfield Health';

function uniqueEmail(label: string) {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northfield.example`;
}

interface OutboxItem {
  to: string;
  kind: string;
  links: string[];
}

/** The newest link of a kind that the server "sent" to this address (development outbox). */
async function latestLink(request: APIRequestContext, email: string, kind: 'magic_link' | 'password_reset' | 'verification') {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const { items } = (await response.json()) as { items: OutboxItem[] };
        link = items.find((item) => item.kind === kind)?.links[0];
        return link;
      },
      { message: `a ${kind} e-mail to ${email}` },
    )
    .toMatch(/^http/);
  return link!;
}

async function signUpByApi(request: APIRequestContext, email: string, fullName = 'Jordan Avery') {
  const response = await request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input:not([type=radio])')).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
}

test.describe('provider accounts', () => {
  test('sign up with the NPI registry, sign out, sign in with a password, then by magic link', async ({ page }) => {
    const email = uniqueEmail('okafor');

    await page.goto('/unified-signup');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Professional details' })).toBeVisible();
    await expect(page.getByLabel('Job title')).toHaveValue('Physician');
    await page.getByLabel('NPI number').fill(FAKE_NPIS.cardiologist);
    await page.getByRole('button', { name: 'Look up' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Found in the NPI Registry' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Margaret Okafor');
    await expect(card).toContainText('Internal Medicine, Cardiovascular Disease');
    await expect(page.getByLabel('Full name')).toHaveValue('Margaret Okafor');
    await expect(page.getByLabel('Credential')).toHaveValue('MD');
    await expect(page.getByLabel('Specialty')).toHaveValue('Internal Medicine, Cardiovascular Disease');
    await page.getByLabel('Hospital or health system').selectOption({ label: DEMO_HOSPITAL });

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: Record<string, unknown> };
    expect(session.user).toMatchObject({ email, fullName: 'Margaret Okafor', npiNumber: FAKE_NPIS.cardiologist, hospitalName: DEMO_HOSPITAL });

    await signOutFromMenu(page);
    expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();

    await signInWithPassword(page, email, PASSWORD);
    await signOutFromMenu(page);

    await page.getByRole('radio', { name: 'Magic Link' }).check({ force: true });
    await expect(page.locator('input[type=password]')).toHaveCount(0);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page).toHaveURL(`/magic-link-sent?email=${encodeURIComponent(email)}`);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend in 0:5\d|Resend in 1:00/ })).toBeDisabled();

    const link = await latestLink(page.request, email, 'magic_link');
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/callback\?/);
    await expect(page.getByRole('heading', { name: 'Continue to sign in' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // A link works once.
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/login');
  });

  test('shows sign-in errors on the fields they belong to', async ({ page, request }) => {
    const email = uniqueEmail('errors');
    await signUpByApi(request, email);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await expect(page.getByText('Email is required')).toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).and(page.locator('input:not([type=radio])')).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password: the e-mailed link sets a new password that signs in', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await signUpByApi(request, email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('If an account exists for this e-mail, we sent a link to reset the password.')).toBeVisible();

    const link = await latestLink(page.request, email, 'password_reset');
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Password updated')).toBeVisible();

    await signInWithPassword(page, email, NEW_PASSWORD);

    // The link was used up.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a reset page without a token explains that the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  });

  test('the dashboard arrives as HTML from the server and the app takes that HTML over (decision 0015)', async ({ page }) => {
    const email = uniqueEmail('hydrate');
    await signUpByApi(page.request, email, 'Jordan Avery');

    // Before any script: the page itself is in the HTML.
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(html).toContain('Welcome back, Jordan');

    // Anything React would remove from the server's HTML (it rebuilds a part that does not match).
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedByApp: string[] }).removedByApp = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes) if (node instanceof Element && node.querySelector('h1, nav')) removed.push(node.outerHTML.slice(0, 120));
      }).observe(document, { childList: true, subtree: true });
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) reads.push(pathname);
    });

    await page.goto('/dashboard');
    // The greeting by the provider's own clock appears once the app is running.
    await expect(page.getByText(/^Good (morning|afternoon|evening), Jordan$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Vitae');
    expect(await page.evaluate(() => (window as unknown as { removedByApp: string[] }).removedByApp)).toEqual([]);
    expect(problems).toEqual([]);
    // The page's reads came with it: the app did not ask for them again.
    for (const path of ['/api/auth/session', '/api/dashboard', '/api/me/sections', '/api/notifications', '/api/config']) expect(reads).not.toContain(path);

    // And it is the live app: menus open, links navigate inside it.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Member' })
      .getByRole('link', { name: /Biography/ })
      .click();
    await expect(page).toHaveURL(/\/biography$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Biography' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('settings: rename, change the password, then sign out everywhere', async ({ page }) => {
    const email = uniqueEmail('settings');
    await signUpByApi(page.request, email, 'Jordan Avery');
    await openDashboard(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Full name').fill('Jordan A. Avery');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu for Jordan A\. Avery/ })).toBeVisible();

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expect(dialog.getByLabel('Sign out of other devices')).toBeChecked();
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Your current password is incorrect')).toBeVisible();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Password changed')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();

    await signInWithPassword(page, email, NEW_PASSWORD);
  });

  test('inactivity: a warning at 25 minutes, Stay Logged In, then the automatic logout at 30', async ({ page }) => {
    const email = uniqueEmail('idle');
    await page.clock.install();
    // page.request shares the browser's cookies: this signs the page in.
    await signUpByApi(page.request, email, 'Idle Tester');
    await openDashboard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Requests in flight while the clock jumps would hit their 30-second timeout.
    await page.waitForLoadState('networkidle');
    // The watcher loads after hydration; on a busy machine it can start after the page looks ready,
    // and a clock moved before it started would not reach its 25 minutes.
    await expect(page.locator('html[data-inactivity-watcher="running"]')).toHaveCount(1);

    await page.clock.fastForward('24:50');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.fastForward('00:10');
    const warning = page.getByRole('alertdialog');
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('heading', { name: 'Are you still there?' })).toBeVisible();
    await expect(warning.getByRole('timer')).toHaveText(/^(5:00|4:5\d)$/);

    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(warning).toBeVisible();

    const keepAlive = page.waitForResponse((response) => response.url().endsWith('/api/auth/keep-alive'));
    await warning.getByRole('button', { name: 'Stay Logged In' }).click();
    expect((await keepAlive).status()).toBe(200);
    await expect(warning).toBeHidden();
    await page.waitForLoadState('networkidle');

    await page.clock.fastForward('25:00');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('05:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Session Expired', { exact: true })).toBeVisible();
    await expect(page.getByText('You were logged out due to inactivity. Please log in again.')).toBeVisible();

    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });
});
