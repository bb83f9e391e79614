import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';

// Issue T2 2/5 item 7 end to end: a provider who signed up without a hospital asks to join the demo
// hospital from Settings; the hospital's administrator approves in the console; the provider is
// then the hospital's (its name on Settings and in the session).

const PASSWORD = 'Cardio-Rounds-2024!';
const DEMO_HOSPITAL = 'Northfield Health';
// This journey's own Northfield administrator (tests/support/e2e-fixtures.ts).
const HOSPITAL_ADMIN = 'members.admin@northfield.example';

test('a provider asks to join a hospital; its administrator approves; the provider belongs to it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `joiner.${Date.now()}@example.org`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Robin Joiner' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await page.goto('/settings');
  await page.getByLabel('Hospital to join').selectOption({ label: DEMO_HOSPITAL });
  await page.getByLabel(/Message to its administrators/).fill('Cardiology, since May.');
  await page.getByRole('button', { name: 'Request to join' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Your request to join ${DEMO_HOSPITAL} was sent` })).toBeVisible();

  const admin = await browser.newPage();
  await signInAsAdmin(admin, HOSPITAL_ADMIN);
  await expect(admin).toHaveURL(/\/system-admin$/);
  await admin.goto('/system-admin/users');
  const requests = admin.getByRole('region', { name: /Requests to join/ });
  await expect(requests).toContainText('Robin Joiner');
  await expect(requests).toContainText('Cardiology, since May.');
  await requests.getByRole('button', { name: 'Approve Robin Joiner' }).click();
  await expect(admin.getByText(`Robin Joiner joined ${DEMO_HOSPITAL}`)).toBeVisible();
  await expect(admin.getByRole('region', { name: /Requests to join/ })).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByText(`You belong to ${DEMO_HOSPITAL}.`)).toBeVisible();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { hospitalName: string } };
  expect(session.user.hospitalName).toBe(DEMO_HOSPITAL);
});
