import { expect, test, type Page } from '@playwright/test';

// The Discovery Lab against the loopback PubMed and ClinicalTrials.gov fakes (tests/fakes/pubmed.ts,
// tests/fakes/clinical-trials.ts, default data sets): a provider named Margaret Okafor at the demo
// hospital runs discovery, approves two publications and a trial, rejects one, runs again, the
// rejected one stays away, the approved ones are in the profile and the bell shows the results.

const PASSWORD = 'Cardio-Rounds-2024!';
const DEMO_HOSPITAL = 'Northfield Health';

const TAVR = 'Sex differences in outcomes after transcatheter aortic valve replacement.';
const REMOTE = 'Remote monitoring of patients with heart failure: a randomized trial.';
const STATINS = 'Statin adherence in community cardiology practice.';
const SOIL = 'Soil microbiome diversity in tropical agriculture.';
const COLCHICINE = 'Colchicine After Myocardial Infarction in Women';
const WEARABLE = 'Wearable ECG Screening for Atrial Fibrillation';

async function signUpProvider(page: Page) {
  const options = await (await page.request.get('/api/hospitals/options')).json();
  const hospital = (options.items as Array<{ id: string; name: string }>).find((h) => h.name === DEMO_HOSPITAL);
  const email = `okafor.discovery.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northfield.example`;
  // page.request shares the page's cookies, so the new session is the browser's too.
  const response = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Margaret Okafor', hospitalId: hospital?.id },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function runDiscovery(page: Page, expected: RegExp) {
  await page.getByRole('button', { name: 'Run discovery' }).click();
  await expect(page.getByRole('status').filter({ hasText: expected })).toBeVisible({ timeout: 30_000 });
}

test.describe('discovery lab', () => {
  test('find, approve, reject, search again: the rejected item stays away and the bell has the results', async ({ page }) => {
    await signUpProvider(page);
    await page.goto('/discovery-lab');
    await expect(page.getByRole('heading', { level: 1, name: 'Discovery Lab' })).toBeVisible();

    const look = page.getByRole('group', { name: 'Look for' });
    await expect(look.getByRole('checkbox', { name: /Publications/ })).toBeChecked();
    await expect(look.getByRole('checkbox', { name: /Clinical trials/ })).toBeChecked();
    await runDiscovery(page, /6 new items to review/);

    for (const title of [TAVR, REMOTE, STATINS, SOIL, COLCHICINE, WEARABLE]) await expect(card(page, title)).toBeVisible();
    // The evidence sits beside each item.
    await expect(card(page, TAVR).getByRole('meter', { name: 'Match confidence' })).toBeVisible();
    await expect(card(page, TAVR).getByRole('list', { name: 'Match evidence' })).toContainText('Affiliation');

    await card(page, TAVR)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(card(page, TAVR)).toHaveCount(0);
    await card(page, REMOTE)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(card(page, REMOTE)).toHaveCount(0);
    await card(page, COLCHICINE)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(card(page, COLCHICINE)).toHaveCount(0);

    await card(page, SOIL)
      .getByRole('button', { name: /^Reject/ })
      .click();
    await card(page, SOIL).getByLabel('Reason (optional)').fill('Not me: a soil scientist with my initials');
    await card(page, SOIL).getByRole('button', { name: 'Confirm reject' }).click();
    await expect(card(page, SOIL)).toHaveCount(0);

    await runDiscovery(page, /No new items this time/);
    await expect(page.getByRole('status').filter({ hasText: /1 you rejected before/ })).toBeVisible();
    await expect(card(page, SOIL)).toHaveCount(0);
    await expect(card(page, STATINS)).toBeVisible();
    await expect(card(page, WEARABLE)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);

    // Approved items are in their profile sections.
    const publications = await (await page.request.get('/api/profile/sections/publications')).json();
    expect(publications.data.items.map((p: { title: string }) => p.title)).toEqual([TAVR, REMOTE]);
    const trials = await (await page.request.get('/api/profile/sections/clinical_trials')).json();
    expect(trials.data.items).toEqual([
      expect.objectContaining({ trialTitle: COLCHICINE, nctNumber: 'NCT05000001', userStatus: 'approved', role: 'principal_investigator' }),
    ]);

    // The bell in the header has both runs' results.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await page.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('No new items found');
    await expect(list.getByRole('listitem').nth(1)).toContainText('6 new items to review');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
  });
});
