import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { outbox, signInAsAdmin } from './support/outbox';

// Issue 37 items 1–3 in the browser (production build, demo data, the loopback NPPES serving the real
// recorded records): a hospital admin uploads a roster of real NPIs with a few bad rows, sees every
// refused row with its reason before anything is sent, and downloads them; then starts pre-filling
// and watches the progress bar reach 100 % without a reload (the app's own job worker does the work),
// and each person's state. Screenshots at 390 and 1280 px go to the folder printed (not committed).

const ADMIN = 'console.admin@northfield.example';
const shots = process.env.SCREENSHOT_DIR ?? join('test-results', 'roster-screens');
mkdirSync(shots, { recursive: true });
test.beforeAll(() => console.log(`roster screenshots: ${shots}`));

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${name} at ${width} px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a hospital admin uploads a roster and sees each refused row with its reason', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  const hospitals = (await (await page.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  await page.goto(`/system-admin/hospitals/${hospitals.items.find((h) => h.name === 'Northfield Health')!.id}/roster`);
  await expect(page.getByText('No roster has been uploaded yet.').or(page.getByRole('button', { name: 'Show rows' }).first())).toBeVisible();

  // Real recorded individuals (NPI-1), a real organization (NPI-2), a mistyped check digit, a bad e-mail.
  const suffix = Date.now().toString(36);
  const csv = [
    'NPI,Email,Name,Specialty',
    `1053975268,first.${suffix}@example.org,First Provider,Cardiology`,
    `1063410173,second.${suffix}@example.org,Second Provider,`,
    `1467486373,org.${suffix}@example.org,An Organization,`,
    `1053975269,typo.${suffix}@example.org,Typo In NPI,`,
    `1568726677,not-an-address,Bad Mail,`,
  ].join('\n');
  await page.getByLabel('Or paste the list').fill(csv);
  await page.getByRole('button', { name: 'Check the roster' }).click();
  await expect(page.getByRole('heading', { name: 'Refused rows (3)' })).toBeVisible();
  for (const reason of [/Organization NPI \(NPI-2\)/, /check digit is wrong/, /E-mail address is not valid/])
    await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByText(/No one\s+has been contacted/)).toBeVisible();
  await shoot(page, 'roster-checked');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download refused rows/ }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.split('\r\n')[0]).toBe('NPI,Email,Name,Department,Location,Specialty,Line,Reason');
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);

  // Pre-filling: the job runs on the server's queue; the tab polls its progress.
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });
  await page.getByRole('button', { name: 'Start pre-filling 2 profiles' }).click();
  const bar = page.getByRole('progressbar', { name: 'Pre-filling progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText('2 of 2 done (100 %)')).toBeVisible();
  await expect(page.getByText('Finished')).toBeVisible();
  await expect(page.getByText('Draft ready, not invited', { exact: true })).toHaveCount(2);
  // Each person under the registry's name in proper case (the roster said 'First Provider').
  await expect(page.getByText('Kelsey Sprang', { exact: true })).toBeVisible();
  await expect(page.getByText('Anthony Barnes', { exact: true })).toBeVisible();
  expect(reloads, 'the page was not reloaded').toEqual([]);
  await shoot(page, 'roster-drafted');

  // Items 3 and 5: invited, each person's state in words, search, filter, the export of the same
  // view, a reminder now to one chosen person, and their unsubscribe.
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invited', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText(/^1 e-mail · last: invitation/)).toHaveCount(2, { timeout: 30_000 });
  await page.getByLabel('Search').fill('barnes');
  await expect(page.getByText('Kelsey Sprang', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Anthony Barnes', { exact: true })).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByLabel('State').selectOption('invited');
  await expect(page.getByText('Kelsey Sprang', { exact: true })).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export this view/ }).click();
  const csvText = await (await (await csvDownload).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const csvLines = csvText.split('\r\n').filter(Boolean);
  expect(csvLines).toHaveLength(3);
  expect(csvLines.slice(1).every((line) => line.includes(',Invited,'))).toBe(true);

  await page.getByRole('checkbox', { name: 'Choose Kelsey Sprang' }).check();
  await page.getByRole('button', { name: 'Send a reminder' }).click();
  await expect(page.getByText('1 reminder sent')).toBeVisible();
  await expect(page.getByText(/^2 e-mails · last: reminder/)).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'roster-people');

  let reminder: { links: string[] } | undefined;
  await expect
    .poll(async () => (reminder = (await outbox(page.request, `first.${suffix}@example.org`)).find((m) => m.kind === 'roster_reminder')) !== undefined)
    .toBe(true);
  const unsubscribe = new URL(reminder!.links.find((l) => l.includes('/roster/unsubscribe/'))!);
  const consoleUrl = page.url();
  await page.goto(unsubscribe.pathname);
  await expect(page.getByRole('heading', { name: 'Stop the reminders?' })).toBeVisible();
  await shoot(page, 'roster-unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await shoot(page, 'roster-unsubscribed');
  await page.goto(consoleUrl);
  await page.getByRole('button', { name: 'Show rows' }).first().click();
  await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
});
