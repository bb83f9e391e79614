import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import type { DataSourceConfigDto } from '../api/data-sources';
import { DataSourcesTab } from './data-sources-tab';

const HOSPITAL_ID = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

function config(sourceType: DataSourceConfigDto['sourceType'], sourceName: string, isActive: boolean): DataSourceConfigDto {
  return {
    id: `${sourceType}-config`,
    hospitalId: HOSPITAL_ID,
    sourceType,
    sourceName,
    isActive,
    connectionConfig: {},
    providerLookupStrategy: 'npi',
    syncEnabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    fieldMappings: [],
  };
}

// Issue 35 item 3: the listing service's test pages are reached from the hospital's own listing-service
// data source, not from every administrator's navigation.
describe('DataSourcesTab', () => {
  it('links the listing-service tests, for this hospital, from a listing-service data source only', async () => {
    serveApi({
      [`/api/admin/hospitals/${HOSPITAL_ID}/data-sources`]: {
        body: { items: [config('yext', 'Northfield listings', true), config('npi_registry', 'NPI registry', false)] },
      },
    });
    renderAt('/x', <DataSourcesTab hospitalId={HOSPITAL_ID} hospitalDataSource="yext" />);
    const tests = await screen.findByRole('navigation', { name: 'Test Northfield listings' });
    const links = [...tests.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Connection', `/yext-test?hospital=${HOSPITAL_ID}`],
      ['Expertise sync', `/yext-expertise-test?hospital=${HOSPITAL_ID}`],
      ['Field mapping', `/yext-field-mapping-test?hospital=${HOSPITAL_ID}`],
    ]);
    // The registry's configuration has nothing of the listing service to test.
    expect(screen.queryByRole('navigation', { name: 'Test NPI registry' })).toBeNull();
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });

  it('offers no listing-service tests to a hospital without a listing-service data source', async () => {
    serveApi({ [`/api/admin/hospitals/${HOSPITAL_ID}/data-sources`]: { body: { items: [config('npi_registry', 'NPI registry', true)] } } });
    renderAt('/x', <DataSourcesTab hospitalId={HOSPITAL_ID} hospitalDataSource="npi_registry" />);
    expect(await screen.findByText('NPI registry')).toBeDefined();
    expect(screen.queryAllByRole('link').map((link) => link.textContent)).toEqual([]);
  });
});
