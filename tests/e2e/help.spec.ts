import { expect, test } from '@playwright/test';
import type { AgeGroup } from '../../src/shared/practice-vocabularies';
import { signInAsAdmin } from './support/outbox';

// The Help Center and biography writing against the production build: a system administrator
// edits help content in the console (Markdown with preview, keyboard reordering, publishing) and
// the public /help page shows it; a provider drafts both biography versions, edits and saves them.

// This journey's own system administrator (tests/support/e2e-fixtures.ts).
const SYSTEM_ADMIN = 'help.editor@vitae.local';

test('help content: a system administrator edits the Help Center and it appears on /help', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const category = `Night shift ${stamp}`;
  const first = `How do I hand over at ${stamp}?`;
  const second = `Where are the call rooms ${stamp}?`;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signInAsAdmin(page, SYSTEM_ADMIN);
  await expect(page).toHaveURL(/\/system-admin$/);
  await page.goto('/system-admin/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help content' })).toBeVisible();

  // A new category…
  await page.getByRole('button', { name: 'New category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'New category' });
  await categoryDialog.getByLabel('Title').fill(category);
  await categoryDialog.getByLabel('Icon').selectOption('file-clock');
  await categoryDialog.getByLabel('Description').fill('Handover and on-call questions.');
  await categoryDialog.getByRole('button', { name: 'Add category' }).click();
  await expect(categoryDialog).toBeHidden();
  const categories = page.getByRole('list', { name: 'Help categories' });
  await categories.getByRole('button', { name: new RegExp(`^${category} \\d`) }).click();

  // …with two questions, the first written in Markdown and checked in the live preview.
  await page.getByRole('button', { name: 'New question' }).click();
  let faqDialog = page.getByRole('dialog', { name: 'New question' });
  await faqDialog.getByLabel('Question').fill(first);
  await faqDialog
    .getByRole('textbox', { name: 'Answer' })
    .fill(
      'Use the **SBAR** checklist and read the [handover guide](https://example.org/handover).\n\n- Situation\n- Background\n\n<script>alert("x")</script>',
    );
  const preview = faqDialog.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong', { hasText: 'SBAR' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'handover guide' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(preview.getByText('<script>alert("x")</script>')).toBeVisible();
  await faqDialog.getByRole('button', { name: 'Add question' }).click();
  await expect(faqDialog).toBeHidden();

  await page.getByRole('button', { name: 'New question' }).click();
  faqDialog = page.getByRole('dialog', { name: 'New question' });
  await faqDialog.getByLabel('Question').fill(second);
  await faqDialog.getByRole('textbox', { name: 'Answer' }).fill('On the *fourth* floor, next to the pharmacy.');
  await faqDialog.getByRole('button', { name: 'Add question' }).click();
  await expect(faqDialog).toBeHidden();

  // Reorder from the keyboard: the second question moves to the top.
  const questions = page.getByRole('list', { name: `Questions in ${category}` });
  await expect(questions.getByRole('listitem')).toHaveCount(2);
  await questions.getByRole('button', { name: `Reorder ${second}` }).focus();
  // Each key waits for its announcement, as a screen-reader user would. dnd-kit starts listening for
  // the arrow keys on the task after the pick-up, which on a slow run can come after the pick-up's
  // announcement: an arrow key that went unheard is pressed again, as a person would (at the top of the
  // list a second press moves nothing).
  const announcements = page.getByRole('status').filter({ hasText: second });
  await page.keyboard.press('Space');
  await expect(announcements).toContainText(`Picked up ${second}, position 2 of 2`);
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(announcements).toContainText(`${second} moved to position 1 of 2`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(questions.getByRole('listitem').first()).toContainText(second);
  // The moved item's handle keeps the focus, ready for the next move.
  await expect(questions.getByRole('button', { name: `Reorder ${second}` })).toBeFocused();
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/admin/help/categories')).json()).items.find((c: { title: string }) => c.title === category)?.faqs[0]?.question,
    )
    .toBe(second);

  // The public Help Center shows the category and its questions in that order, the answer as safe HTML.
  await page.goto('/help');
  await page.getByRole('searchbox', { name: 'Search the Help Center' }).fill(stamp);
  const section = page.getByRole('region', { name: category });
  await expect(section).toBeVisible();
  await expect(section.locator('summary')).toHaveText([second, first]);
  // Matching answers open while searching.
  await expect(section.locator('strong', { hasText: 'SBAR' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'handover guide' })).toHaveAttribute('href', 'https://example.org/handover');
  await expect(section.getByText('<script>alert("x")</script>')).toBeVisible();
  expect(dialogs).toEqual([]);

  // Unpublishing a question hides it from the Help Center.
  await page.goto('/system-admin/help');
  await page
    .getByRole('list', { name: 'Help categories' })
    .getByRole('button', { name: new RegExp(`^${category} \\d`) })
    .click();
  await page.getByRole('switch', { name: `Publish “${second}”` }).click();
  await expect(page.getByRole('switch', { name: `Publish “${second}”` })).toHaveAttribute('aria-checked', 'false');
  await page.goto('/help');
  await page.getByRole('searchbox', { name: 'Search the Help Center' }).fill(stamp);
  await expect(page.getByRole('region', { name: category }).locator('summary')).toHaveText([first]);
});

