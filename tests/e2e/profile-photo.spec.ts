import { expect, test } from '@playwright/test';

// Issue T2 2/5 item 17 in the browser: the provider picks an image, crops it, saves it; the photo
// shows on Professional Identity (served by the app) and can be removed.

const PASSWORD = 'Cardio-Rounds-2024!';

test('a provider uploads, crops and removes a profile photo', async ({ page }) => {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email: `photo.${Date.now()}@example.org`, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Photo' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await page.goto('/professional-identity');
  await expect(page.getByRole('heading', { name: 'Profile photo' })).toBeVisible();
  // A real image, drawn by the browser: 240 × 160 pixels of brand blue with a coral square.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1b55a6';
    context.fillRect(0, 0, 240, 160);
    context.fillStyle = '#f26b5b';
    context.fillRect(90, 40, 60, 60);
    return canvas.toDataURL('image/png');
  });
  await page
    .getByLabel('Choose a profile photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') });

  const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Profile photo saved')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Your profile photo' });
  await expect(photo).toBeVisible();
  // The browser sends a 512-pixel square crop; the app re-encodes it and shows its largest size (400 px).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(400);
  const src = await photo.getAttribute('src');
  expect(src).toMatch(/^\/api\/profile-photos\/[0-9a-f-]+\/\d+-[0-9a-f]+-400\.jpg$/);

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Profile photo removed')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveCount(0);
  expect((await page.request.get(src!)).status()).toBe(404);
});
