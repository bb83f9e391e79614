import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** axe-core on the public pages: no serious or critical violations. */
const pages = ['/', '/login', '/unified-signup', '/forgot-password', '/help', '/terms', '/privacy', '/admin/login', '/no-such-page'];

for (const path of pages) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).disableRules(['region']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      ),
    ).toEqual([]);
  });
}

test('signs in with the keyboard only', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(focused.length).toBeGreaterThan(0);
  await page.getByLabel('Email').focus();
  await page.keyboard.type('nobody@example.org');
  // Tab forward until the password field has focus, as a keyboard user would.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'password')) break;
  }
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('password');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
