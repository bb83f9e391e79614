import { expect, test } from '@playwright/test';
import { linkFromOutbox, signInAsAdmin } from './support/outbox';

// Issue T2 3/5 end to end: the demo hospital asks to approve each profile; a provider asks to publish
// from Settings; the hospital's administrator approves in the console; a signed-out visitor without
// JavaScript finds the provider by a condition and a ZIP code and opens the page (HTML with their name,
// visible sections and schema.org data); a section the hospital hides leaves the page; the console and
// the provider's own page say where the values came from; the page is gone once the provider takes it down.

const PASSWORD = 'Cardio-Rounds-2024!';
// This journey's own Northfield administrator (tests/support/e2e-fixtures.ts).
const HOSPITAL_ADMIN = 'directory.admin@northfield.example';

test('a provider publishes, the hospital approves, patients see the public page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const hospitals = (await (await page.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  const hospital = hospitals.items.find((h) => h.name === 'Northfield Health')!;
  const name = `Imani Okoro ${Date.now().toString(36)}`;
  const email = `publisher.${Date.now()}@example.org`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: name, hospitalId: hospital.id },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const saved = await page.request.put('/api/profile/sections/biography', {
    data: { professionalSummary: 'Treats adults with asthma and COPD.', publicSummary: 'I help people breathe easier.' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // A condition from the hospital's terms and an office in a ZIP code no demo clinician uses.
  const terms = (await (await page.request.get('/api/terms/search?q=sarcoidosis&pageSize=5')).json()) as { items: Array<{ termId: string; term: string }> };
  const condition = terms.items[0]!;
  for (const [section, body] of [
    ['medical_expertise', { items: [{ termId: condition.termId }] }],
    [
      'locations',
      {
        items: [
          {
            locationName: 'Northfield Lake Forest Clinic',
            address: '660 N Westmoreland Rd',
            city: 'Lake Forest',
            state: 'IL',
            postalCode: '60045',
            isPrimaryLocation: true,
          },
        ],
      },
    ],
  ] as const) {
    const response = await page.request.put(`/api/profile/sections/${section}`, { data: body });
    expect(response.status(), await response.text()).toBe(200);
  }

  const admin = await browser.newPage();
  await signInAsAdmin(admin, HOSPITAL_ADMIN);
  await expect(admin).toHaveURL(/\/system-admin$/);
  await admin.goto(`/system-admin/hospitals/${hospital.id}/directory`);
  const approval = admin.getByLabel(/Approve each profile before it is public/);
  await approval.check();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Directory settings saved.')).toBeVisible();

  // Publishing needs a confirmed e-mail address: the provider asks for the link and opens it.
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Ask to publish my profile' })).toBeDisabled();
  const askedAt = Date.now() - 1_000;
  await page.getByRole('button', { name: 'E-mail me the confirmation link' }).click();
  await expect(page.getByText(`We sent the link to ${email}`)).toBeVisible();
  await page.goto(await linkFromOutbox(page.request, email, 'verification', '/auth/callback', askedAt));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Ask to publish my profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for your hospital’s approval' })).toBeVisible();
  await expect(page.getByRole('link', { name: /See your public page/ })).toHaveCount(0);

  await admin.reload();
  const row = admin.getByRole('list', { name: 'Directory listings' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Waiting for approval');
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText(`${name} is public`)).toBeVisible();
  // Back to the demo's setting for the other journeys.
  await admin.getByLabel(/Approve each profile before it is public/).uncheck();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Directory settings saved.')).toBeVisible();

  await page.reload();
  const link = page.getByRole('link', { name: /See your public page/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/find\/northfield\/imani-okoro-/);

  const visitor = await browser.newPage({ javaScriptEnabled: false });
  const response = await visitor.goto(href);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.getByText('I help people breathe easier.')).toBeVisible();
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'Physician', name, hospitalAffiliation: [{ '@type': 'Hospital', name: 'Northfield Health' }] });
  await visitor.goto('/find/northfield');
  await visitor.getByLabel('Name, specialty or condition').fill(condition.term);
  await visitor.getByLabel('City or ZIP code').fill('60045');
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor.getByText('1 clinician matching')).toBeVisible();
  await visitor.getByRole('link', { name }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.getByRole('heading', { name: 'Conditions and treatments' })).toBeVisible();
  await expect(visitor.getByText(condition.term)).toBeVisible();

  // The hospital hides the Biography section: the public page no longer shows it.
  await admin.goto(`/system-admin/hospitals/${hospital.id}/permissions`);
  const biographyVisible = admin.getByRole('switch', { name: 'Visible – Biography' });
  await biographyVisible.click();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Section permissions saved.')).toBeVisible();
  await visitor.goto(href);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.getByRole('heading', { name: 'Conditions and treatments' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'About' })).toHaveCount(0);
  await expect(visitor.getByText('I help people breathe easier.')).toHaveCount(0);
  // Shown again for the other journeys. The first save's toast has gone first (sonner keeps it about
  // four seconds), so the one seen next is this save's and not a second copy of the text.
  await expect(admin.getByText('Section permissions saved.')).toHaveCount(0, { timeout: 10_000 });
  await biographyVisible.click();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Section permissions saved.')).toBeVisible();
  await visitor.goto(href);
  await expect(visitor.getByText('I help people breathe easier.')).toBeVisible();

  // The console shows the hospital where each value came from; the provider sees the same on their page.
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await admin.goto(`/system-admin/users/${session.user.id}`);
  const biographyCard = admin.getByRole('region', { name: /^Biography/ });
  await expect(biographyCard.getByRole('region', { name: 'Where this information came from' })).toContainText('ProviderProfessional summary, Public summary');
  await admin.close();
  await page.goto('/biography');
  await expect(page.getByRole('region', { name: 'Where this information came from' })).toContainText('YouProfessional summary, Public summary');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Take my profile down' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You took your profile out of the public directory.' })).toBeVisible();
  expect((await visitor.goto(href))?.status()).toBe(404);
  await visitor.close();
});
