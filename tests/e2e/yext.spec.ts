import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';
import { FAKE_YEXT_KEYS, FAKE_YEXT_NPIS } from '../fakes/yext';

// The listing-service (YEXT) journey against the production build and the loopback YEXT fake
// (YEXT_API_URL / YEXT_SANDBOX_URL point at tests/fakes/yext.ts): a hospital administrator switches
// the demo hospital to YEXT with an API key and population on, tests the connection; a provider who
// signs up with an NPI the directory knows finds their profile filled in; the administrator runs a
// term sync and reads its counts on /yext-expertise-test. The hospital is switched back at the end.

// This journey's own Northfield administrator (tests/support/e2e-fixtures.ts), clear of the
// magic-link cooldown the taxonomy journey leaves on the demo one.
const HOSPITAL_ADMIN = 'listing.admin@northfield.example';
const HOSPITAL = 'Northfield Health';
const PASSWORD = 'Cardio-Rounds-2024!';

async function hospitalId(request: APIRequestContext) {
  const { items } = (await (await request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  const hospital = items.find((item) => item.name === HOSPITAL);
  expect(hospital, `${HOSPITAL} among the hospitals`).toBeDefined();
  return hospital!.id;
}

/** The number under a label of a results panel. */
const stat = (page: Page, panel: string, label: string) =>
  page
    .getByLabel(panel)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('YEXT: configure a hospital, pre-filled sign-up, term sync with counts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, HOSPITAL_ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  const id = await hospitalId(page.request);
  const configure = (body: Record<string, unknown>) => page.request.patch(`/api/admin/hospitals/${id}`, { data: body });

  try {
    const configured = await configure({
      dataSource: 'yext',
      yextConfig: { apiKey: FAKE_YEXT_KEYS.production },
      // Enhanced expertise on: the import adds the provider's conditions and procedures the hospital's terms lack.
      populationConfig: { enabled: true, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: true },
    });
    expect(configured.status(), await configured.text()).toBe(200);

    // ── The connection test: the key passes the first check, five providers, three samples.
    await page.goto(`/yext-test?hospital=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Listing Service Test' })).toBeVisible();
    await page.getByRole('button', { name: 'Run connection test' }).click();
    await expect(stat(page, 'Connection test results', 'API key')).toHaveText('Valid');
    await expect(stat(page, 'Connection test results', 'Providers found')).toHaveText('5');
    await expect(page.getByText('Basic one-entity query', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Margaret Okafor, MD' })).toBeVisible();

    // ── A provider signs up with an NPI the directory knows.
    const provider = await browser.newContext();
    const providerPage = await provider.newPage();
    const email = `okafor.${Date.now()}@northfield.example`;
    // Sign-up at a listing-service hospital looks the NPI up in the hospital's directory.
    await providerPage.goto('/unified-signup');
    await providerPage.getByLabel('Email').fill(email);
    await providerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await providerPage.getByLabel('Confirm password').fill(PASSWORD);
    await providerPage.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await providerPage.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await providerPage.getByRole('button', { name: 'Continue' }).click();
    await providerPage.getByLabel('Hospital or health system').selectOption({ label: HOSPITAL });
    await providerPage.getByLabel('NPI number').fill(FAKE_YEXT_NPIS.okafor);
    await providerPage.getByRole('button', { name: 'Look up' }).click();
    const card = providerPage.getByRole('status').filter({ hasText: 'Found in your hospital\u2019s directory' });
    await expect(card).toContainText('Margaret Okafor');
    await expect(providerPage.getByLabel('Full name')).toHaveValue('Margaret Okafor');
    await expect(providerPage.getByLabel('Credential')).toHaveValue('MD');
    await providerPage.getByRole('button', { name: 'Create Account' }).click();
    await expect(providerPage).toHaveURL(/\/dashboard$/);

    const section = async (sectionId: string) =>
      ((await (await providerPage.request.get(`/api/profile/sections/${sectionId}`)).json()) as { data: unknown }).data;
    expect(await section('education_training')).toMatchObject({
      items: [
        { educationType: 'medical_school', institutionName: 'Northwestern University Feinberg School of Medicine', source: 'directory' },
        { educationType: 'residency', institutionName: 'University of Chicago Medical Center' },
        { educationType: 'fellowship', institutionName: 'Cleveland Clinic' },
      ],
    });
    expect(await section('practice_essentials')).toMatchObject({ acceptingNewPatients: true, appointmentTypes: ['In-person', 'Video visit'] });
    expect(await section('professional_identity')).toMatchObject({ npiNumber: FAKE_YEXT_NPIS.okafor, credentials: [{ name: 'MD' }] });
    expect(await section('biography')).toMatchObject({ professionalSummary: expect.stringContaining('board-certified cardiologist') });
    expect(((await section('languages')) as { items: Array<{ languageCode: string }> }).items.map((l) => l.languageCode)).toEqual(['en', 'es']);
    expect(((await section('medical_expertise')) as { items: Array<{ term: string }> }).items.map((t) => t.term)).toEqual([
      'Heart failure',
      'Atrial fibrillation',
      'Echocardiography',
      'Palpitations',
    ]);
    // The directory's fuller legal name differs from the one typed at sign-up: offered, not written.
    const pending = (await (await providerPage.request.get('/api/pending-updates')).json()) as { items: Array<{ field: string; newDisplay: string }> };
    expect(pending.items).toContainEqual(expect.objectContaining({ field: 'fullLegalName', newDisplay: 'Margaret A. Okafor' }));

    await providerPage.goto('/education-training');
    await expect
      .poll(() =>
        providerPage.evaluate(
          (text) =>
            document.body.innerText.includes(text) ||
            [...document.querySelectorAll('input, textarea')].some((field) => (field as HTMLInputElement).value.includes(text)),
          'Northwestern University Feinberg School of Medicine',
        ),
      )
      .toBe(true);

    // ── From the dashboard the provider syncs again: the directory's fuller name waits for review.
    await providerPage.goto('/dashboard');
    await providerPage.getByRole('button', { name: 'Sync from directory' }).click();
    await expect(providerPage.getByText('Directory sync finished')).toBeVisible({ timeout: 30_000 });
    await expect(providerPage.getByText(/from your directory (is|are) waiting for your review/)).toBeVisible();
    await providerPage.getByRole('button', { name: 'Review updates' }).click();
    await expect(providerPage.getByRole('dialog').getByText('Margaret A. Okafor')).toBeVisible();
    await provider.close();

    // ── The administrator previews and runs the term sync.
    await page.goto(`/yext-expertise-test?hospital=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Expertise Sync Test' })).toBeVisible();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(stat(page, 'Dry run counts', 'Entities fetched')).toHaveText('210');
    const toAdd = (await stat(page, 'Dry run counts', 'Terms added').textContent())!.trim();
    // The four terms the provider's import created are already there.
    expect(toAdd).toBe('206');

    await page.getByRole('button', { name: 'Run term sync' }).click();
    await expect(page.getByText('The term sync has started. Its progress appears below.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Latest sync/ }).getByText('Completed')).toBeVisible({ timeout: 30_000 });
    await expect(stat(page, 'Latest sync counts', 'Entities fetched')).toHaveText('210');
    await expect(stat(page, 'Latest sync counts', 'Terms added')).toHaveText(toAdd);
    await expect(stat(page, 'Latest sync counts', 'Terms updated')).toHaveText('0');
    await expect(stat(page, 'Latest sync counts', 'Terms deleted')).toHaveText('0');
  } finally {
    await configure({
      dataSource: 'npi_registry',
      yextConfig: { clearApiKey: true },
      populationConfig: { enabled: false, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false },
    });
  }
});
