import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';

// Beta feedback against the production build: a new provider (beta by default) drags the widget,
// sends feedback with a captured screenshot, and the Northfield hospital administrator finds it,
// sees the screenshot and completes it. The reviewer is a Northfield administrator of this journey's
// own (tests/support/e2e-fixtures.ts), clear of the magic-link limits other journeys use up.

const PASSWORD = 'Cardio-Rounds-2024!';
const HOSPITAL = 'Northfield Health';
const REVIEWER = 'feedback.reviewer@northfield.example';

test('a beta provider sends feedback with a screenshot; the hospital administrator completes it', async ({ page, browser }) => {
  // Two sign-ins and a page capture: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const email = `feedback.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northfield.example`;
  const title = `Save button stays grey ${Date.now().toString(36)}`;

  // ── Sign up: new providers are beta users.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/unified-signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Professional details' })).toBeVisible();
  await page.getByLabel('Full name').fill('Riley Beta');
  await page.getByLabel('Hospital or health system').selectOption({ label: HOSPITAL });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { tier: string } };
  expect(session.user.tier).toBe('beta');

  // ── The widget: a tab docked to the right edge, 24 px from the bottom, in a strip the page keeps
  // clear of; a drag moves it up or down and does not open it.
  const button = page.getByRole('button', { name: 'Send Feedback', exact: true });
  await expect(button).toBeVisible();
  const before = (await button.boundingBox())!;
  expect(Math.round(1280 - (before.x + before.width))).toBe(0);
  expect(Math.round(800 - (before.y + before.height))).toBe(24);
  const content = (await page.locator('main').boundingBox())!;
  expect(content.x + content.width).toBeLessThanOrEqual(before.x);

  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 - 120, before.y + before.height / 2 - 90, { steps: 8 });
  await page.mouse.up();
  const after = (await button.boundingBox())!;
  expect(Math.round(before.x - after.x)).toBe(0);
  expect(Math.round(before.y - after.y)).toBe(90);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('vitae.feedback-widget.position'))) ?? 'null')).toEqual({ right: 24, bottom: 114 });

  // ── Open it, capture a screenshot, send.
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
  await panel.getByLabel('Category').selectOption({ label: 'UX/UI Issue' });
  await panel.getByLabel('Severity').selectOption('4');
  await panel.getByLabel('Title').fill(title);
  await panel.getByLabel('Description').fill('After editing the biography the Save button never turns blue again.');
  await panel.getByLabel('Steps to reproduce (optional)').fill('1. Open Biography\n2. Type a sentence\n3. Look at Save');
  await panel.getByRole('button', { name: 'Capture screenshot' }).click();
  const thumbnail = panel.getByRole('img', { name: 'Screenshot to be attached' });
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const submitted = page.waitForResponse((response) => response.url().endsWith('/api/feedback') && response.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Send feedback' }).click();
  expect((await submitted).status()).toBe(201);
  await expect(page.getByText('Feedback submitted successfully!')).toBeVisible();
  await expect(page.getByText("Thank you for your feedback. We'll review it and get back to you soon.")).toBeVisible();
  await expect(panel).toBeHidden();

  const mine = (await (await page.request.get('/api/feedback/mine')).json()) as {
    items: Array<{ title: string; screenshotUrl: string | null; severity: number; category: string }>;
  };
  expect(mine.items[0]).toMatchObject({ title, severity: 4, category: 'ux' });
  expect(mine.items[0]?.screenshotUrl).toMatch(/^\/api\/feedback\/screenshots\/.+\.jpg$/);

  // The provider's own list shows it.
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // ── The administrator reviews it, in their own browser.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, REVIEWER);
  await expect(admin).toHaveURL(/\/system-admin$/);
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(admin).toHaveURL(/\/admin\/feedback$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();

  await admin.getByRole('searchbox', { name: 'Search feedback' }).fill(title);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(admin.getByRole('row')).toHaveCount(2); // the header and this one
  await row.getByRole('button', { name: title }).click();

  const detail = admin.getByRole('dialog', { name: title });
  await expect(detail).toBeVisible();
  const screenshot = detail.getByRole('img', { name: 'Screenshot sent with the feedback' });
  await expect(screenshot).toBeVisible();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(detail.getByText(email)).toBeVisible();
  await expect(detail.locator('dd', { hasText: /^\/dashboard$/ })).toBeVisible();

  await detail.getByLabel('Status').selectOption('completed');
  await expect(admin.getByText('Status set to Completed')).toBeVisible();
  await expect(detail.getByLabel('Status')).toHaveValue('completed');
  await admin.keyboard.press('Escape');
  await expect(row.getByText('Completed').filter({ visible: true })).toBeVisible();

  const stored = (await (await admin.request.get(`/api/admin/feedback?q=${encodeURIComponent(title)}`)).json()) as { items: Array<{ status: string }> };
  expect(stored.items.map((item) => item.status)).toEqual(['completed']);
  await adminContext.close();

  // ── On a phone the header holds the button (nothing floats over the page) and opens the same panel.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/biography');
  const headerButton = page.getByRole('banner').getByRole('button', { name: 'Send Feedback', exact: true });
  await expect(headerButton).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Feedback', exact: true })).toHaveCount(1);
  await headerButton.click();
  await expect(page.getByRole('dialog', { name: 'Send Feedback' })).toBeVisible();
});
