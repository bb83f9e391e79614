import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/outbox';

// Issue 34 item 2 in Chromium: the hospital lists its website in the console; a page served from that
// second loopback origin shows the directory in a frame (search and profile inside it, the frame
// growing with its content); a third origin that is not listed gets the frame refused by the browser.

const HOSPITAL_ADMIN = 'directory.admin@northfield.example';

/** A stand-in for a hospital's website: one page that pastes the console's snippet. */
async function hostSite(appOrigin: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Northfield Health</title></head><body><h1>Our doctors</h1><script src="${appOrigin}/embed/frame.js" data-hospital="northfield"></script><p id="after">Below the directory</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('the directory embedded on the hospital’s website: shown on the listed origin, refused on another', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const allowed = await hostSite(baseURL!);
  const other = await hostSite(baseURL!);
  try {
    const hospitals = (await (await page.request.get('/api/hospitals/options')).json()) as { items: Array<{ id: string; name: string }> };
    const hospital = hospitals.items.find((h) => h.name === 'Northfield Health')!;
    const admin = await browser.newPage();
    await signInAsAdmin(admin, HOSPITAL_ADMIN);
    await expect(admin).toHaveURL(/\/system-admin$/);
    await admin.goto(`/system-admin/hospitals/${hospital.id}/directory`);
    const websites = admin.getByLabel('Websites allowed to embed the directory');
    // A page path is refused with the reason, at the field.
    await websites.fill(`${allowed.origin}/doctors`);
    await admin.getByRole('button', { name: 'Save websites' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'no path' })).toBeVisible();
    await websites.fill(allowed.origin);
    await admin.getByRole('button', { name: 'Save websites' }).click();
    await expect(admin.getByText('Embedding websites saved.')).toBeVisible();
    await expect(admin.getByText(`${baseURL}/embed/frame.js`)).toBeVisible();

    // The listed website: the directory in its page, searchable, a profile opened inside the frame.
    const visitor = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await visitor.goto(allowed.origin);
    const frame = visitor.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Find a doctor at Northfield Health');
    await frame.getByLabel('City or ZIP code').fill('Evanston, IL');
    await frame.getByRole('combobox', { name: 'Distance' }).selectOption('10');
    await frame.getByRole('button', { name: 'Search' }).click();
    await expect(frame.getByText(/^\d+ clinicians within 10 miles of Evanston, IL$/)).toBeVisible();
    // The frame grows with its content: as tall as the document inside it, so the host page scrolls, not the frame.
    const iframe = visitor.locator('iframe');
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(1000);
    const inner = await iframe.evaluate((element: HTMLIFrameElement) => element.contentWindow === null);
    expect(inner).toBe(false);
    await frame.getByRole('link', { name: 'Grace Mensah' }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Grace Mensah, MD');
    expect(new URL(visitor.frames()[1]!.url()).pathname).toMatch(/^\/embed\/northfield\/grace-mensah/);
    // The host page is still the hospital's.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Our doctors' })).toBeVisible();

    // Another origin: the browser refuses the frame (CSP frame-ancestors), nothing of the directory shows.
    const stranger = await browser.newPage();
    const refused = new Promise<string>((resolve) =>
      stranger.on('console', (message) => (/frame-ancestors/.test(message.text()) ? resolve(message.text()) : undefined)),
    );
    await stranger.goto(other.origin);
    expect(await refused).toContain('frame-ancestors');
    await expect(stranger.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveCount(0);
    expect(stranger.frames()[1]?.url() ?? '').not.toContain('/embed/northfield');

    // The hospital removes its website: no origin may frame it any more.
    await websites.fill('');
    await admin.getByRole('button', { name: 'Save websites' }).click();
    await expect(admin.getByText('No website may embed the directory now.')).toBeVisible();
    await admin.close();
    await visitor.close();
    await stranger.close();
  } finally {
    allowed.server.close();
    other.server.close();
  }
});
