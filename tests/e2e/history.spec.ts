import { expect, test, type Page } from '@playwright/test';

// The change history against the production build: a new provider edits their biography twice,
// opens History on the page, sees who changed what (old → new, in words), restores the earlier
// text, and the form shows it again with the restore itself in the history.

const PASSWORD = 'Cardio-Rounds-2024!';

async function signUp(page: Page, email: string) {
  await page.goto('/unified-signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Professional details' })).toBeVisible();
  await page.getByLabel('Full name').fill('Noor Haddad');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a provider sees their biography’s history and restores an earlier text', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, `haddad.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northfield.example`);

  await page.goto('/biography');
  const biography = page.getByRole('form', { name: 'Your biography', exact: true });
  const summary = biography.getByLabel(/^Professional biography( \(optional\))?$/);
  const save = async (text: string) => {
    await summary.fill(text);
    await biography.getByRole('button', { name: 'Save biography', exact: true }).click();
    await expect(biography.getByText('Unsaved changes')).toHaveCount(0);
    await expect(summary).toHaveValue(text);
  };
  await save('Dr. Haddad cares for adults with heart rhythm disorders.');
  await save('Dr. Haddad treats atrial fibrillation.');

  await page.getByRole('button', { name: /^History/ }).click();
  const latest = page.getByText('Professional summary: Dr. Haddad cares for adults with heart rhythm disorders. → Dr. Haddad treats atrial fibrillation.');
  await expect(latest).toBeVisible();
  await expect(page.getByText('Profile editor').first()).toBeVisible();

  await page
    .getByRole('button', { name: /^Restore the values before the change of/ })
    .first()
    .click();
  await expect(page.getByText(/^Restored\./)).toBeVisible();
  await expect(summary).toHaveValue('Dr. Haddad cares for adults with heart rhythm disorders.');
  await expect(page.getByText('Restored from history').first()).toBeVisible();
});
