import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NPI_FORMAT_MESSAGE } from '@shared/npi';
import { PROFILE_MESSAGES } from '@shared/schemas/profile';
import { sessionQueryKey } from '@web/lib/session';
import { createTestQueryClient, renderRoutes } from '@web/test/render';
import { notFound, serveApi } from '@web/test/api';
import { ProfessionalIdentityPage } from './professional-identity-page';

const USER = { id: 'u1', email: 'amara@northfield.example', fullName: 'Amara Lindqvist', firstName: 'Amara', lastName: 'Lindqvist', jobTitle: 'Physician' };

const IDENTITY = {
  npiNumber: null,
  fullLegalName: 'Amara Lindqvist',
  firstName: 'Amara',
  lastName: 'Lindqvist',
  preferredName: null,
  pronouns: null,
  professionalEmail: 'amara@northfield.example',
  jobTitle: 'Physician',
  department: null,
  division: null,
  section: null,
  departmentId: null,
  divisionId: null,
  sectionId: null,
  primarySpecialty: null,
  primarySpecialties: [],
  additionalSpecialties: [],
  credentials: [{ type: 'degree', name: 'MD', verified: true }],
  academicTitles: [],
  certifications: [],
  licenses: [],
  manualOverrideFlags: { firstName: true },
  npiSpecialties: [],
  matchedSpecialtyConfidence: null,
  isAutoPopulated: false,
  autoPopulatedAt: null,
  profilePhoto: null,
  lastUpdated: null,
};

function renderPage(routes: Parameters<typeof serveApi>[0] = {}) {
  const api = serveApi({
    '/api/profile/sections/professional_identity': { body: { sectionId: 'professional_identity', data: IDENTITY, updatedAt: '2025-01-01T00:00:00.000Z' } },
    '/api/hospital-taxonomy': { body: { source: 'default', hospitalId: null, departments: [], specialties: [] } },
    '/api/profile/sections/licenses': { body: { sectionId: 'licenses', data: { items: [] }, updatedAt: null } },
    '/api/profile/sections/board_certifications': { body: { sectionId: 'board_certifications', data: { items: [] }, updatedAt: null } },
    // Reads the form does not need: they fail, as before.
    '/api/profile/provenance': notFound,
    '/api/me/sections': notFound,
    '/api/auth/session': notFound,
    ...routes,
  });
  const client = createTestQueryClient();
  client.setQueryData(sessionQueryKey, { user: USER });
  renderRoutes([{ path: '/professional-identity', element: <ProfessionalIdentityPage /> }], { initialEntries: ['/professional-identity'], client });
  return api;
}

const identityForm = async () => within(await screen.findByRole('form', { name: 'Your professional identity' }));
const input = (form: ReturnType<typeof within>, label: string) => form.getByLabelText(new RegExp(`^${label}( \\(optional\\))?$`)) as HTMLInputElement;
const type = (element: HTMLInputElement, value: string) => fireEvent.change(element, { target: { value } });
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Professional identity form', () => {
  it('shows the shared schema messages on each required field and sends nothing', async () => {
    const api = renderPage();
    const form = await identityForm();
    for (const label of ['Full legal name', 'First name', 'Last name', 'Professional e-mail', 'Job title']) type(input(form, label), '   ');
    fireEvent.click(form.getByRole('button', { name: 'Save professional identity' }));

    await waitFor(() => expect(errorOf(input(form, 'Full legal name'))).toContain(PROFILE_MESSAGES.fullNameRequired));
    expect(errorOf(input(form, 'First name'))).toContain(PROFILE_MESSAGES.firstNameRequired);
    expect(errorOf(input(form, 'Last name'))).toContain(PROFILE_MESSAGES.lastNameRequired);
    expect(errorOf(input(form, 'Professional e-mail'))).toContain(PROFILE_MESSAGES.emailRequired);
    expect(errorOf(input(form, 'Job title'))).toContain(PROFILE_MESSAGES.jobTitleRequired);
    expect(input(form, 'Full legal name').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByRole('alert').textContent).toContain('(5 fields)');
    expect(api.callsTo('PUT', '/api/profile/sections/professional_identity')).toHaveLength(0);
  });

  it('checks the e-mail shape and the NPI, and clears a message once the field is fixed', async () => {
    renderPage();
    const form = await identityForm();
    type(input(form, 'Professional e-mail'), 'amara-at-northfield');
    type(input(form, 'NPI number'), '1234567890');
    fireEvent.click(form.getByRole('button', { name: 'Save professional identity' }));

    await waitFor(() => expect(errorOf(input(form, 'Professional e-mail'))).toContain(PROFILE_MESSAGES.emailInvalid));
    expect(errorOf(input(form, 'NPI number'))).toContain(NPI_FORMAT_MESSAGE);

    type(input(form, 'Professional e-mail'), 'amara@northfield.example');
    await waitFor(() => expect(errorOf(input(form, 'Professional e-mail'))).not.toContain(PROFILE_MESSAGES.emailInvalid));
  });

  it('puts a conflict from the server on the NPI field and keeps the form unsaved', async () => {
    renderPage({
      'PUT /api/profile/sections/professional_identity': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: PROFILE_MESSAGES.npiTaken, details: { field: 'npiNumber' } } },
      },
    });
    const form = await identityForm();
    type(input(form, 'NPI number'), '1487295036');
    fireEvent.click(form.getByRole('button', { name: 'Save professional identity' }));

    await waitFor(() => expect(errorOf(input(form, 'NPI number'))).toContain(PROFILE_MESSAGES.npiTaken));
    expect(form.getByText('Unsaved changes')).toBeDefined();
    expect(input(form, 'NPI number').value).toBe('1487295036');
  });

  it('marks hand-edited registry fields and sends an un-flag when asked to follow the registry again', async () => {
    const api = renderPage({
      'PUT /api/profile/sections/professional_identity': ({ body }) => ({
        body: {
          sectionId: 'professional_identity',
          data: { ...IDENTITY, ...(body as object), manualOverrideFlags: {} },
          updatedAt: '2025-01-02T00:00:00.000Z',
          completionPercentage: 33,
        },
      }),
    });
    const form = await identityForm();
    expect(form.getAllByText('Edited by you')).toHaveLength(1);
    fireEvent.click(form.getByRole('button', { name: 'Let the registry update first name' }));
    expect(form.getByText('Registry will update this')).toBeDefined();
    fireEvent.click(form.getByRole('button', { name: 'Save professional identity' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/profile/sections/professional_identity')).toHaveLength(1));
    const sent = api.callsTo('PUT', '/api/profile/sections/professional_identity')[0]?.body as {
      manualOverrideFlags: Record<string, boolean>;
      credentials: unknown[];
    };
    expect(sent.manualOverrideFlags).toEqual({ firstName: false });
    expect(sent.credentials).toEqual([{ type: 'degree', name: 'MD', verified: true }]);
    await waitFor(() => expect(form.queryByText('Edited by you')).toBeNull());
  });
});
