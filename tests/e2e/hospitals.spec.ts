import { expect, test } from '@playwright/test';
import { linkFromOutbox, signInAsAdmin } from './support/outbox';

// Hospitals in the console, against the production build: a system administrator creates a
// hospital, sets its section permissions and reading levels, uploads a brand document, bulk-loads
// locations from CSV and invites a hospital administrator, who then sees and edits only that
// hospital. Each administrator signs in once and the pages are reused.

// This journey's own system administrator (tests/support/e2e-fixtures.ts).
const SYSTEM_ADMIN = 'hospitals.manager@vitae.local';
const RUN = Date.now().toString(36).toUpperCase();
const HOSPITAL_NAME = `Lakeside Medical ${RUN}`;
const HOSPITAL_CODE = `LAKE${RUN}`;
const HOSPITAL_ADMIN = `lake.admin.${RUN.toLowerCase()}@lakeside.example`;

function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

const LOCATIONS_CSV = [
  'name,address_line1,city,state,zip_code,phone,department',
  `Lakeside Heart Center ${RUN},251 E Huron St,Chicago,IL,60611,(312) 555-0100,Cardiology`,
  `"Lakeside Clinic, West ${RUN}",1200 W Lake St,Evanston,IL,60201-4418,(847) 555-0142,Family Medicine`,
  'Bad Row,1 Main St,Springfield,Illinois,62701,,',
].join('\r\n');

