import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox } from './support/outbox';

// The administrators' journey against the production build: magic-link sign-in from the
// development outbox, the console, inviting a hospital administrator who sets a password, signs
// in, is made to change it, sees only their hospital and signs out. The server allows one link
// per e-mail per 60 s, so each administrator asks for exactly one link here.

const SYSTEM_ADMIN = 'admin@vitae.local';
const HOSPITAL = 'Northfield Health';

async function requestMagicLink(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Magic link sent')).toBeVisible();
  await expect(page).toHaveURL(`/admin/magic-link-sent?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in 0:5\d/ })).toBeDisabled();
}

async function openMagicLink(page: Page, email: string) {
  const link = await linkFromOutbox(page.request, email, 'admin_magic_link', '/auth/callback');
  expect(link).toContain('admin=true');
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The figure of a dashboard statistic: the <dd> that follows its <dt> in the stat's group. */
function statValue(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]/span[1]');
}

test('administrators: sign in, invite a hospital administrator who sets a password from the invitation, scoped console, sign out', async ({
  page,
  browser,
}) => {
  // ── The system administrator signs in with a magic link.
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Sign in as an administrator' })).toBeVisible();
  await requestMagicLink(page, SYSTEM_ADMIN);
  await openMagicLink(page, SYSTEM_ADMIN);

  await expect(page).toHaveURL(/\/system-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const stats = (await (await page.request.get('/api/admin/stats')).json()) as { hospitals: number; users: number };
  await expect(statValue(page, 'Hospitals')).toHaveText(String(stats.hospitals));
  await expect(statValue(page, 'Users')).toHaveText(String(stats.users));
  await expect(page.getByRole('main').getByText('System administrator').first()).toBeVisible();
  const consoleNav = page.getByRole('navigation', { name: 'Console' });
  await expect(consoleNav.getByRole('link', { name: 'Audit log' })).toBeVisible();

  // ── They add a hospital administrator for Northfield Health.
  const newAdmin = `hospital.admin.${Date.now()}@northfield.example`;
  await consoleNav.getByRole('link', { name: 'Administrators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
  await page.getByRole('button', { name: 'Add administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add administrator' });
  await dialog.getByLabel('Email address').fill(newAdmin.toUpperCase());
  await dialog.getByLabel('Full name').fill('Harper Northfield');
  await expect(dialog.getByLabel('Role')).toHaveValue('hospital_admin');
  await dialog.getByLabel('Hospital').selectOption({ label: HOSPITAL });
  await dialog.getByRole('button', { name: 'Add administrator' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${newAdmin} was added and invited by e-mail to set a password.`)).toBeVisible();
  const createdRow = page.getByRole('row').filter({ hasText: newAdmin });
  await expect(createdRow).toContainText(HOSPITAL);
  await expect(createdRow).toContainText('Setup pending');

  // The creation is in the audit log.
  await consoleNav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('admin_user.create');
  await expect(page.getByRole('row').filter({ hasText: 'admin_user.create' }).first()).toBeVisible();

  // ── The new administrator, in their own browser, follows the invitation.
  const context = await browser.newContext();
  const invited = await context.newPage();
  const invite = await linkFromOutbox(invited.request, newAdmin, 'admin_invite', '/admin/reset-password');
  expect(invite).toMatch(/^\/admin\/reset-password\?token=/);
  await invited.goto(invite);
  await expect(invited.getByRole('heading', { name: 'Set your administrator password' })).toBeVisible();
  const firstPassword = 'Lantern-Harbour-2931';
  await invited.getByLabel('New password', { exact: true }).fill(firstPassword);
  await invited.getByLabel('Confirm new password').fill(firstPassword);
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expect(invited).toHaveURL('/admin/login?reason=password_set');
  await expect(invited.getByText('Password set. Sign in with a magic link.')).toBeVisible();

  // ── They sign in straight to the console: the password set from the invitation was the change
  // the temporary one called for (issue 32, item 19).
  await requestMagicLink(invited, newAdmin);
  await openMagicLink(invited, newAdmin);

  // ── The console shows their hospital only, and no audit log.
  await expect(invited).toHaveURL(/\/system-admin$/);
  await expect(invited.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(statValue(invited, 'Hospitals')).toHaveText('1');
  await expect(invited.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Administrators' })).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(invited.getByText(HOSPITAL).first()).toBeVisible();

  // ── Sign out from the header menu.
  await invited.getByRole('button', { name: /Account menu/ }).click();
  await invited.getByRole('button', { name: 'Sign out' }).click();
  await expect(invited).toHaveURL('/admin/login?reason=signed_out');
  await expect(invited.getByText('You have been signed out.')).toBeVisible();
  await invited.goto('/system-admin');
  await expect(invited).toHaveURL(/\/admin\/login/);
  await context.close();
});

test('the login page checks the e-mail and names an unknown administrator', async ({ page }) => {
  await page.goto('/admin/login?reason=expired');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email address').fill(`nobody.${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('alert')).toHaveText('No admin account found with this email address.');
});
