import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';

// The provider profile against the production build: a new provider (no NPI: the accounts spec uses
// the registry fakes) fills all nine sections and the seven extra lists through the UI, reloads and
// sees every value, reaches 100 % on the dashboard and downloads the JSON export.

const PASSWORD = 'Cardio-Rounds-2024!';
const DEMO_HOSPITAL = 'Northfield Health';

function uniqueEmail(label: string) {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northfield.example`;
}

/** A section form: the card's <form>, named by its heading. */
const form = (page: Page, name: string) => page.getByRole('form', { name, exact: true });

/** A labelled control: the label's text, optionally followed by "(optional)". */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}( \\(optional\\))?$`);

/** Row `n` (1-based) of a list editor inside `scope`. */
const row = (scope: Locator, itemName: string, n: number) => scope.getByRole('listitem', { name: new RegExp(`^${itemName} ${n}(:|$)`) });

async function save(page: Page, scope: Locator, button: string, toast: string) {
  await scope.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText(toast, { exact: true }).first()).toBeVisible();
  await expect(scope.getByText('Unsaved changes')).toHaveCount(0);
}

/** The open result list of a search combobox (not the options of native selects). */
const results = (page: Page) => page.locator('ul[role="listbox"]:visible');

/** The label of the first result that can be picked (fresh, not already chosen): the one Enter takes. */
async function firstPickable(page: Page) {
  const option = results(page).locator('[role="option"]:not([aria-disabled="true"])').first();
  await expect(option).toBeVisible();
  return ((await option.locator('span.block.font-medium').textContent()) ?? '').trim();
}

