import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppointmentRequestView } from '@shared/schemas/appointment-requests';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { HospitalAppointmentRequests } from './hospital-appointment-requests';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const REQUEST: AppointmentRequestView = {
  id: '5d1e9a70-3c2b-4f1a-8e6d-2b7c9f0a1e34',
  status: 'new',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  provider: { id: 'p1', name: 'Rosa Delgado' },
  details: {
    name: 'Maria Lopez',
    phone: '(847) 555-0199',
    email: null,
    patient: 'new',
    preferredTimes: 'Tuesday mornings',
    insurance: 'Blue Cross PPO',
    reason: 'Chest tightness on stairs',
  },
};

describe('HospitalAppointmentRequests', () => {
  it('reads the requests only when asked (each read is audited), then moves one along', async () => {
    const list = `/api/admin/hospitals/${HOSPITAL}/appointment-requests`;
    const api = serveApi({ [list]: { body: { items: [REQUEST] } }, [`PATCH ${list}/:id`]: { body: { ...REQUEST, status: 'contacted' } } });
    const calls = api.calls;
    renderAt('/x', <HospitalAppointmentRequests hospitalId={HOSPITAL} />);
    expect(screen.queryByText('Maria Lopez')).toBeNull();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Show the requests' }));
    expect(await screen.findByText('“Chest tightness on stairs”')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('New')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/For Rosa Delgado/)).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: '(847) 555-0199' }).getAttribute('href')).toBe('tel:8475550199');

    fireEvent.click(screen.getByRole('button', { name: 'Mark contacted: Maria Lopez' }));
    expect(await screen.findByText('Contacted')).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/api/admin/hospitals/${HOSPITAL}/appointment-requests/${REQUEST.id}`,
      body: { status: 'contacted' },
    });
    // The list is not read again after the move.
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    // Closed is always offered; going back is not.
    expect(screen.queryByRole('button', { name: 'New: Maria Lopez' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close: Maria Lopez' })).toBeInstanceOf(HTMLElement);
  });
});
