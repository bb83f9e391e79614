import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import type { HospitalLocationListItem } from '../api/locations';
import { LocationsTab } from './locations-tab';

const HOSPITAL_ID = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

function location(name: string, providers: string[]): HospitalLocationListItem {
  return {
    id: `${name.length}0000000-0000-4000-8000-000000000000`.slice(0, 36),
    hospitalId: HOSPITAL_ID,
    name,
    address: null,
    addressLine1: '1200 Lakeshore Drive',
    addressLine2: null,
    city: 'Evanston',
    state: 'IL',
    zipCode: '60201',
    postalCode: '60201',
    country: 'US',
    phoneNumber: '(847) 555-0100',
    mainPhone: null,
    email: null,
    url: null,
    isActive: true,
    cDepartmentSpecialty: null,
    yextEntityId: null,
    isYextSourced: false,
    lastSyncedFromYextAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    providers: providers.map((name, i) => ({ id: `p${i}`, name })),
    providerCount: providers.length,
  };
}

// Issue 35 item 4: the Locations tab shows who practises at each of the hospital's offices.
describe('LocationsTab', () => {
  it('lists each location with the providers linked to it', async () => {
    const items = [
      location('Northfield Evanston Hospital', ['Hannah Goldberg', 'Margaret Okafor', 'Patrick O’Brien', 'Sofia Marino']),
      location('Northfield Annex', []),
    ];
    serveApi({ [`/api/admin/hospitals/${HOSPITAL_ID}/locations`]: { body: { items, totalCount: 2 } } });
    renderAt('/x', <LocationsTab hospitalId={HOSPITAL_ID} />);
    expect(await screen.findAllByText('4 providers')).not.toHaveLength(0);
    expect(screen.getAllByText('Hannah Goldberg, Margaret Okafor, Patrick O’Brien, and 1 more').length).toBeGreaterThan(0);
    expect(screen.getAllByText('None linked').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader', { name: 'Providers here' }).length).toBeGreaterThan(0);
  });
});
