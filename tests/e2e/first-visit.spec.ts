import { expect, test } from '@playwright/test';

// The small things a first visit met (issue T3 4/7 item 10): a patient on the landing page finds the
// directory, the footer's shield says what it is, a failed sign-up shows its first error with its
// label below the sticky header, and one box agrees to both the terms and the privacy policy (both
// still sent).

test('the landing page leads a patient to the directory, and the footer names the admin login', async ({ page }) => {
  await page.goto('/');
  const find = page.getByRole('link', { name: 'Find a doctor' });
  await expect(find).toBeVisible();
  expect(await find.getAttribute('href')).toMatch(/^\/find(\/[a-z0-9-]+)?$/);
  const admin = page.getByRole('contentinfo').getByRole('link', { name: 'Admin login' });
  await expect(admin).toHaveText('Admin login');
  await find.click();
  await expect(page).toHaveURL(/\/find/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a failed sign-up brings the first error into view with its label below the header; one box agrees to both', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/unified-signup');
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  const consent = page.getByRole('checkbox', { name: /Terms of Service.*Privacy Policy/ });
  await page.getByLabel('Password', { exact: true }).fill('Cardio-Rounds-2024!');
  await page.getByLabel('Confirm password').fill('Cardio-Rounds-2024!');
  await consent.check();
  // The e-mail is left empty and the button is far below it.
  await page.getByRole('button', { name: 'Continue' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  // Where the scroll ends (it may still be moving when the field takes focus): the label clear of the header.
  const labelBelowHeader = async () => {
    const header = (await page.getByRole('banner').boundingBox())!;
    const label = (await page
      .locator('label', { hasText: /^Email/ })
      .first()
      .boundingBox())!;
    return label.y - (header.y + header.height);
  };
  await expect.poll(labelBelowHeader, { timeout: 3_000 }).toBeGreaterThanOrEqual(0);

  // Both agreements travel with the account.
  await email.fill(`first.visit.${Date.now()}@northfield.example`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Ida First');
  await page.getByLabel('Hospital or health system').selectOption({ label: 'Northfield Health' });
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/sign-up') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ agreedToTerms: true, agreedToPrivacy: true });
  await expect(page).toHaveURL(/\/dashboard$/);
});
