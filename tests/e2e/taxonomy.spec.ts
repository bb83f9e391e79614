import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';

// Taxonomy and expertise terms, against the production build: the demo hospital administrator
// uploads Northfield's own taxonomy (a bad file is stopped in the browser with line numbers),
// copies the default expertise terms and adds one of their own; then a new Northfield provider
// picks terms on /medical-expertise by type-ahead and still has them after a reload.

const HOSPITAL_ADMIN = 'hospital.admin@northfield.example';
const HOSPITAL = 'Northfield Health';
const RUN = Date.now().toString(36);
const CUSTOM_TERM = `Northfield sleep clinic intake ${RUN}`;
const CUSTOM_TERM_ID = `REAS-NF-${RUN}`.toUpperCase();
const PASSWORD = 'Cardio-Rounds-2024!';

const BAD_TAXONOMY = [
  'specialty,department,division,section,specialty_code',
  'Cardiology,Medicine,Cardiovascular,,207RC0000X',
  ',Medicine,Nephrology,,207RN0300X',
  'Nephrology,Medicine,Nephrology,,207RC0000X',
].join('\n');

const GOOD_TAXONOMY = [
  'specialty,department,division,section,specialty_code,search_keywords,common_abbreviations',
  'Cardiology,Medicine,Cardiovascular Medicine,,207RC0000X,heart;cardiac,CARD',
  'Interventional Cardiology,Medicine,Cardiovascular Medicine,Interventional,207RI0011X,cath;stent,IC',
  'Nephrology,Medicine,Nephrology,,207RN0300X,kidney,NEPH',
  'Pediatric Cardiology,Pediatrics,Pediatric Subspecialties,Cardiology,2080P0202X,children;heart,Peds Cards',
].join('\r\n');

