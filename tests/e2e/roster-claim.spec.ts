import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Issue 37 item 4 "Done when", in the browser: a hospital administrator uploads a roster of real
// recorded NPIs (the loopback NPPES serves them) with a bad row, starts pre-filling, turns on the
// roster's pre-approval and sends the invitations; the provider opens the invitation that arrived on
// a real SMTP server (smtp-server), claims with a password, reviews the pre-filled sections and
// publishes; the administrator's roster shows the person published and the page is in /find.
//
// The shared e2e server writes mail to the development outbox, so this spec starts its own server
// (tests/support/e2e-server.mjs on its own throw-away data folder) with SMTP_URL pointing at the SMTP
// server, as directory-journey.spec.ts does. Screenshots of the claim and review pages at 390 and
// 1280 px go to the folder printed (not committed).

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The raw header lines, as the message carried them. */
  headerLines: string[];
  at: number;
}

const ADMIN = 'console.admin@northfield.example';
const shots = process.env.SCREENSHOT_DIR ?? join('test-results', 'roster-claim-screens');
mkdirSync(shots, { recursive: true });
const received: Received[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  console.log(`roster claim screenshots: ${shots}`);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((address) => address?.value ?? [])
            .map((address) => (address.address ?? '').toLowerCase());
          received.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headerLines: parsed.headerLines.map((h) => h.line),
            at: Date.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  // Clear of the shared server (E2E_PORT), its fakes (the next four ports) and directory-journey's own (+20…+24).
  const port = Number(process.env.E2E_ROSTER_APP_PORT ?? Number(process.env.E2E_PORT ?? 4317) + 30);
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['tests/support/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Northfield Health <no-reply@northfield.example>' },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (smtp) await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(to: string, after: number, subject?: RegExp): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        found = received.find((mail) => mail.at >= after && mail.to.includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)));
        return !!found;
      },
      { message: `mail to ${to}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top: a full-page capture of a scrolled page draws the sticky header where it stopped.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${name} at ${width} px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a roster person is invited over SMTP, claims, reviews and publishes; the admin sees them published and the page is in /find', async ({ browser }) => {
  test.setTimeout(240_000);
  // The administrator signs in with a magic link that arrives over SMTP.
  const adminContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const askedAt = Date.now() - 1_000;
  await admin.goto('/admin/login');
  await admin.getByLabel('Email address').fill(ADMIN);
  await admin.getByRole('button', { name: 'Send magic link' }).click();
  await expect(admin).toHaveURL(/\/admin\/magic-link-sent/);
  const magic = await mailTo(ADMIN, askedAt);
  const link = new URL(/https?:\/\/\S+\/auth\/callback\S*/.exec(magic.text)![0]);
  await admin.goto(`${link.pathname}${link.search}`);
  await admin.getByRole('button', { name: 'Continue' }).click();
  await expect(admin).toHaveURL(/\/system-admin$/);
  const hospitals = (await (await admin.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
  const hospitalId = hospitals.items.find((h) => h.name === 'Northfield Health')!.id;

  // The hospital pre-approves its roster (Directory tab).
  await admin.goto(`/system-admin/hospitals/${hospitalId}/directory`);
  const preApprove = admin.getByRole('checkbox', { name: /Pre-approve your roster/ });
  await preApprove.check();
  await admin.getByRole('button', { name: /^Save/ }).first().click();
  await expect
    .poll(
      async () =>
        ((await (await admin.request.get(`/api/admin/hospitals/${hospitalId}/directory`)).json()) as { rosterPreApproved: boolean }).rosterPreApproved,
    )
    .toBe(true);

  // The roster: two real recorded individuals and a mistyped NPI.
  await admin.goto(`/system-admin/hospitals/${hospitalId}/roster`);
  const suffix = Date.now().toString(36);
  const email = `amir.steinberg.${suffix}@example.org`;
  const csv = [
    'NPI,Email,Name',
    `1396949913,${email},Amir Steinberg`,
    `1154556637,premila.mathews.${suffix}@example.org,Premila Mathews`,
    `1396949914,typo.${suffix}@example.org,Typo`,
  ].join('\n');
  await admin.getByLabel('Or paste the list').fill(csv);
  await admin.getByRole('button', { name: 'Check the roster' }).click();
  await expect(admin.getByRole('heading', { name: 'Refused rows (1)' })).toBeVisible();
  await admin.getByRole('button', { name: 'Start pre-filling 2 profiles' }).click();
  await expect(admin.getByRole('progressbar', { name: 'Pre-filling progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  const sentAt = Date.now() - 1_000;
  await admin.getByRole('button', { name: 'Send invitations' }).click();
  await expect(admin.getByText('2 invitations are being sent.')).toBeVisible();

  // The invitation, over SMTP: the hospital's name, the pre-filled name and specialty, what is filled in, the link.
  const invitation = await mailTo(email, sentAt, /Northfield Health has prepared your Vitae profile/);
  expect(invitation.text).toContain('Amir Steinberg (Internal Medicine');
  expect(invitation.text).toContain('Already filled in:');
  expect(invitation.text).toContain('- Professional Identity');
  expect(invitation.text).toMatch(/expires on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  expect(invitation.headerLines.find((line) => /^List-Unsubscribe:/i.test(line))).toMatch(/<https?:\/\/\S+\/roster\/unsubscribe\/[0-9a-f-]+\.[A-Za-z0-9_-]+>/);
  expect(invitation.headerLines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const claimUrl = new URL(/https?:\/\/\S+\/claim\/[A-Za-z0-9_-]+/.exec(invitation.text)![0]);

  // The provider, in their own browser, opens the link.
  const providerContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const provider = await providerContext.newPage();
  await provider.goto(claimUrl.pathname);
  await expect(provider.getByRole('heading', { name: 'Claim your profile, Amir Steinberg' })).toBeVisible();
  await expect(provider.getByText('Northfield Health', { exact: true })).toBeVisible();
  await shoot(provider, 'claim');
  // The app's password rules apply.
  await provider.getByLabel('Password', { exact: true }).fill('password');
  await provider.getByLabel('Confirm password').fill('password');
  await provider.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await provider.getByRole('button', { name: 'Claim my profile' }).click();
  await expect(provider.getByText(/common/i).first()).toBeVisible();
  await provider.getByLabel('Password', { exact: true }).fill('steady harbor lantern 42');
  await provider.getByLabel('Confirm password').fill('steady harbor lantern 42');
  await provider.getByRole('button', { name: 'Claim my profile' }).click();

  // The review: each section with its source; "Looks right" or edit; then publish.
  await expect(provider).toHaveURL(/\/roster-review$/);
  await expect(provider.getByRole('heading', { name: 'Review your profile' })).toBeVisible();
  const identity = provider.getByRole('listitem').filter({ has: provider.getByRole('heading', { name: 'Professional Identity' }) });
  await expect(identity).toContainText('NPI registry');
  await expect(identity).toContainText('Hospital roster');
  // What it holds, with the source of each line.
  await expect(identity.getByRole('definition').filter({ hasText: 'Internal Medicine' })).toContainText('(NPI registry)');
  await expect(identity.getByRole('definition').filter({ hasText: email })).toContainText('(Hospital roster)');
  await expect(identity.getByRole('link', { name: 'Edit Professional Identity' })).toHaveAttribute('href', '/professional-identity');
  await identity.getByRole('button', { name: 'Looks right' }).click();
  await expect(identity.getByRole('button', { name: 'Looks right' })).toHaveAttribute('aria-pressed', 'true');
  await expect(provider.getByText(/approved its roster in advance/)).toBeVisible();
  await shoot(provider, 'review');
  await provider.getByRole('button', { name: 'Publish my profile' }).click();
  await expect(
    provider
      .getByText('Your profile is public in Northfield Health’s directory.')
      .or(provider.getByText("Your profile is public in Northfield Health's directory.")),
  ).toBeVisible();
  const publicLink = provider.getByRole('link', { name: 'See your public page' });
  const publicPath = await publicLink.getAttribute('href');
  expect(publicPath).toMatch(/^\/find\/northfield\//);
  await shoot(provider, 'review-published');

  // The link is used now.
  const again = await browser.newContext({ baseURL: origin });
  const reopened = await again.newPage();
  await reopened.goto(claimUrl.pathname);
  await expect(reopened.getByRole('heading', { name: 'This profile is already claimed' })).toBeVisible();
  await again.close();

  // The page is in /find, and the admin's roster (the People list's data) says published.
  const page = await (await fetch(`${origin}${publicPath}`)).text();
  expect(page).toContain('Amir Steinberg');
  const people = (await (await admin.request.get(`/api/admin/hospitals/${hospitalId}/roster/people?q=${encodeURIComponent(email)}`)).json()) as {
    items: Array<{ email: string; state: string; claimedAt: string | null }>;
  };
  expect(people.items.map((p) => [p.email, p.state])).toEqual([[email, 'published']]);
  // And the People list in the Roster tab (still open in the admin's browser) says so.
  await admin.getByLabel('Search').fill(email);
  const person = admin.getByRole('listitem').filter({ hasText: email });
  await expect(person).toContainText('Amir Steinberg');
  await expect(person).toContainText('Published');
  await shoot(admin, 'roster-published');
  await providerContext.close();
  await adminContext.close();
});
