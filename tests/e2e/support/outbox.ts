import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The development outbox (`/api/dev/outbox`) stands in for e-mail in the browser journeys.

export interface OutboxItem {
  to: string;
  subject: string;
  kind: string;
  links: string[];
  createdAt: string;
}

/** Mail "sent" to `to`, newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

/**
 * Path and query of the link to `pathname` in the newest `kind` mail to `to` sent at or after
 * `after` (epoch ms), waiting for the mail to arrive.
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, kind: string, pathname: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const item = (await outbox(request, to)).find((candidate) => candidate.kind === kind && Date.parse(candidate.createdAt) >= after);
        link = item?.links.find((candidate) => new URL(candidate, 'http://x').pathname === pathname);
        return link ?? null;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  const url = new URL(link!, 'http://x');
  return `${url.pathname}${url.search}`;
}

/**
 * Asks for an administrator magic link on /admin/login, opens it and continues. Each journey signs
 * in as its own administrator (tests/support/e2e-fixtures.ts), clear of the per-address limits.
 * The caller checks where the console lands (a pending password change goes elsewhere).
 */
export async function signInAsAdmin(page: Page, email: string) {
  const requestedAt = Date.now() - 1_000;
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(email);
  const send = page.getByRole('button', { name: 'Send magic link' });
  await send.click();
  // A retried journey asks again within the address's cooldown: wait it out as a person would (the
  // page counts down and enables the button again), then send once more.
  const cooldown = page.getByRole('alert').filter({ hasText: 'try again in' });
  const sentOrCooldown = async () => (/\/admin\/magic-link-sent/.test(page.url()) ? 'sent' : (await cooldown.isVisible()) ? 'cooldown' : null);
  await expect.poll(sentOrCooldown, { timeout: 10_000 }).not.toBeNull();
  if ((await sentOrCooldown()) === 'cooldown') {
    test.setTimeout(test.info().timeout + 90_000);
    await expect(send).toBeEnabled({ timeout: 75_000 });
    await send.click();
  }
  await expect(page).toHaveURL(/\/admin\/magic-link-sent/);
  await page.goto(await linkFromOutbox(page.request, email, 'admin_magic_link', '/auth/callback', requestedAt));
  await page.getByRole('button', { name: 'Continue' }).click();
}
