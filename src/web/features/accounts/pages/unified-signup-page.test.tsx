import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeNpiCheckDigit, NPI_FORMAT_MESSAGE, NPI_NOT_FOUND_MESSAGE, type NpiRecord } from '@shared/npi';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { sessionQueryKey } from '@web/lib/session';
import { json, notFound, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { UnifiedSignupPage } from './unified-signup-page';

const NPI = '1487295036';
const HOSPITAL_ID = '5f0c7a9e-4a8b-4c1e-9d57-2f3b1a6c8e10';

const RECORD: NpiRecord = {
  npi_number: NPI,
  first_name: 'MARGARET',
  last_name: 'OKAFOR',
  middle_name: 'ADAEZE',
  name_prefix: 'Dr.',
  name_suffix: null,
  credential: 'MD',
  gender: 'F',
  enumeration_date: '2007-07-09',
  last_updated: '2021-04-06',
  status: 'active',
  primary_address: {
    address_1: '251 E HURON ST',
    address_2: 'SUITE 8-100',
    city: 'CHICAGO',
    state: 'IL',
    postal_code: '606114418',
    country_code: 'US',
    telephone_number: '312-555-0100',
    fax_number: null,
  },
  primary_taxonomy: { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', state: 'IL', license: '036123456', primary: true },
  licenses: [],
  specialties: [
    { name: 'Internal Medicine', code: '207R00000X', is_primary: false },
    { name: 'Internal Medicine, Cardiovascular Disease', code: '207RC0000X', is_primary: true },
  ],
  credentials: [],
  taxonomies: [],
};

type Handler = (path: string, body: unknown) => Response | undefined;

function renderSignup(handler: Handler = () => undefined) {
  const api = serveApi({
    '/api/hospitals/options': { body: { items: [{ id: HOSPITAL_ID, name: 'Northfield Health', dataSource: 'npi' }] } },
    '/api/npi/:npi': (call) =>
      call.path === `/api/npi/${NPI}` ? { body: RECORD } : { status: 404, body: { error: { code: 'NOT_FOUND', message: NPI_NOT_FOUND_MESSAGE } } },
    'POST /api/auth/sign-up': (call) => handler(call.path, call.body) ?? notFound,
  });
  const view = renderRoutes(
    [
      { path: '/unified-signup', element: <UnifiedSignupPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/unified-signup'] },
  );
  const calls = (path: string) => api.calls.filter((call) => call.path === path);
  return { ...view, calls };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

async function completeStepOne() {
  type('Email', 'Margaret.Okafor@Northfield.example');
  type('Password', 'cardiology-rounds-2024');
  type('Confirm password', 'cardiology-rounds-2024');
  // One box for both agreements.
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service.*and the Privacy Policy/ }));
  click('Continue');
  await screen.findByRole('heading', { name: 'Professional details' });
}

describe('UnifiedSignupPage, step 1', () => {
  it('shows the step indicator and checks the account fields with the shared schema', async () => {
    renderSignup();
    const progress = screen.getByRole('list', { name: 'Sign-up progress' });
    expect(within(progress).getAllByRole('listitem')[0]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');

    click('Continue');
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeDefined();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeDefined();
    // One box and one message for both agreements.
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByText(AUTH_MESSAGES.consentRequired)).toBeDefined();

    type('Email', 'not-an-email');
    type('Password', 'short');
    click('Continue');
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeDefined();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeDefined();

    type('Password', 'password123');
    click('Continue');
    expect(await screen.findByText(AUTH_MESSAGES.passwordCommon)).toBeDefined();

    type('Password', 'cardiology-rounds-2024');
    type('Confirm password', 'cardiology-rounds-2025');
    click('Continue');
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDiffer)).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Professional details' })).toBeNull();
  });

  it('shows a strength hint and lets the password be shown', () => {
    renderSignup();
    type('Password', 'cardiology-rounds-2024');
    expect(screen.getByText(/Password strength:/).parentElement?.textContent).toMatch(/Good|Strong/);
    const toggle = screen.getAllByRole('button', { name: 'Show password' })[0]!;
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
  });

  it('Back returns to step 1 with everything still filled in, and step 2 keeps its values too', async () => {
    renderSignup();
    await completeStepOne();
    expect(field('Job title').value).toBe('Physician');
    type('Full name', 'Margaret Okafor');

    click(/Back/);
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeDefined();
    expect(field('Email').value).toBe('Margaret.Okafor@Northfield.example');
    expect(field('Password').value).toBe('cardiology-rounds-2024');
    expect(field('Confirm password').value).toBe('cardiology-rounds-2024');
    expect((screen.getByRole('checkbox', { name: /Terms of Service.*and the Privacy Policy/ }) as HTMLInputElement).checked).toBe(true);

    click('Continue');
    await screen.findByRole('heading', { name: 'Professional details' });
    expect(field('Full name').value).toBe('Margaret Okafor');
  });
});

