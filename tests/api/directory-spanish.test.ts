import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { createLogger } from '../../src/server/lib/logger';
import { CATALOGUE } from '../../src/server/modules/directory/i18n/messages';
import { negotiateLocale } from '../../src/server/modules/directory/i18n/locale';
import { seedDataDir } from '../../src/server/paths';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T3 3/7 item 1 (decision 0022): every public page in English at /find… and Spanish at
// /es/find…, chosen by Accept-Language or the visible switch, with hreflang alternates and both in
// the sitemaps; language and condition names from data carrying both; the requester's e-mail in the
// language of the form they sent.

let ctx: TestContext;
const get = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDatabase(ctx.database.db, { dataDir: seedDataDir, demo: true, logger: createLogger({ level: 'silent', environment: 'test' }) });
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the catalogue', () => {
  it('has every English message in Spanish, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(CATALOGUE.en)) {
      const spanish = CATALOGUE.es[key as keyof typeof CATALOGUE.es];
      expect(spanish, key).toBeTruthy();
      expect(placeholders(spanish), key).toEqual(placeholders(english));
    }
  });

  it('reads Accept-Language by weight, a regional Spanish as Spanish, and nothing it does not speak', () => {
    expect(negotiateLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(negotiateLocale('en-US,en;q=0.9,es;q=0.5')).toBe('en');
    expect(negotiateLocale('fr-FR,es;q=0.5')).toBe('es');
    expect(negotiateLocale('fr-FR')).toBeNull();
    expect(negotiateLocale('')).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe(`the Spanish directory (${databaseLabel})`, () => {
  it('sends a Spanish browser from an English page to its Spanish twin, keeping the search, and leaves others in English', async () => {
    const spanish = await get('/find/northfield?q=asthma&accepting=1', { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get('location')).toBe('/es/find/northfield?q=asthma&accepting=1');
    expect(spanish.headers.get('vary')).toContain('Accept-Language');
    for (const header of [{}, { 'accept-language': 'en-US,en;q=0.9' }, { 'accept-language': 'fr' }] as Array<Record<string, string>>) {
      const english = await get('/find/northfield', header);
      expect(english.status).toBe(200);
      expect(english.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(await english.text()).toContain('<html lang="en">');
    }
    // The Spanish URL is Spanish whatever the browser says.
    const direct = await get('/es/find/northfield', { 'accept-language': 'en-US' });
    expect(direct.status).toBe(200);
    const html = await direct.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Buscar un médico en');
  });

  it('the switch records the choice, which outranks Accept-Language both ways', async () => {
    const toEnglish = await get('/find/northfield/margaret-okafor?hl=en', { 'accept-language': 'es' });
    expect(toEnglish.status).toBe(303);
    expect(toEnglish.headers.get('location')).toBe('/find/northfield/margaret-okafor');
    const cookie = toEnglish.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^vitae_lang=en;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const stays = await get('/find/northfield/margaret-okafor', { 'accept-language': 'es', cookie: 'vitae_lang=en' });
    expect(stays.status).toBe(200);
    expect(await stays.text()).toContain('Languages spoken');

    const toSpanish = await get('/es/find/northfield?q=heart&hl=es', { 'accept-language': 'en' });
    expect(toSpanish.status).toBe(303);
    expect(toSpanish.headers.get('location')).toBe('/es/find/northfield?q=heart');
    expect(toSpanish.headers.get('set-cookie')).toMatch(/^vitae_lang=es;/);
    const follows = await get('/find/northfield?q=heart', { 'accept-language': 'en', cookie: 'vitae_lang=es' });
    expect(follows.status).toBe(302);
    expect(follows.headers.get('location')).toBe('/es/find/northfield?q=heart');
  });

  it('shows the switch on every page, linking to the same page in the other language', async () => {
    const index = await (await get('/es/find')).text();
    expect(index).toContain('<a href="/find?hl=en" hrefLang="en" lang="en" rel="alternate">English</a>');
    const search = await (await get('/find/northfield?q=asthma')).text();
    expect(search).toContain('href="/es/find/northfield?q=asthma&amp;hl=es" hrefLang="es" lang="es" rel="alternate">Español</a>');
    const profile = await (await get('/es/find/northfield/margaret-okafor')).text();
    expect(profile).toContain('href="/find/northfield/margaret-okafor?hl=en"');
  });

  it('names both languages as hreflang alternates (and English as the default) on every page', async () => {
    for (const path of ['/find', '/find/northfield', '/find/northfield/margaret-okafor']) {
      for (const prefix of ['', '/es']) {
        const html = await (await get(`${prefix}${path}`)).text();
        expect(html, `${prefix}${path}`).toContain(`<link rel="alternate" hrefLang="en" href="${TEST_ORIGIN}${path}"/>`);
        expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${TEST_ORIGIN}/es${path}"/>`);
        expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${TEST_ORIGIN}${path}"/>`);
        expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}${prefix}${path}"/>`);
      }
    }
  });

  it('lists every page in both languages in the sitemap, each with its alternates', async () => {
    const xml = await (await get('/sitemap-find-northfield.xml')).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(2 * 25); // the search page and 24 clinicians, each twice
    expect(locs).toContain(`${TEST_ORIGIN}/find/northfield/margaret-okafor`);
    expect(locs).toContain(`${TEST_ORIGIN}/es/find/northfield/margaret-okafor`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${TEST_ORIGIN}/es/find/northfield/margaret-okafor"/>`);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(50);
    expect(await (await get('/robots.txt')).text()).toContain('Allow: /es/find');
  });

  it('translates the interface, language names (CLDR) and reference conditions (CIE-10), and keeps what the provider typed', async () => {
    const html = await (await get('/es/find/northfield/samuel-adeyemi')).text();
    for (const heading of ['Ubicaciones', 'Acerca de', 'Afecciones y tratamientos', 'Seguros aceptados', 'Idiomas que habla', 'Formación'])
      expect(html, heading).toContain(`>${heading}</h2>`);
    // Languages by ISO 639 code from CLDR: en → Inglés, yo → Yoruba.
    expect(html).toContain('<li>Inglés</li>');
    expect(html).toContain('<li>Yoruba</li>');
    // Reference conditions (ICD-10 categories) by their Spanish titles.
    const terms = /<ul class="terms">(.*?)<\/ul>/.exec(html)![1];
    expect(terms).toBe('<li>Diabetes mellitus no insulinodependiente</li><li>Hipertensión esencial (primaria)</li><li>Asma</li>');
    // The biography stays as held; the specialty is shown from our catalogue (specialty-names-es.json),
    // while the JSON-LD keeps the name as stored.
    expect(html).toContain('Whole-family primary care, from newborn checks');
    expect(html).toContain('<p class="lead">Medicina familiar</p>');
    expect(html).toContain('"medicalSpecialty":[{"@type":"MedicalSpecialty","name":"Family Medicine"}]');
    expect(html).toContain('>Facultad de medicina</strong>');

    const search = await (await get('/es/find/northfield')).text();
    expect(search).toContain('24 profesionales');
    expect(search).toMatch(/<option value="es">Español \(\d+\)<\/option>/);
    expect(search).toContain('placeholder="Nombre, especialidad o afección"');
  });

  it('shows specialty names in Spanish on cards and facets, while the facet filters by the English name', async () => {
    const search = await (await get('/es/find/northfield')).text();
    // Margaret Okafor's card: her specialty as stored is "Cardiovascular Disease".
    const card = /<a href="\/es\/find\/northfield\/margaret-okafor">Margaret Okafor<\/a><\/h2><p class="muted">([^<]*)<\/p>/.exec(search);
    expect(card?.[1]).toBe('Cardiología');
    // The facet: a Spanish label, an English value in its link.
    const facet = /<a class="pill" href="([^"]*)">Cardiología \((\d+)\)<\/a>/.exec(search);
    expect(facet?.[1]).toBe('/es/find/northfield?specialty=Cardiovascular+Disease');
    expect(search).not.toContain('>Cardiovascular Disease (');
    // Most clinicians first; among as many, in the Spanish labels' order (not the English names').
    const pills = [...search.matchAll(/<a class="pill" href="[^"]*">([^<]*) \((\d+)\)<\/a>/g)].map((m) => ({ label: m[1]!, count: Number(m[2]) }));
    expect(pills.length).toBeGreaterThan(5);
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    expect(pills).toEqual([...pills].sort((a, b) => b.count - a.count || collator.compare(a.label, b.label)));
    expect(pills.map((p) => p.label).filter((label) => label.startsWith('O'))).toEqual(['Obstetricia y ginecología', 'Oncología médica']);
    const filtered = await (await get(facet![1]!.replace(/&amp;/g, '&'))).text();
    expect(filtered).toContain(`${facet![2]} profesionales en Cardiología`);
    expect(filtered).toContain('href="/es/find/northfield/margaret-okafor?');
    expect(filtered).not.toContain('samuel-adeyemi');
    // The same search in English is untouched.
    const english = await (await get('/find/northfield?specialty=Cardiovascular+Disease')).text();
    expect(english).toContain(' in Cardiovascular Disease');
    // Her profile: the headline, her residency and fellowship programs and her certifications' specialties.
    const profile = await (await get('/es/find/northfield/margaret-okafor')).text();
    expect(profile).toContain('<p class="lead">Cardiología</p>');
    expect(profile).toContain('Northwestern Memorial Hospital, Medicina interna');
    expect(profile).toContain('Rush University Medical Center, Cardiología');
    expect(profile).toContain('Medicina interna, American Board of Internal Medicine');
    expect(profile).toContain('"name":"Cardiovascular Disease"');
    expect(profile).not.toContain('>Cardiovascular Disease');
    // A search that finds nobody names the specialty it could drop in Spanish.
    const none = await (await get('/es/find/northfield?q=Okafor&specialty=Pediatrics')).text();
    expect(none).toContain('0 profesionales que coinciden con «Okafor» en Pediatría');
    expect(none).toContain('<a href="/es/find/northfield?q=Okafor">Cualquier especialidad en lugar de Pediatría</a>');
  });

  it('answers an unknown Spanish page in Spanish', async () => {
    const missing = await get('/es/find/northfield/nobody-here');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('Esta página no está en el directorio');
    expect(html).toContain('href="/es/find"');
  });

  it('takes an appointment request in Spanish: form, errors, confirmation and e-mail', async () => {
    const profile = await (await get('/es/find/northfield/lucia-hernandez')).text();
    expect(profile).toContain('action="/es/find/northfield/lucia-hernandez/request"');
    expect(profile).toContain('Solicitar una cita');
    const post = (fields: Record<string, string>) =>
      ctx.app.request('/es/find/northfield/lucia-hernandez/request', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: TEST_ORIGIN,
          'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        },
        body: new URLSearchParams({ patient: 'new', homepage: '', ...fields }).toString(),
      });
    const refused = await post({ name: 'Ana Ruiz', phone: '', email: '' });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Indique un teléfono o un correo electrónico');
    expect(refusedHtml).toContain('value="Ana Ruiz"');

    const email = `ana.${uniqueSuffix()}@patient-mail.example`;
    const sent = await post({ name: 'Ana Ruiz', email, reason: 'Dolor de cabeza' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/es/find/northfield/lucia-hernandez/request/sent');
    const confirmation = await (await get(sent.headers.get('location')!)).text();
    expect(confirmation).toContain('<html lang="es">');
    expect(confirmation).toContain('Su solicitud fue enviada');

    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));
    expect(mail!.subject).toContain('Enviamos su solicitud de cita al consultorio de');
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.text).toContain('Si es una emergencia, llame al 911');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/es/find/northfield/lucia-hernandez`);
  });
});
