import { expect, test } from '@playwright/test';

// The public front door against the production build: landing page, e-mail link forwarding,
// legacy redirects, Page Not Found and the sign-in guards (nobody is signed in here).

const SECTION_TITLES = [
  'Professional Identity',
  'Education & Training',
  'Practice Essentials',
  'Locations',
  'Biography',
  'Publications',
  'Clinical Trials',
  'Media & Press',
  'Medical Expertise',
];

test.describe('landing page', () => {
  test('shows the hero, benefits, features, the nine sections, partners, demo and footer', async ({ page, request }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('every clinician');
    await expect(page.getByRole('heading', { name: 'Provider data lives everywhere. Vitae brings it together.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Everything your team needs to keep provider data right' })).toBeVisible();
    await expect(page.locator('#features li')).toHaveCount(6);

    const sections = page.locator('#profile-sections');
    await expect(sections.getByRole('heading', { name: 'Nine sections. One complete profile.' })).toBeVisible();
    for (const title of SECTION_TITLES) {
      await expect(sections.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }

    await expect(page.getByRole('heading', { name: /Trusted by health systems/i })).toBeVisible();

    const demo = page.locator('#demo');
    await expect(demo.getByRole('heading', { name: /Schedule a 30.minute demo/ })).toBeVisible();
    const config = (await (await request.get('/api/config')).json()) as { schedulingUrl: string | null };
    if (!config.schedulingUrl) {
      await expect(demo.getByRole('heading', { name: 'Email us to book a demo' })).toBeVisible();
      await expect(demo.getByRole('link', { name: /demo@vitae\.health/ })).toHaveAttribute('href', /^mailto:demo@vitae\.health/);
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    await expect(footer.getByRole('link', { name: 'Admin login' })).toHaveAttribute('href', '/admin/login');
    await expect(footer.getByRole('heading', { name: 'Data sources' })).toBeVisible();
  });

  test('arrives as HTML from the server and loads its one small script, not the app', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<h1[^>]*>[\s\S]*every clinician/);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => path.includes('/landing-island-'))).toBe(true);
    expect(scripts.filter((path) => path.startsWith('/assets/index-'))).toEqual([]);

    // The app takes over on the next page; navigating back to `/` inside it shows the same page.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('banner').getByRole('link', { name: 'Vitae home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('every clinician');
    await expect(page.locator('#profile-sections')).toBeVisible();
  });

  test('Sign In leads to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('Get Started leads to sign-up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/unified-signup$/);
  });
});

test.describe('e-mail links that land on the home page', () => {
  test('a magic link is forwarded to the auth callback with its query', async ({ page }) => {
    await page.goto('/?token_hash=abc&type=magiclink');
    await page.waitForURL((url) => url.pathname === '/auth/callback' && url.search === '?token_hash=abc&type=magiclink');
  });

  test('a recovery link is forwarded to reset-password with its hash', async ({ page }) => {
    await page.goto('/#type=recovery&access_token=x');
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.hash === '#type=recovery&access_token=x');
  });
});

test.describe('redirects and guards', () => {
  test('the old sign-up path goes to the unified sign-up', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/unified-signup$/);
  });

  test('an unknown path shows Page Not Found with both logins', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole('link', { name: /Provider Login/ })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: /Admin Login/ })).toHaveAttribute('href', '/admin/login');
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  test('a member page sends a signed-out visitor to the login page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test('the error-reporting test page sends a signed-out visitor to the admin login', async ({ page }) => {
    await page.goto('/test-sentry');
    await expect(page).toHaveURL(/\/admin\/login(\?|$)/);
  });
});

test.describe('information pages', () => {
  for (const [path, heading] of [
    ['/help', 'How can we help?'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    test(`${path} renders`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});