function csv(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

test('taxonomy upload and default terms by a hospital administrator; a provider picks expertise terms', async ({ page, browser }) => {
  test.setTimeout(240_000);

  // ── The hospital administrator signs in and opens the taxonomy: their hospital by default.
  await signInAsAdmin(page, HOSPITAL_ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  const consoleNav = page.getByRole('navigation', { name: 'Console' });
  await consoleNav.getByRole('link', { name: 'Taxonomy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Taxonomy' })).toBeVisible();
  await expect(page.getByLabel('Taxonomy', { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  const config = page.getByRole('region', { name: 'Configuration' });
  await expect(config.getByText('The default taxonomy', { exact: true })).toBeVisible();
  const uploadCard = page.getByRole('region', { name: 'Upload a taxonomy' });
  await expect(uploadCard.getByRole('link', { name: 'Download template' })).toHaveAttribute('href', '/api/admin/taxonomy/template.csv');
  const template = await page.request.get('/api/admin/taxonomy/template.csv');
  expect(await template.text()).toMatch(/^specialty,department,division,section,specialty_code/);

  // A bad file is checked in the browser: every problem with its line, and nothing is sent.
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/taxonomy/upload')) uploads += 1;
  });
  await uploadCard.locator('input[type=file]').setInputFiles(csv('bad-taxonomy.csv', BAD_TAXONOMY));
  const problems = uploadCard.getByRole('alert');
  await expect(problems).toContainText('The file has 2 invalid rows; nothing was changed.');
  await expect(problems.getByRole('listitem')).toHaveText(['Line 3: specialty is required', 'Line 4: specialty code 207RC0000X is already used on line 2']);
  await expect(uploadCard.getByRole('button', { name: 'Upload and replace' })).toHaveCount(0);
  expect(uploads).toBe(0);

  // A good file replaces the hospital's taxonomy.
  await uploadCard.locator('input[type=file]').setInputFiles(csv('northfield-taxonomy.csv', GOOD_TAXONOMY));
  await expect(uploadCard.getByRole('status')).toContainText('4 specialties checked, no problems found.');
  await uploadCard.getByRole('button', { name: 'Upload and replace' }).click();
  await expect(page.getByText('Uploaded 4 specialties; providers now see this hospital’s taxonomy.')).toBeVisible();
  expect(uploads).toBe(1);
  await expect(config.getByText('This hospital’s taxonomy · 4 active')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upload history' }).getByRole('listitem').first()).toContainText('northfield-taxonomy.csv');
  await expect(page.getByRole('region', { name: 'Upload history' }).getByRole('listitem').first()).toContainText('Completed');

  // Drill down: Medicine → Cardiovascular Medicine shows the two cardiology rows; edit one inline.
  await page.getByLabel('Department', { exact: true }).selectOption('Medicine');
  await page.getByLabel('Division', { exact: true }).selectOption('Cardiovascular Medicine');
  await expect(page.getByText('1–2 of 2 specialties')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Interventional Cardiology' }).click();
  const specialty = page.getByRole('textbox', { name: 'Specialty of Interventional Cardiology' });
  await specialty.fill('Interventional Cardiology (Adult)');
  await specialty.press('Enter');
  await expect(page.getByText('Saved Interventional Cardiology (Adult).')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Interventional Cardiology (Adult)' })).toContainText('207RI0011X');

  // ── Expertise terms: copy the defaults, then add a term of their own.
  await consoleNav.getByRole('link', { name: 'Expertise terms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expertise terms' })).toBeVisible();
  await expect(page.getByText('This hospital has no terms of its own yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy default terms' }).click();
  const copy = page.getByRole('alertdialog', { name: 'Copy the default terms?' });
  await copy.getByRole('button', { name: 'Copy default terms' }).click();
  await expect(page.getByText(/^Copied [\d,]+ default terms\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('This hospital has no terms of its own yet.')).toHaveCount(0);
  const defaults = (await (await page.request.get('/api/admin/terms/default?pageSize=1')).json()) as { totalCount: number };
  await expect(page.getByText(`${defaults.totalCount.toLocaleString('en-US')} terms`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add term' }).click();
  const addTerm = page.getByRole('dialog', { name: 'Add term' });
  await addTerm.getByLabel('Code', { exact: true }).fill(CUSTOM_TERM_ID);
  await addTerm.getByLabel('Term', { exact: true }).fill(CUSTOM_TERM);
  await addTerm.getByLabel('Specialty').fill('Sleep Medicine');
  await addTerm.getByRole('button', { name: 'Add term' }).click();
  await expect(page.getByText(`${CUSTOM_TERM} was added.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`sleep clinic intake ${RUN}`);
  await expect(page.getByText('1 term', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: CUSTOM_TERM })).toContainText('Sleep Medicine');

  // ── A new Northfield provider picks expertise terms by type-ahead.
  const context = await browser.newContext();
  const provider = await context.newPage();
  const email = `expertise.${RUN}@northfield.example`;
  await provider.goto('/unified-signup');
  await provider.getByLabel('Email').fill(email);
  await provider.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await provider.getByLabel('Confirm password').fill(PASSWORD);
  await provider.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await provider.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await provider.getByRole('button', { name: 'Continue' }).click();
  await expect(provider.getByRole('heading', { name: 'Professional details' })).toBeVisible();
  await provider.getByLabel('Full name').fill('Priya Expertise');
  await provider.getByLabel('Hospital or health system').selectOption({ label: HOSPITAL });
  await provider.getByRole('button', { name: 'Create Account' }).click();
  await expect(provider).toHaveURL(/\/dashboard$/);

  await provider.goto('/medical-expertise');
  const search = provider.getByRole('combobox', { name: 'Find conditions, procedures and reasons for visit' });
  await search.fill('sleep clinic intake');
  await provider.getByRole('option', { name: new RegExp(CUSTOM_TERM) }).click();
  await search.fill('Cocaine dependence');
  await provider
    .getByRole('option', { name: /Cocaine dependence/ })
    .first()
    .click();
  await provider.getByRole('button', { name: 'Save medical expertise' }).click();
  await expect(provider.getByText('Medical expertise saved')).toBeVisible();

  await provider.reload();
  await expect(provider.getByRole('button', { name: `Remove ${CUSTOM_TERM}` })).toBeVisible();
  await expect(provider.getByRole('button', { name: 'Remove Cocaine dependence' })).toBeVisible();
  await context.close();
});
