import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';

// Issue 35 items 4-9 in the browser (production build, demo data): the hospital admin's console
// gives work and lists the hospital's offices with their providers; the tabs that do not fit on a
// phone say so; a new provider's dashboard explains its one completion measure and the writing
// assistant says what to add. Screenshots of each page at 390 and 1280 px go to the folder printed
// (not committed), to be looked at.

const ADMIN = 'console.admin@northfield.example';
const PASSWORD = 'a long passphrase for console';
const shots = process.env.SCREENSHOT_DIR ?? join('test-results', 'console-screens');
mkdirSync(shots, { recursive: true });
test.beforeAll(() => console.log(`console-work screenshots: ${shots}`));

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function shoot(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    // Nothing wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${name} at ${size.width} px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the hospital admin is given work and sees the offices with their providers', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  const work = page.getByRole('list', { name: 'Waiting for you' });
  await expect(work).toBeVisible();
  for (const text of [
    /listings? waits? for approval/,
    /asks? to join/,
    /new appointment requests?/,
    /below the completion threshold/,
    /new feedback reports?/,
  ]) {
    await expect(work.getByRole('link', { name: text })).toBeVisible();
  }
  await expect(page.getByText('Your session')).toHaveCount(0);
  await shoot(page, 'console-dashboard');

  const hospitals = (await (await page.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  const hospitalPath = `/system-admin/hospitals/${hospitals.items.find((h) => h.name === 'Northfield Health')!.id}`;
  await page.goto(`${hospitalPath}/locations`);
  const evanston = page.getByRole('row', { name: /Northfield Evanston Hospital/ });
  await expect(evanston).toBeVisible();
  await expect(evanston.getByText(/\d+ providers?/)).toBeVisible();
  await shoot(page, 'console-locations');

  // On a phone the eight tabs do not fit: an arrow says there are more, and nothing is cut off unseen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(hospitalPath);
  await expect(page.getByRole('button', { name: 'Show more tabs' })).toBeVisible();
  // Each press scrolls the row on; at the end the arrow goes and the other points back.
  for (let press = 0; press < 6 && (await page.getByRole('button', { name: 'Show more tabs' }).isVisible()); press += 1) {
    await page.getByRole('button', { name: 'Show more tabs' }).click();
    await page.waitForTimeout(400);
  }
  await expect(page.getByRole('link', { name: 'Users' }).last()).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show the earlier tabs' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-hospital-tabs-scrolled-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/system-admin/users?completionBelow=50');
  await expect(page.getByRole('combobox', { name: 'Completion' })).toHaveValue('50');
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await shoot(page, 'console-users');
  await page.goto('/system-admin/users');
  await expect(page.getByRole('link', { name: /^View the profile of/ }).first()).toBeVisible();
  await shoot(page, 'console-users-all');

  await page.goto('/system-admin/expertise-terms');
  await expect(page.getByRole('combobox', { name: 'Specialty' })).toBeVisible();
  await expect(page.getByText(/Term ID/i)).toHaveCount(0);
  await shoot(page, 'console-terms');
});

test('a new provider’s dashboard explains its completion, and the writer says what to add', async ({ page }) => {
  test.setTimeout(120_000);
  const hospitals = (await (await page.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  const hospital = hospitals.items.find((h) => h.name === 'Northfield Health')!;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      email: `console.${Date.now()}@example.org`,
      password: PASSWORD,
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Noor Console',
      hospitalId: hospital.id,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByTestId('completion-explained')).toContainText('your hospital requires');
  await expect(page.getByText(/All sections:/)).toHaveCount(0);
  // The biography nobody saved: no "Updated just now".
  const biography = page.getByRole('link', { name: /Biography/ }).last();
  await expect(biography).toContainText('Not started');
  await shoot(page, 'provider-dashboard');

  await page.goto('/biography');
  await page.getByRole('button', { name: 'Write for me' }).click();
  const panel = page.getByRole('region', { name: 'Write for me' });
  await expect(panel.getByText(/To reach the length, add/).first()).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(/template “|· tone /)).toHaveCount(0);
  await shoot(page, 'provider-biography-writer');

  await page.goto('/medical-expertise');
  await page.getByRole('combobox').first().fill('hypertension');
  await expect(page.getByRole('option').first()).toContainText('Hypertension');
  await shoot(page, 'provider-expertise-search');
});
