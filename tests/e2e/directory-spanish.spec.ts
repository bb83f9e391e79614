import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { outbox } from './support/outbox';

// Issue T3 3/7 item 1 end to end (decision 0025): a visitor whose browser asks for Spanish gets the
// Spanish directory, switches to English and back with the header's link, and sends an appointment
// request in Spanish, confirmed in Spanish on the page and by e-mail. axe (WCAG 2.2 AA) finds nothing
// on the pages in either language; the sitemap names both languages with hreflang.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a Spanish browser gets the Spanish directory, switches languages and asks for an appointment in Spanish', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // Playwright sends the context's locale as Accept-Language; no script, as the pages need none.
  const context = await browser.newContext({ locale: 'es-MX', javaScriptEnabled: false });
  const visitor = await context.newPage();

  await visitor.goto('/find');
  await expect(visitor).toHaveURL(/\/es\/find$/);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Buscar un médico');
  await visitor.getByRole('link', { name: 'Northfield Health' }).click();
  await expect(visitor).toHaveURL(/\/es\/find\/northfield$/);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Buscar un médico en Northfield Health');
  await visitor.getByRole('searchbox', { name: 'Nombre, especialidad o afección' }).fill('Hernández');
  await visitor.getByRole('button', { name: 'Buscar', exact: true }).click();
  await visitor.getByRole('link', { name: 'Lucía Hernández' }).click();
  await expect(visitor).toHaveURL(/\/es\/find\/northfield\/lucia-hernandez\?from=/);
  await expect(visitor.getByRole('heading', { name: 'Idiomas que habla' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: '← Volver a los resultados' })).toHaveAttribute('href', /^\/es\/find\/northfield\?q=/);

  // The switch: English, remembered over the browser's Spanish, then back.
  await visitor.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
  await expect(visitor).toHaveURL(/\/find\/northfield\/lucia-hernandez\?from=/);
  expect(new URL(visitor.url()).pathname).toBe('/find/northfield/lucia-hernandez');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
  await expect(visitor.getByRole('heading', { name: 'Languages spoken' })).toBeVisible();
  await visitor.goto('/find/northfield');
  await expect(visitor).toHaveURL(/\/find\/northfield$/);
  expect(new URL(visitor.url()).pathname).toBe('/find/northfield');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Find a doctor at Northfield Health');
  await visitor.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
  await expect(visitor).toHaveURL(/\/es\/find\/northfield$/);
  await visitor.goto('/find/northfield/lucia-hernandez');
  await expect(visitor).toHaveURL(/\/es\/find\/northfield\/lucia-hernandez$/);

  // An appointment request in Spanish: a refusal in Spanish first, then the confirmation.
  const email = `ana.${Date.now()}@paciente.example`;
  const sentAfter = Date.now() - 1_000;
  await visitor.getByText('Solicitar una cita', { exact: true }).click();
  await visitor.getByLabel('Su nombre').fill('Ana Ruiz');
  await visitor.getByLabel('Motivo de la consulta, en sus palabras').fill('Control de la presión');
  await visitor.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Indique un teléfono o un correo electrónico para que el consultorio pueda comunicarse con usted');
  await expect(visitor.getByLabel('Motivo de la consulta, en sus palabras')).toHaveValue('Control de la presión');
  await visitor.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await visitor.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(visitor).toHaveURL(/\/es\/find\/northfield\/lucia-hernandez\/request\/sent$/);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Su solicitud fue enviada');
  await context.close();
  await expect
    .poll(async () => (await outbox(request, email)).filter((m) => Date.parse(m.createdAt) >= sentAfter).map((m) => [m.kind, m.subject, m.links.join(' ')]), {
      timeout: 15_000,
    })
    .toEqual([
      [
        'appointment_request_confirmation',
        'Enviamos su solicitud de cita al consultorio de Lucía Hernández, MD',
        expect.stringContaining('/es/find/northfield/lucia-hernandez'),
      ],
    ]);

  // Both languages in the sitemap, each page naming the other.
  const sitemap = await (await request.get('/sitemap-find-northfield.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/es\/find\/northfield\/lucia-hernandez<\/loc>/);
  expect(sitemap).toMatch(/hreflang="es" href="[^"]+\/es\/find\/northfield\/lucia-hernandez"/);

  // axe in both languages (it runs as a script, so in a context that allows one).
  // The Spanish pages first; then the switch to English (its cookie outranks the context's es-MX), so
  // the English pages checked are English and not redirected to their Spanish twins.
  const checking = await browser.newContext({ locale: 'es-MX' });
  const checker = await checking.newPage();
  for (const [path, lang] of [
    ['/es/find', 'es'],
    ['/es/find/northfield', 'es'],
    ['/es/find/northfield?q=diabetes&lang=es', 'es'],
    ['/es/find/northfield/lucia-hernandez', 'es'],
    ['/find/northfield/lucia-hernandez?hl=en', 'en'],
    ['/find/northfield', 'en'],
    ['/find/northfield?q=diabetes', 'en'],
  ] as Array<[string, string]>) {
    await checker.goto(path);
    await expect(checker.locator('html'), path).toHaveAttribute('lang', lang);
    expect(await violations(checker), path).toEqual([]);
  }
  await checker.goto('/es/find/northfield/lucia-hernandez/request');
  await checker.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(checker.getByRole('alert')).toBeVisible();
  expect(await violations(checker), 'the Spanish form with an error').toEqual([]);
  await checker.getByLabel('Su nombre').fill('Ana Ruiz');
  await checker.getByRole('textbox', { name: 'Correo electrónico' }).fill(`ana.axe.${Date.now()}@paciente.example`);
  await checker.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(checker).toHaveURL(/\/es\/find\/northfield\/lucia-hernandez\/request\/sent$/);
  await expect(checker.locator('html')).toHaveAttribute('lang', 'es');
  expect(await violations(checker), 'the Spanish confirmation').toEqual([]);
  await checking.close();
});
