import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox } from './support/outbox';

// axe-core on every signed-in page (the public ones are in accessibility.spec.ts): the provider's
// dashboard, nine sections and tools, and every screen of the administrators' console, each with no
// serious or critical violation. Then one section saved with the keyboard alone.

const PASSWORD = 'Cardio-Rounds-2024!';
// This journey's own system administrator (tests/support/e2e-fixtures.ts).
const AUDITOR = 'a11y.auditor@vitae.local';

const PROVIDER_PAGES = [
  '/dashboard',
  '/professional-identity',
  '/education-training',
  '/practice-essentials',
  '/locations',
  '/biography',
  '/publications',
  '/clinical-trials',
  '/media-press',
  '/medical-expertise',
  '/discovery-lab',
  '/feedback',
  '/settings',
];

const CONSOLE_PAGES = [
  '/system-admin',
  '/system-admin/admins',
  '/system-admin/hospitals',
  '/system-admin/users',
  '/system-admin/taxonomy',
  '/system-admin/expertise-terms',
  '/system-admin/brand',
  '/system-admin/help',
  '/system-admin/prompt-templates',
  '/system-admin/brand-voice',
  '/system-admin/audit-log',
  '/system-admin/no-such-screen',
  '/admin/feedback',
  '/admin/change-password',
  '/yext-test',
  '/yext-expertise-test',
  '/yext-field-mapping-test',
  '/database-schema',
  '/test-sentry',
];

const HOSPITAL_TABS = ['', '/permissions', '/reading-levels', '/locations', '/brand', '/data-sources', '/users', '/roster'];

/** Serious and critical violations on the page as it is now, one readable line each. */
async function seriousViolations(page: Page) {
  // Skeletons and toasts settle first; the landmark rule is for whole documents, checked on the public pages.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).disableRules(['region']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (v) =>
        `${page.url()} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

async function signUpProvider(page: Page) {
  await page.goto('/unified-signup');
  await page.getByLabel('Email').fill(`keyboard.${Date.now()}@northfield.example`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Noor Haddad');
  await page.getByLabel('Hospital or health system').selectOption({ label: 'Northfield Health' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Presses Tab (at most `limit` times) until the focused element matches, as a keyboard user would. */
async function tabUntil(page: Page, description: string, matches: () => boolean, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return;
  }
  throw new Error(`Tab never reached ${description}`);
}

test('no serious accessibility violations on the provider pages', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpProvider(page);
  const found: string[] = [];
  for (const path of PROVIDER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await seriousViolations(page)));
  }
  // The comboboxes with their lists open: the term search with results, the specialty list on focus.
  await page.goto('/medical-expertise');
  await page.getByRole('combobox', { name: 'Find conditions, procedures and reasons for visit' }).fill('heart');
  await expect(page.locator('ul[role="listbox"]:visible [role="option"]').first()).toBeVisible();
  found.push(...(await seriousViolations(page)));
  await page.goto('/professional-identity');
  await page.getByRole('combobox', { name: 'Primary specialty' }).click();
  await expect(page.locator('ul[role="listbox"]:visible [role="option"]').first()).toBeVisible();
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});

test('no serious accessibility violations in the administrators console', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/admin/login');
  const requestedAt = Date.now() - 1_000;
  await page.getByLabel('Email address').fill(AUDITOR);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page).toHaveURL(/\/admin\/magic-link-sent/);
  const found: string[] = [...(await seriousViolations(page))];

  await page.goto(await linkFromOutbox(page.request, AUDITOR, 'admin_magic_link', '/auth/callback', requestedAt));
  found.push(...(await seriousViolations(page)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/system-admin$/);

  const hospitals = (await (await page.request.get('/api/admin/hospitals?pageSize=100')).json()) as { items: { id: string; name: string }[] };
  const northfield = hospitals.items.find((hospital) => hospital.name === 'Northfield Health');
  expect(northfield).toBeDefined();
  const pages = [...CONSOLE_PAGES, ...HOSPITAL_TABS.map((tab) => `/system-admin/hospitals/${northfield!.id}${tab}`)];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await seriousViolations(page)));
  }
  expect(found).toEqual([]);
});

test('saves a section with the keyboard only', async ({ page }) => {
  await signUpProvider(page);
  await page.goto('/practice-essentials');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Essentials' })).toBeVisible();
  await expect(page.getByLabel(/^Practice name/)).toBeEditable();

  // "Yes, accepting" is a radio: Tab reaches the group, arrow keys choose within it.
  await tabUntil(page, 'the new-patients choice', () => (document.activeElement as HTMLInputElement | null)?.name === 'acceptingNewPatients');
  const accepting = page.getByRole('radio', { name: /Yes, accepting/ });
  for (let i = 0; i < 3 && !(await accepting.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(accepting).toBeChecked();

  await tabUntil(page, 'the practice name', () => (document.activeElement as HTMLInputElement | null)?.name === 'practiceName');
  await page.keyboard.type('Keyboard Heart Clinic');
  await tabUntil(page, 'the save button', () => document.activeElement?.textContent?.trim() === 'Save practice essentials');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Practice essentials saved', { exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(/^Practice name/)).toHaveValue('Keyboard Heart Clinic');
  await expect(accepting).toBeChecked();
});