test('biography: a provider drafts both versions, edits them and saves', async ({ page }) => {
  const email = `writer.${Date.now()}@northfield.example`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'Cardio-Rounds-2024!', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Rosa Delgado' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const put = async (section: string, data: unknown) => {
    const response = await page.request.put(`/api/profile/sections/${section}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put('professional_identity', {
    fullLegalName: 'Rosa Delgado',
    firstName: 'Rosa',
    lastName: 'Delgado',
    pronouns: 'she/her',
    professionalEmail: email,
    jobTitle: 'Pediatrician',
    primarySpecialty: 'Pediatrics',
    credentials: [{ type: 'degree', name: 'MD' }],
  });
  await put('education_training', {
    items: [{ educationType: 'medical_school', institutionName: 'University of Chicago Pritzker School of Medicine', degree: 'MD', graduationYear: 2011 }],
  });
  await put('practice_essentials', {
    acceptingNewPatients: true,
    ageGroupsTreated: ['Newborns and infants', 'Children', 'Adolescents'] satisfies AgeGroup[],
    practiceName: 'Lakeshore Pediatrics',
    practiceFocus: 'Asthma and allergies in children',
  });

  await page.goto('/biography');
  const write = page.getByRole('button', { name: 'Write for me' });
  await expect(page.getByLabel('Professional biography')).toBeVisible();
  await expect(write).toBeVisible();

  await write.click();
  const panel = page.getByRole('region', { name: 'Write for me' });
  await expect(panel.getByRole('region', { name: 'Professional version' })).toContainText('Rosa Delgado, MD');
  await expect(panel.getByRole('region', { name: 'Public version' })).toContainText('Dr. Rosa Delgado');
  await expect(panel.getByText(/words \(aim for \d+–\d+\)/).first()).toBeVisible();

  await panel.getByRole('button', { name: 'Use both' }).click();
  const professional = page.getByLabel('Professional biography');
  const patientFacing = page.getByLabel('Public biography');
  await expect(professional).toHaveValue(/Rosa Delgado, MD/);
  await expect(patientFacing).toHaveValue(/Dr\. Rosa Delgado/);
  await professional.fill(`${await professional.inputValue()} She leads the clinic's asthma education program.`);
  await page.getByRole('button', { name: 'Save biography' }).click();
  await expect(page.getByText('Biography saved')).toBeVisible();

  const saved = (await (await page.request.get('/api/profile/sections/biography')).json()) as { data: { professionalSummary: string; publicSummary: string } };
  expect(saved.data.professionalSummary).toMatch(/^Rosa Delgado, MD, is a pediatrician/);
  expect(saved.data.professionalSummary).toContain('asthma education program.');
  expect(saved.data.publicSummary).toMatch(/^Dr\. Rosa Delgado/);
});
