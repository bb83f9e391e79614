import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import type { HospitalDto, HospitalUpdateBody } from '../api/hospitals';
import { SettingsTab } from './settings-tab';

const HOSPITAL: HospitalDto = {
  id: '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a',
  name: 'Northfield Health',
  code: 'NORTHFIELD',
  address: null,
  contactEmail: 'it@northfield.example',
  contactPhone: null,
  isActive: true,
  dataSource: 'yext',
  yextConfig: { apiVersion: '20231201', locationId: null, accountId: 'acct-1', contentEndpointId: null, hasApiKey: true, apiKeyMasked: '••••3f9a' },
  populationConfig: { enabled: true, match_by_hospital_id: true, email_domain_patterns: ['northfield.example'], enhanced_expertise: false },
  expertiseTermsScope: 'own_plus_defaults',
  brandGuidelinesUrl: null,
  brandWritingStandards: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function setup(canActivate = false) {
  const sent: HospitalUpdateBody[] = [];
  serveApi({
    [`PATCH /api/admin/hospitals/${HOSPITAL.id}`]: (call) => {
      sent.push(call.body as HospitalUpdateBody);
      return { body: HOSPITAL };
    },
  });
  renderAt('/x', <SettingsTab hospital={HOSPITAL} canActivate={canActivate} />);
  return sent;
}

describe('SettingsTab', () => {
  it('shows only the masked key; a replacement must be typed and long enough', async () => {
    const sent = setup();
    expect(screen.getByTestId('api-key-status').textContent).toBe('Stored key ••••3f9a');
    // A listing-service hospital's providers pick from its own terms only (issue 35 item 12).
    expect(screen.getByTestId('listing-service-terms').textContent).toContain('only from the hospital’s own terms');
    expect(screen.getByRole('radio', { name: /Own terms plus the defaults/ }).matches(':disabled')).toBe(true);
    expect(screen.queryByLabelText('New API key')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const input = screen.getByLabelText('New API key') as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the new API key, or cancel the replacement')).toBeInstanceOf(HTMLElement);
    fireEvent.change(input, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The API key looks too short')).toBeInstanceOf(HTMLElement);
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'yext-key-0123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.yextConfig).toEqual({
      apiVersion: '20231201',
      locationId: null,
      accountId: 'acct-1',
      contentEndpointId: null,
      apiKey: 'yext-key-0123456789',
    });
    expect(sent[0]?.populationConfig).toEqual({
      enabled: true,
      match_by_hospital_id: true,
      enhanced_expertise: false,
      email_domain_patterns: ['northfield.example'],
    });
    expect(sent[0]?.expertiseTermsScope).toBe('own_plus_defaults');
    // A hospital administrator cannot (de)activate the hospital; the field is not sent.
    expect(sent[0]).not.toHaveProperty('isActive');
  });

  it('removes the stored key with clearApiKey, never sending a key back', async () => {
    const sent = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('api-key-status').textContent).toBe('The stored key will be removed when you save.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.yextConfig?.clearApiKey).toBe(true);
    expect(sent[0]?.yextConfig).not.toHaveProperty('apiKey');
  });

  it('checks the API version and the e-mail domain patterns', async () => {
    const sent = setup(true);
    fireEvent.change(screen.getByLabelText('API version'), { target: { value: '2023-12-01' } });
    fireEvent.change(screen.getByLabelText('E-mail domain patterns'), { target: { value: 'northfield.example\nx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('API version must be a date like 20231201')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Each pattern must be 2 to 200 characters (“x”)')).toBeInstanceOf(HTMLElement);
    expect(sent).toHaveLength(0);
  });
});