describe('UnifiedSignupPage, step 2', () => {
  it('looks the NPI up, pre-fills the names, credential and specialty and shows what the registry returned', async () => {
    const { calls } = renderSignup();
    await completeStepOne();

    type('NPI number (optional)', '123');
    click(/Look up/);
    expect(await screen.findByText(NPI_FORMAT_MESSAGE)).toBeDefined();
    expect(calls(`/api/npi/123`)).toHaveLength(0);

    type('NPI number (optional)', NPI);
    click(/Look up/);
    const card = await screen.findByText('Found in the NPI Registry');
    const box = card.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByText('Margaret Okafor')).toBeDefined();
    expect(within(box).getByText('Internal Medicine, Cardiovascular Disease')).toBeDefined();
    expect(within(box).getByText(/Chicago, IL · NPI 1487295036/)).toBeDefined();

    expect(field('Full name').value).toBe('Margaret Okafor');
    expect(field('Credential (optional)').value).toBe('MD');
    expect(field('Specialty (optional)').value).toBe('Internal Medicine, Cardiovascular Disease');
    expect(calls(`/api/npi/${NPI}`)).toHaveLength(1);
  });

  it('shows the registry error text for an unknown NPI', async () => {
    renderSignup();
    await completeStepOne();
    type('NPI number (optional)', `199999991${computeNpiCheckDigit('199999991')}`);
    click(/Look up/);
    expect(await screen.findByText(NPI_NOT_FOUND_MESSAGE)).toBeDefined();
    expect(field('Full name').value).toBe('');
  });

  it('creates the account with both steps, names from the registry and the chosen hospital, then goes to the dashboard', async () => {
    let sent: Record<string, unknown> | undefined;
    const { router, client } = renderSignup((path, body) => {
      if (path !== '/api/auth/sign-up') return undefined;
      sent = body as Record<string, unknown>;
      return json({ user: { id: 'u1', email: 'margaret.okafor@northfield.example', fullName: 'Margaret Okafor' }, redirectTo: '/dashboard' }, 201);
    });
    await completeStepOne();
    type('NPI number (optional)', NPI);
    click(/Look up/);
    await screen.findByText('Found in the NPI Registry');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Northfield Health' })).toBeDefined());
    fireEvent.change(field('Hospital or health system (optional)'), { target: { value: HOSPITAL_ID } });
    click('Create Account');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sent).toEqual({
      email: 'margaret.okafor@northfield.example',
      password: 'cardiology-rounds-2024',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Margaret Okafor',
      firstName: 'Margaret',
      lastName: 'Okafor',
      credential: 'MD',
      specialty: 'Internal Medicine, Cardiovascular Disease',
      jobTitle: 'Physician',
      npiNumber: NPI,
      hospitalId: HOSPITAL_ID,
    });
    expect(client.getQueryData(sessionQueryKey)).toMatchObject({ user: { id: 'u1' } });
  });

  it('puts a field error from the server on its field and an e-mail conflict in an alert with the way out', async () => {
    let answer = json({ error: { code: 'CONFLICT', message: AUTH_MESSAGES.npiTaken, details: { field: 'npiNumber' } } }, 409);
    renderSignup((path) => (path === '/api/auth/sign-up' ? answer : undefined));
    await completeStepOne();
    type('Full name', 'Margaret Okafor');
    type('NPI number (optional)', NPI);
    click('Create Account');
    expect(await screen.findByText(AUTH_MESSAGES.npiTaken)).toBeDefined();
    expect(field('NPI number (optional)').getAttribute('aria-invalid')).toBe('true');

    answer = json({ error: { code: 'CONFLICT', message: AUTH_MESSAGES.emailTaken } }, 409);
    click('Create Account');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AUTH_MESSAGES.emailTaken);
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(alert).getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('tells a clinician whose NPI another account holds how to claim it', async () => {
    renderSignup((path) =>
      path === '/api/auth/sign-up'
        ? json({ error: { code: 'CONFLICT', message: AUTH_MESSAGES.npiTaken, details: { field: 'npiNumber', claimable: true } } }, 409)
        : undefined,
    );
    await completeStepOne();
    type('Full name', 'Margaret Okafor');
    type('NPI number (optional)', NPI);
    click('Create Account');
    expect(
      await screen.findByText(`${AUTH_MESSAGES.npiTaken} If it is yours, leave it empty to create your account, then claim it from Settings.`),
    ).toBeDefined();
    expect(field('NPI number (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('requires a full name', async () => {
    renderSignup();
    await completeStepOne();
    click('Create Account');
    expect(await screen.findByText(AUTH_MESSAGES.fullNameRequired)).toBeDefined();
  });
});