/** Types into a combobox and picks the option whose name starts with `option`. */
async function pick(page: Page, combobox: Locator, text: string, option: string | RegExp) {
  await combobox.fill(text);
  const name = typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}`) : option;
  const choice = results(page).getByRole('option', { name, disabled: false }).first();
  await expect(choice).toBeVisible();
  await choice.click();
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function addTag(input: Locator, value: string) {
  await input.fill(value);
  await input.press('Enter');
}

async function signUp(page: Page, email: string) {
  await page.goto('/unified-signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Professional details' })).toBeVisible();
  await page.getByLabel('Full name').fill('Amara Lindqvist');
  await page.getByLabel('Hospital or health system').selectOption({ label: DEMO_HOSPITAL });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test.describe('provider profile', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 15_000 });

  test('fills all nine sections and the extra lists, keeps them across a reload, completes the dashboard and exports', async ({ page }) => {
    const email = uniqueEmail('lindqvist');
    await signUp(page, email);
    await expect(page.getByText('0%', { exact: true })).toBeVisible();

    // ── 1. Professional identity, licenses, board certifications ────────────────────────────
    await page.getByRole('navigation', { name: 'Member' }).first().getByRole('link', { name: 'Professional Identity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professional Identity' })).toBeVisible();
    const identity = form(page, 'Your professional identity');
    await expect(identity.getByLabel(label('Full legal name'))).toHaveValue('Amara Lindqvist');
    await identity.getByLabel(label('Full legal name')).fill('Amara Sofia Lindqvist');
    await identity.getByLabel(label('First name')).fill('Amara');
    await identity.getByLabel(label('Last name')).fill('Lindqvist');
    await identity.getByLabel(label('Preferred name')).fill('Dr. Amara');
    await identity.getByLabel(label('Pronouns')).fill('she/her');
    await expect(identity.getByLabel(label('Professional e-mail'))).toHaveValue(email);
    await identity.getByLabel(label('Job title')).fill('Attending Cardiologist');
    await identity.getByLabel(label('Department')).selectOption({ label: 'Medicine' });
    await identity.getByLabel(label('Division')).selectOption({ label: 'Internal Medicine' });
    await identity.getByLabel(label('Section')).selectOption({ label: 'Cardiovascular Disease' });
    await pick(page, identity.getByRole('combobox', { name: 'Primary specialty' }), 'Cardiovascular Dis', 'Cardiovascular Disease');
    await pick(page, identity.getByRole('combobox', { name: 'Additional specialties' }), 'Interventional', 'Interventional Cardiology');
    await expect(identity.getByRole('button', { name: 'Remove Interventional Cardiology' })).toBeVisible();
    await addTag(identity.getByLabel(label('Credentials')), 'MD');
    await addTag(identity.getByLabel(label('Credentials')), 'FACC');
    await addTag(identity.getByLabel(label('Academic titles')), 'Associate Professor of Medicine');
    await save(page, identity, 'Save professional identity', 'Professional identity saved');
    // Names the provider typed are flagged, so a registry refresh leaves them alone.
    await expect(identity.getByText('Edited by you').first()).toBeVisible();

    const licenses = form(page, 'Professional licenses');
    await licenses.getByRole('button', { name: 'Add license' }).click();
    const license = row(licenses, 'License', 1);
    await license.getByLabel(label('License name')).fill('Physician and Surgeon');
    await license.getByLabel(label('License number')).fill('036.140297');
    await license.getByLabel(label('State')).selectOption('IL');
    await license.getByLabel(label('Status')).selectOption('active');
    await license.getByLabel(label('Expiration date')).fill('2027-07-31');
    await save(page, licenses, 'Save licenses', 'Licenses saved');
    await expect(row(licenses, 'License', 1).getByText('Not verified').filter({ visible: true })).toBeVisible();

    const boards = form(page, 'Board certifications');
    await boards.getByRole('button', { name: 'Add certification' }).click();
    const board = row(boards, 'Certification', 1);
    await board.getByLabel(label('Certification board')).fill('American Board of Internal Medicine');
    await board.getByLabel(label('Specialty')).fill('Cardiovascular Disease');
    await board.getByLabel(label('Year certified')).fill('2016');
    await board.getByLabel(label('Expiration year')).fill('2026');
    await save(page, boards, 'Save board certifications', 'Board certifications saved');

    // ── 2. Education and training ────────────────────────────────────────────────────────────
    await page.goto('/education-training');
    const education = form(page, 'Education and training');
    await education.getByRole('button', { name: 'Add medical school' }).click();
    const school = row(education, 'Entry', 1);
    await school.getByRole('button', { name: 'MD schools' }).click();
    await pick(page, school.getByRole('combobox', { name: 'Medical school' }), 'Northwestern', 'Northwestern University Feinberg School of Medicine');
    await school.getByLabel(label('Start year')).fill('2006');
    await school.getByLabel(label('Graduation year')).fill('2010');
    await education.getByRole('button', { name: 'Add residency' }).click();
    const residency = row(education, 'Entry', 2);
    await pick(page, residency.getByRole('combobox', { name: 'Residency program' }), 'Internal Med', 'Internal Medicine Residency');
    await residency.getByLabel(label('Hospital or institution')).fill('Northfield General Hospital');
    await residency.getByLabel(label('Start year')).fill('2010');
    await residency.getByLabel(label('End year')).fill('2013');
    await education.getByRole('button', { name: 'Add fellowship' }).click();
    const fellowship = row(education, 'Entry', 3);
    await fellowship.getByLabel(label('Parent specialty')).selectOption('Internal Medicine');
    await fellowship.getByLabel(label('Fellowship')).selectOption({ label: 'Cardiovascular Disease' });
    await fellowship.getByLabel(label('Hospital or institution')).fill('Lakeshore University Hospital');
    await fellowship.getByLabel(label('Start year')).fill('2013');
    await fellowship.getByLabel(label('Completion year')).fill('2016');
    await education.getByRole('button', { name: 'Add other education' }).click();
    const college = row(education, 'Entry', 4);
    await college.getByLabel(label('Institution')).fill('University of Minnesota');
    await college.getByLabel(label('Degree')).fill('BS');
    await college.getByLabel(label('Field of study')).fill('Biochemistry');
    await college.getByLabel(label('Start year')).fill('2002');
    await college.getByLabel(label('End year')).fill('2006');
    await save(page, education, 'Save education and training', 'Education and training saved');
    // The server works the dates out: July 1 – June 30 for training, June 1 for medical school.
    await expect(row(education, 'Entry', 1).getByText('Saved as Jul 1, 2006 – Jun 1, 2010')).toBeVisible();
    await expect(row(education, 'Entry', 2).getByText('Saved as Jul 1, 2010 – Jun 30, 2013')).toBeVisible();
    await expect(row(education, 'Entry', 2).getByText('Completed')).toBeVisible();

    // ── 3. Practice essentials, languages, hospital affiliations, insurance ─────────────────
    await page.goto('/practice-essentials');
    const practice = form(page, 'Practice essentials');
    await practice.getByRole('radio', { name: /Yes, accepting/ }).check();
    await practice.getByRole('checkbox', { name: /^Adults/ }).check();
    await practice.getByRole('checkbox', { name: /^Seniors/ }).check();
    await practice.getByRole('checkbox', { name: 'In-person visits' }).check();
    await practice.getByRole('checkbox', { name: 'Video visits' }).first().check();
    await practice.getByRole('checkbox', { name: 'Phone consultations' }).check();
    await practice.getByLabel(label('Scheduling notes')).fill('Referral required for new patients.');
    await practice.getByLabel(label('Practice name')).fill('Northfield Heart Center');
    await practice.getByLabel(label('Practice type')).selectOption('Academic medical center');
    await addTag(practice.getByLabel(label('Affiliated hospitals')), 'Northfield General Hospital');
    await addTag(practice.getByLabel(label('Group affiliations')), 'Northfield Medical Group');
    await practice.getByLabel(label('What your practice focuses on')).fill('Preventive cardiology and heart failure care for adults.');
    await save(page, practice, 'Save practice essentials', 'Practice essentials saved');

    const languages = form(page, 'Languages');
    // Sign-up starts every profile with English (the spec's default when nothing maps a language).
    await expect(row(languages, 'Language', 1)).toHaveAccessibleName('Language 1: English');
    await row(languages, 'Language', 1).getByLabel(label('Proficiency')).selectOption('native');
    await languages.getByRole('button', { name: 'Add language' }).click();
    await row(languages, 'Language', 2).getByLabel(label('Language')).selectOption({ label: 'Spanish' });
    await row(languages, 'Language', 2).getByLabel(label('Proficiency')).selectOption('professional');
    await languages.getByRole('button', { name: 'French' }).click();
    // Reorder: French up above Spanish.
    await languages.getByRole('button', { name: 'Move language 3 up' }).click();
    await expect(row(languages, 'Language', 2)).toHaveAccessibleName('Language 2: French');
    await save(page, languages, 'Save languages', 'Languages saved');

    const affiliations = form(page, 'Hospital affiliations');
    await affiliations.getByRole('button', { name: 'Add affiliation' }).click();
    const affiliation = row(affiliations, 'Affiliation', 1);
    await affiliation.getByLabel(label('Hospital name')).fill('Northfield General Hospital');
    await affiliation.getByLabel(label('Department')).fill('Cardiology');
    await affiliation.getByLabel(label('Title')).fill('Attending physician');
    await affiliation.getByLabel(label('Since')).fill('2016');
    await save(page, affiliations, 'Save hospital affiliations', 'Hospital affiliations saved');

    const insurance = form(page, 'Insurance accepted');
    await insurance.getByRole('button', { name: 'Add insurance plan' }).click();
    await row(insurance, 'Insurance plan', 1).getByLabel(label('Insurance name')).fill('Blue Cross Blue Shield');
    await row(insurance, 'Insurance plan', 1).getByLabel(label('Plan type')).fill('PPO');
    await insurance.getByRole('button', { name: 'Add insurance plan' }).click();
    await row(insurance, 'Insurance plan', 2).getByLabel(label('Insurance name')).fill('Medicare');
    await save(page, insurance, 'Save insurance', 'Insurance saved');

    // ── 4. Locations ─────────────────────────────────────────────────────────────────────────
    await page.goto('/locations');
    const locations = form(page, 'Practice locations');
    await locations.getByRole('button', { name: 'Add a custom location' }).click();
    const clinic = row(locations, 'Location', 1);
    await clinic.getByLabel(label('Location name')).fill('Northfield Heart Center');
    await clinic.getByLabel(label('Street address')).fill('1200 Lakeshore Drive');
    await clinic.getByLabel(label('City')).fill('Evanston');
    await clinic.getByLabel(label('State')).selectOption('IL');
    await clinic.getByLabel(label('ZIP code')).fill('60201');
    await clinic.getByLabel(label('Floor')).fill('3');
    await clinic.getByLabel(label('Suite or office')).fill('310');
    await clinic.getByLabel(label('Phone')).fill('(847) 555-0142');
    await clinic.getByLabel(label('Fax')).fill('(847) 555-0143');
    await clinic.getByRole('radio', { name: 'Accepting', exact: true }).check();
    await clinic.getByLabel(label('Special notes')).fill('Parking in the north garage.');
    await locations.getByRole('button', { name: 'Add a custom location' }).click();
    const satellite = row(locations, 'Location', 2);
    await satellite.getByLabel(label('Location name')).fill('Skokie Outpatient Clinic');
    await satellite.getByLabel(label('City')).fill('Skokie');
    await satellite.getByRole('radio', { name: 'Primary location' }).check();
    await expect(clinic.getByRole('radio', { name: 'Primary location' })).not.toBeChecked();
    await save(page, locations, 'Save locations', 'Locations saved');

    // ── 5. Biography, awards, social media ───────────────────────────────────────────────────
    await page.goto('/biography');
    const biography = form(page, 'Your biography');
    const professional = 'Dr. Amara Lindqvist is an attending cardiologist at Northfield Health who cares for adults with heart failure and coronary disease.';
    await biography.getByLabel(label('Professional biography')).fill(professional);
    await expect(biography.getByText(/^20 words · aim for 150–200$/)).toBeVisible();
    await biography.getByLabel(label('Public biography')).fill('Dr. Lindqvist helps people live well with heart disease.');
    await biography.getByLabel(label('Personal interests')).fill('Trail running and choral music.');
    await biography.getByLabel(label('Professional memberships')).fill('American College of Cardiology');
    await save(page, biography, 'Save biography', 'Biography saved');

    const awards = form(page, 'Awards and recognition');
    await awards.getByRole('button', { name: 'Add award' }).click();
    await row(awards, 'Award', 1).getByLabel(label('Award name')).fill('Teaching Excellence Award');
    await row(awards, 'Award', 1).getByLabel(label('Year')).fill('2021');
    await row(awards, 'Award', 1).getByLabel(label('Awarding organization')).fill('Northfield Internal Medicine Residency');
    await save(page, awards, 'Save awards', 'Awards saved');

    const social = form(page, 'Social media');
    await social.getByRole('button', { name: 'Add account' }).click();
    await row(social, 'Account', 1).getByLabel(label('Platform')).fill('LinkedIn');
    await row(social, 'Account', 1).getByLabel(label('Profile URL')).fill('https://www.linkedin.com/in/amara-lindqvist');
    await social.getByRole('button', { name: 'Add account' }).click();
    await row(social, 'Account', 2).getByLabel(label('Platform')).fill('Doximity');
    await row(social, 'Account', 2).getByLabel(label('Username')).fill('alindqvist');
    await row(social, 'Account', 2).getByRole('switch', { name: 'Show on my profile' }).click();
    await social.getByRole('button', { name: 'Move account 2 up' }).click();
    await save(page, social, 'Save social media', 'Social media saved');

    // ── 6. Publications ──────────────────────────────────────────────────────────────────────
    await page.goto('/publications');
    const publications = form(page, 'Publications');
    await publications.getByRole('button', { name: 'Add publication' }).click();
    const paper = row(publications, 'Publication', 1);
    await paper.getByLabel(label('Title')).fill('Outcomes of early rhythm control in older adults with heart failure');
    await addTag(paper.getByLabel(label('Authors')), 'Lindqvist A, Okafor M');
    await paper.getByLabel(label('Journal')).fill('Journal of Cardiac Failure');
    await paper.getByLabel(label('Published')).fill('2022 Mar');
    await paper.getByLabel(label('DOI')).fill('10.1016/j.cardfail.2022.01.004');
    await paper.getByLabel(label('PubMed ID (PMID)')).fill('35123456');
    await paper.getByRole('switch', { name: 'Feature this publication' }).click();
    await save(page, publications, 'Save publications', 'Publications saved');

    // ── 7. Clinical trials (role changes go to the server at once once saved) ───────────────
    await page.goto('/clinical-trials');
    const trials = form(page, 'Clinical trials');
    await trials.getByRole('button', { name: 'Add trial' }).click();
    const trial = row(trials, 'Trial', 1);
    await trial.getByLabel(label('Trial title')).fill('Early rhythm control in heart failure (EARLY-HF)');
    await trial.getByLabel(label('NCT number')).fill('NCT04612345');
    await trial.getByLabel(label('Phase')).selectOption('Phase 3');
    await trial.getByLabel(label('Sponsor')).fill('Northfield Health');
    await addTag(trial.getByLabel(label('Conditions studied')), 'Heart failure');
    await trials.getByRole('button', { name: 'Add trial' }).click();
    await row(trials, 'Trial', 2).getByLabel(label('Trial title')).fill('Remote monitoring after discharge');
    await row(trials, 'Trial', 2).getByRole('switch', { name: 'Show this trial on my profile' }).click();
    await save(page, trials, 'Save clinical trials', 'Clinical trials saved');
    await row(trials, 'Trial', 1).getByLabel(label('Your role')).selectOption('principal_investigator');
    await expect(page.getByText('Trial role updated').first()).toBeVisible();
    await expect(trials.getByText('Unsaved changes')).toHaveCount(0);

    // ── 8. Media and press ───────────────────────────────────────────────────────────────────
    await page.goto('/media-press');
    const media = form(page, 'Media and press');
    await media.getByRole('button', { name: 'Add media item' }).click();
    const story = row(media, 'Media item', 1);
    await story.getByLabel(label('Title')).fill('New heart failure clinic opens in Evanston');
    await story.getByLabel(label('Type')).selectOption('news_article');
    await story.getByLabel(label('Source')).fill('Evanston Review');
    await story.getByLabel(label('Date')).fill('2023-05-14');
    await story.getByLabel(label('Link')).fill('https://news.example.org/heart-clinic');
    await save(page, media, 'Save media and press', 'Media and press saved');

    // ── 9. Medical expertise (type-ahead, keyboard pick, grouped by type) ───────────────────
    await page.goto('/medical-expertise');
    const expertise = form(page, 'Your areas of expertise');
    await expertise.getByRole('button', { name: /^Cardiovascular Disease/ }).click();
    const search = expertise.getByRole('combobox', { name: 'Find conditions, procedures and reasons for visit' });
    await search.fill('heart failure');
    const firstTerm = await firstPickable(page);
    await search.press('Enter');
    await expect(expertise.getByRole('button', { name: `Remove ${firstTerm}` })).toBeVisible();
    await expertise.getByRole('button', { name: 'All specialties', exact: true }).click();
    await expertise.getByRole('button', { name: 'Procedures', exact: true }).click();
    await search.fill('echocardio');
    const procedure = await firstPickable(page);
    await search.press('ArrowDown');
    await search.press('ArrowUp');
    await search.press('Enter');
    await expect(expertise.getByRole('region', { name: /Procedures/ }).getByRole('button', { name: `Remove ${procedure}` })).toBeVisible();
    await save(page, expertise, 'Save medical expertise', 'Medical expertise saved');

    // ── Reload every page and see every value ───────────────────────────────────────────────
    await page.goto('/professional-identity');
    await page.reload();
    const identityAgain = form(page, 'Your professional identity');
    await expect(identityAgain.getByLabel(label('Full legal name'))).toHaveValue('Amara Sofia Lindqvist');
    await expect(identityAgain.getByLabel(label('Preferred name'))).toHaveValue('Dr. Amara');
    await expect(identityAgain.getByLabel(label('Pronouns'))).toHaveValue('she/her');
    await expect(identityAgain.getByLabel(label('Job title'))).toHaveValue('Attending Cardiologist');
    await expect(identityAgain.getByLabel(label('Department'))).toHaveValue('medicine');
    await expect(identityAgain.getByLabel(label('Section')).locator('option:checked')).toHaveText('Cardiovascular Disease');
    await expect(identityAgain.getByRole('combobox', { name: 'Primary specialty' })).toHaveValue('Cardiovascular Disease');
    await expect(identityAgain.getByRole('button', { name: 'Remove Interventional Cardiology' })).toBeVisible();
    await expect(identityAgain.getByRole('button', { name: 'Remove credential MD' })).toBeVisible();
    await expect(identityAgain.getByRole('button', { name: 'Remove credential FACC' })).toBeVisible();
    await expect(identityAgain.getByRole('button', { name: 'Remove title Associate Professor of Medicine' })).toBeVisible();
    await expect(row(form(page, 'Professional licenses'), 'License', 1).getByLabel(label('License number'))).toHaveValue('036.140297');
    await expect(row(form(page, 'Professional licenses'), 'License', 1).getByLabel(label('Expiration date'))).toHaveValue('2027-07-31');
    await expect(row(form(page, 'Board certifications'), 'Certification', 1).getByLabel(label('Year certified'))).toHaveValue('2016');

    await page.goto('/education-training');
    await page.reload();
    const educationAgain = form(page, 'Education and training');
    await expect(row(educationAgain, 'Entry', 1).getByRole('combobox', { name: 'Medical school' })).toHaveValue(
      'Northwestern University Feinberg School of Medicine',
    );
    await expect(row(educationAgain, 'Entry', 1).getByLabel(label('Graduation year'))).toHaveValue('2010');
    await expect(row(educationAgain, 'Entry', 2).getByRole('combobox', { name: 'Residency program' })).toHaveValue('Internal Medicine Residency');
    await expect(row(educationAgain, 'Entry', 3).getByLabel(label('Fellowship')).locator('option:checked')).toHaveText('Cardiovascular Disease');
    await expect(row(educationAgain, 'Entry', 3).getByLabel(label('Completion year'))).toHaveValue('2016');
    await expect(row(educationAgain, 'Entry', 4).getByLabel(label('Field of study'))).toHaveValue('Biochemistry');

    await page.goto('/practice-essentials');
    await page.reload();
    const practiceAgain = form(page, 'Practice essentials');
    await expect(practiceAgain.getByRole('radio', { name: /Yes, accepting/ })).toBeChecked();
    await expect(practiceAgain.getByRole('checkbox', { name: /^Seniors/ })).toBeChecked();
    await expect(practiceAgain.getByLabel(label('Practice name'))).toHaveValue('Northfield Heart Center');
    await expect(practiceAgain.getByRole('button', { name: 'Remove group Northfield Medical Group' })).toBeVisible();
    const languagesAgain = form(page, 'Languages');
    await expect(row(languagesAgain, 'Language', 1)).toHaveAccessibleName('Language 1: English');
    await expect(row(languagesAgain, 'Language', 2)).toHaveAccessibleName('Language 2: French');
    await expect(row(languagesAgain, 'Language', 3).getByLabel(label('Proficiency'))).toHaveValue('professional');
    await expect(row(form(page, 'Hospital affiliations'), 'Affiliation', 1).getByLabel(label('Title'))).toHaveValue('Attending physician');
    await expect(row(form(page, 'Insurance accepted'), 'Insurance plan', 2).getByLabel(label('Insurance name'))).toHaveValue('Medicare');

    await page.goto('/locations');
    await page.reload();
    const locationsAgain = form(page, 'Practice locations');
    await expect(row(locationsAgain, 'Location', 1).getByLabel(label('Phone'))).toHaveValue('(847) 555-0142');
    await expect(row(locationsAgain, 'Location', 1).getByLabel(label('ZIP code'))).toHaveValue('60201');
    await expect(row(locationsAgain, 'Location', 2).getByRole('radio', { name: 'Primary location' })).toBeChecked();

    await page.goto('/biography');
    await page.reload();
    await expect(form(page, 'Your biography').getByLabel(label('Professional biography'))).toHaveValue(professional);
    await expect(row(form(page, 'Awards and recognition'), 'Award', 1).getByLabel(label('Award name'))).toHaveValue('Teaching Excellence Award');
    const socialAgain = form(page, 'Social media');
    await expect(row(socialAgain, 'Account', 1).getByLabel(label('Platform'))).toHaveValue('Doximity');
    await expect(row(socialAgain, 'Account', 1).getByRole('switch', { name: 'Show on my profile' })).toHaveAttribute('aria-checked', 'false');

    await page.goto('/publications');
    await page.reload();
    await expect(row(form(page, 'Publications'), 'Publication', 1).getByLabel(label('DOI'))).toHaveValue('10.1016/j.cardfail.2022.01.004');

    await page.goto('/clinical-trials');
    await page.reload();
    const trialsAgain = form(page, 'Clinical trials');
    await expect(row(trialsAgain, 'Trial', 1).getByLabel(label('Your role'))).toHaveValue('principal_investigator');
    await expect(row(trialsAgain, 'Trial', 2).getByText('Hidden').filter({ visible: true })).toBeVisible();

    await page.goto('/media-press');
    await page.reload();
    await expect(row(form(page, 'Media and press'), 'Media item', 1).getByLabel(label('Link'))).toHaveValue('https://news.example.org/heart-clinic');

    await page.goto('/medical-expertise');
    await page.reload();
    await expect(form(page, 'Your areas of expertise').getByRole('button', { name: `Remove ${firstTerm}` })).toBeVisible();
    await expect(form(page, 'Your areas of expertise').getByRole('button', { name: `Remove ${procedure}` })).toBeVisible();

    // ── Dashboard: the required sections are complete ───────────────────────────────────────
    await page.getByRole('navigation', { name: 'Member' }).first().getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('100%', { exact: true })).toBeVisible();
    await expect(page.getByText('3 of the 3 sections your hospital requires are complete', { exact: false })).toBeVisible();
    for (const title of ['Professional Identity', 'Education & Training', 'Practice Essentials', 'Medical Expertise']) {
      await expect(
        page
          .getByRole('link', { name: new RegExp(title) })
          .filter({ hasText: 'Complete' })
          .first(),
      ).toBeVisible();
    }

    // ── Export ───────────────────────────────────────────────────────────────────────────────
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my profile (JSON)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^vitae-profile-amara-sofia-lindqvist-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown> & {
      basicInfo: { email: string };
      professionalIdentity: { primarySpecialty: string };
      education: unknown[];
      languages: Array<{ languageCode: string }>;
      metrics: { counts: Record<string, number>; completionPercentage: number };
    };
    expect(exported.basicInfo.email).toBe(email);
    expect(exported.professionalIdentity.primarySpecialty).toBe('Cardiovascular Disease');
    expect(exported.education).toHaveLength(4);
    expect(exported.languages.map((l) => l.languageCode)).toEqual(['en', 'fr', 'es']);
    expect(exported.metrics.counts).toMatchObject({ publications: 1, clinicalTrials: 2, media: 1, locations: 2, licenses: 1, awards: 1, socialMedia: 2 });
    expect(exported.metrics.completionPercentage).toBe(100);
    expect(typeof exported.exportedAt).toBe('string');
  });

  test('warns before leaving a page with unsaved changes', async ({ page }) => {
    await signUp(page, uniqueEmail('guard'));
    await page.goto('/biography');
    const biography = form(page, 'Your biography');
    await biography.getByLabel(label('Personal interests')).fill('Sailing');
    await expect(biography.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('navigation', { name: 'Member' }).first().getByRole('link', { name: 'Publications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/biography$/);
    await expect(biography.getByLabel(label('Personal interests'))).toHaveValue('Sailing');

    await page.getByRole('navigation', { name: 'Member' }).first().getByRole('link', { name: 'Publications' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/publications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Publications' })).toBeVisible();

    // Validation happens before anything is sent: a required field left empty stays on the page.
    await page.goto('/professional-identity');
    const identity = form(page, 'Your professional identity');
    await identity.getByLabel(label('Job title')).fill('');
    await identity.getByRole('button', { name: 'Save professional identity' }).click();
    await expect(identity.getByText('Job title is required')).toBeVisible();
  });
});