test('hospitals: create, permissions, reading levels, brand document, locations CSV, and a hospital administrator scoped to it', async ({ page, browser }) => {
  test.setTimeout(240_000);

  // ── The system administrator signs in and adds a hospital.
  await signInAsAdmin(page, SYSTEM_ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  const consoleNav = page.getByRole('navigation', { name: 'Console' });
  await consoleNav.getByRole('link', { name: 'Hospitals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hospitals' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Northfield Health' })).toBeVisible();

  await page.getByRole('button', { name: 'Add hospital' }).click();
  const create = page.getByRole('dialog', { name: 'Add hospital' });
  await create.getByRole('button', { name: 'Add hospital' }).click();
  await expect(create.getByText('Hospital name is required')).toBeVisible();
  await create.getByLabel('Hospital name').fill(HOSPITAL_NAME);
  await create.getByLabel('Code').fill(HOSPITAL_CODE.toLowerCase());
  await create.getByLabel('Contact e-mail').fill('IT@Lakeside.example');
  await create.getByLabel('Address').fill('1 Lakeshore Drive, Chicago, IL 60601');
  await create.getByRole('button', { name: 'Add hospital' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`${HOSPITAL_NAME} was created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HOSPITAL_NAME })).toBeVisible();
  await expect(page.getByText(HOSPITAL_CODE, { exact: true })).toBeVisible();
  const hospitalUrl = page.url();
  const hospitalId = new URL(hospitalUrl).pathname.split('/').pop()!;
  await expect(page.getByLabel('Contact e-mail')).toHaveValue('it@lakeside.example');

  // A second hospital with the same code is refused on the code field.
  await page.goto('/system-admin/hospitals');
  await page.getByRole('button', { name: 'Add hospital' }).click();
  await create.getByLabel('Hospital name').fill(`${HOSPITAL_NAME} copy`);
  await create.getByLabel('Code').fill(HOSPITAL_CODE);
  await create.getByRole('button', { name: 'Add hospital' }).click();
  await expect(create.getByText('A hospital with this code already exists')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(hospitalUrl);

  const tabs = page.getByRole('navigation', { name: 'Hospital settings' });

  // ── Section permissions: hiding a section clears and locks Required.
  await tabs.getByRole('link', { name: 'Section permissions' }).click();
  const trialsVisible = page.getByRole('switch', { name: 'Visible – Clinical Trials' });
  const identityVisible = page.getByRole('switch', { name: 'Visible – Professional Identity' });
  const identityRequired = page.getByRole('switch', { name: 'Required – Professional Identity' });
  await expect(identityRequired).toHaveAttribute('aria-checked', 'true');
  await identityVisible.click();
  await expect(identityRequired).toHaveAttribute('aria-checked', 'false');
  await expect(identityRequired).toBeDisabled();
  await identityVisible.click();
  await expect(identityRequired).toHaveAttribute('aria-checked', 'false');
  await identityRequired.click();
  await trialsVisible.click();
  await page.getByRole('switch', { name: 'Required – Biography' }).click();
  await expect(page.getByText('8 of 9 visible, 4 required.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Section permissions saved.')).toBeVisible();
  await page.reload();
  await expect(trialsVisible).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Required – Clinical Trials' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Required – Biography' })).toHaveAttribute('aria-checked', 'true');

  // ── Reading levels: the form refuses a maximum below the minimum, then saves.
  await tabs.getByRole('link', { name: 'Reading levels' }).click();
  const publicLevels = page.getByRole('region', { name: 'Public biography' });
  await publicLevels.getByLabel('Reading level (grade)').fill('7');
  await publicLevels.getByLabel('Minimum words').fill('160');
  await publicLevels.getByLabel('Maximum words').fill('140');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(publicLevels.getByText('The maximum must not be below the minimum')).toBeVisible();
  await publicLevels.getByLabel('Minimum words').fill('100');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Reading levels saved.')).toBeVisible();
  const levels = (await (await page.request.get(`/api/admin/hospitals/${hospitalId}/reading-levels`)).json()) as Record<string, unknown>;
  expect(levels).toMatchObject({ publicReadingLevel: 7, publicWordCountMin: 100, publicWordCountMax: 140, professionalReadingLevel: 12 });

  // ── Brand: a PDF guideline becomes the primary document and opens.
  await tabs.getByRole('link', { name: 'Brand' }).click();
  const documents = page.getByRole('region', { name: 'Brand documents' });
  await documents.locator('input[type=file]').setInputFiles({ name: 'svg-logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(documents.getByText('SVG files are not accepted because they can contain scripts.', { exact: false })).toBeVisible();
  await documents.locator('input[type=file]').setInputFiles({ name: 'lakeside-brand.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
  await documents.getByRole('button', { name: /^Upload/ }).click();
  await expect(page.getByText('lakeside-brand.pdf was uploaded as the primary document.')).toBeVisible();
  const documentRow = documents.getByRole('listitem').filter({ hasText: 'lakeside-brand.pdf' });
  await expect(documentRow.getByText('Primary')).toBeVisible();
  const viewHref = await documentRow.getByRole('link', { name: 'View lakeside-brand.pdf' }).getAttribute('href');
  const file = await page.request.get(viewHref!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // ── Locations: a CSV with two good rows and one bad one.
  await tabs.getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByText('No locations yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload locations' });
  await expect(upload.getByRole('link', { name: 'Download template' })).toHaveAttribute('href', '/api/admin/locations/template.csv');
  await upload.locator('input[type=file]').setInputFiles({ name: 'lakeside-locations.csv', mimeType: 'text/csv', buffer: Buffer.from(LOCATIONS_CSV) });
  await expect(upload.getByText('3 rows ready to upload.')).toBeVisible();
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText('2 locations were added, 1 row was skipped.')).toBeVisible();
  await expect(upload.getByRole('list', { name: 'Problems found' })).toContainText('Bad Row: line 4: State must be a 2-letter code, like IL');
  await upload.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Lakeside Heart Center ${RUN}` })).toContainText('Chicago, IL 60611');
  await expect(page.getByRole('row').filter({ hasText: `Lakeside Clinic, West ${RUN}` })).toBeVisible();
  await expect(page.getByText('1–2 of 2 locations')).toBeVisible();

  // ── An administrator for the new hospital.
  await consoleNav.getByRole('link', { name: 'Administrators' }).click();
  await page.getByRole('button', { name: 'Add administrator' }).click();
  const addAdmin = page.getByRole('dialog', { name: 'Add administrator' });
  await addAdmin.getByLabel('Email address').fill(HOSPITAL_ADMIN);
  await addAdmin.getByLabel('Full name').fill('Lena Lakeside');
  await addAdmin.getByLabel('Hospital').selectOption({ label: HOSPITAL_NAME });
  await addAdmin.getByRole('button', { name: 'Add administrator' }).click();
  await expect(page.getByText(`${HOSPITAL_ADMIN} was added and invited by e-mail to set a password.`)).toBeVisible();
  const northfield = (await (await page.request.get('/api/admin/hospitals?q=Northfield')).json()) as { items: Array<{ id: string }> };
  const northfieldId = northfield.items[0]!.id;

  // ── The hospital administrator, in their own browser: invitation, password, sign-in.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto(await linkFromOutbox(admin.request, HOSPITAL_ADMIN, 'admin_invite', '/admin/reset-password'));
  const firstPassword = 'Harbour-Lantern-4417';
  await admin.getByLabel('New password', { exact: true }).fill(firstPassword);
  await admin.getByLabel('Confirm new password').fill(firstPassword);
  await admin.getByRole('button', { name: 'Set password' }).click();
  await expect(admin).toHaveURL('/admin/login?reason=password_set');
  // The password set from the invitation was the change the temporary one called for: straight to the console.
  await signInAsAdmin(admin, HOSPITAL_ADMIN);
  await expect(admin).toHaveURL(/\/system-admin$/);

  // They land on their own hospital, can edit it, and cannot reach another one.
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Hospitals' }).click();
  await expect(admin).toHaveURL(`/system-admin/hospitals/${hospitalId}`);
  await expect(admin.getByRole('heading', { level: 1, name: HOSPITAL_NAME })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'All hospitals' })).toHaveCount(0);
  await expect(admin.getByRole('switch', { name: 'Active' })).toHaveCount(0);
  await admin.getByLabel('Contact phone').fill('(312) 555-0199');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Hospital settings saved.')).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel('Contact phone')).toHaveValue('(312) 555-0199');

  await admin.getByRole('navigation', { name: 'Hospital settings' }).getByRole('link', { name: 'Locations' }).click();
  await expect(admin.getByText('1–2 of 2 locations')).toBeVisible();

  const listed = (await (await admin.request.get('/api/admin/hospitals')).json()) as { items: Array<{ id: string }>; totalCount: number };
  expect(listed.totalCount).toBe(1);
  expect(listed.items[0]!.id).toBe(hospitalId);
  await admin.goto(`/system-admin/hospitals/${northfieldId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Hospital not found' })).toBeVisible();
  expect((await admin.request.get(`/api/admin/hospitals/${northfieldId}/locations`)).status()).toBe(404);
  await context.close();
});
