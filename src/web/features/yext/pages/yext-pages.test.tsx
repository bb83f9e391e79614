import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { YextSyncLogDto } from '@shared/schemas/yext';
import { renderRoutes } from '@web/test/render';
import { json, type RecordedCall, serveApi } from '@web/test/api';
import { YextExpertiseTestPage } from './yext-expertise-test-page';
import { YextFieldMappingTestPage } from './yext-field-mapping-test-page';
import { YextTestPage } from './yext-test-page';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const hospitalDto = {
  id: HOSPITAL,
  name: 'Riverside Medical',
  code: 'RIVERSIDE',
  isActive: true,
  dataSource: 'yext',
  yextConfig: { apiVersion: '20231201', locationId: null, accountId: null, contentEndpointId: null, hasApiKey: true, apiKeyMasked: '••••0001' },
};

const log = (fields: Partial<YextSyncLogDto>): YextSyncLogDto => ({
  id: 'log-1',
  hospitalId: HOSPITAL,
  syncType: 'manual',
  status: 'completed',
  totalEntitiesFetched: 210,
  termsAdded: 210,
  termsUpdated: 0,
  termsDeleted: 0,
  error: null,
  startedAt: '2025-01-01T10:00:00.000Z',
  finishedAt: '2025-01-01T10:00:05.000Z',
  ...fields,
});

function server(routes: Record<string, (call: RecordedCall) => Response>) {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  const recorded = Object.fromEntries(
    Object.entries(routes).map(([key, answer]) => [
      key,
      (call: RecordedCall) => {
        sent.push({ url: `${call.path}${call.search.size > 0 ? `?${call.search}` : ''}`, method: call.method, body: call.body });
        return answer(call);
      },
    ]),
  );
  serveApi({ '/api/admin/hospitals': json({ items: [hospitalDto], totalCount: 1 }), ...recorded });
  return sent;
}

const at = (path: string, element: React.ReactElement) => renderRoutes([{ path: path.split('?')[0], element }], { initialEntries: [path] });
const base = `/api/admin/hospitals/${HOSPITAL}/yext`;

/** The number shown under a label of a StatList. */
const stat = (list: HTMLElement, label: string) => within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Listing Service Test page', () => {
  it('runs the connection test and shows the fallback that worked, the count and the samples', async () => {
    server({
      [`POST ${base}/test`]: () =>
        json({
          apiKeyValid: true,
          keyValidation: {
            valid: true,
            via: 'healthcare_professional',
            checkedAt: '2025-01-01T10:00:00.000Z',
            attempts: [
              { via: 'basic', ok: false, message: 'YEXT API Error: This API key may only read healthcareProfessional entities' },
              { via: 'healthcare_professional', ok: true },
            ],
          },
          providersFound: 5,
          samples: [{ id: 'hp-1', name: 'Margaret Okafor, MD', npi: '1234567893' }],
          error: null,
        }),
    });
    at('/yext-test', <YextTestPage />);
    // A single hospital is chosen at once.
    await waitFor(() => expect((screen.getByLabelText('Hospital') as HTMLSelectElement).value).toBe(HOSPITAL));
    expect(await screen.findByText('••••0001')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Run connection test' }));
    const results = await screen.findByLabelText('Connection test results');
    expect(stat(results, 'API key')).toBe('Valid');
    expect(stat(results, 'Providers found')).toBe('5');
    expect(screen.getByText('Query filtered to healthcare professionals', { selector: 'strong' })).toBeDefined();
    expect(screen.getByRole('cell', { name: 'Margaret Okafor, MD' })).toBeDefined();
  });

  it('shows the server’s listing-service message on failure', async () => {
    server({ [`POST ${base}/test`]: () => json({ error: { code: 'YEXT_NOT_CONFIGURED', message: 'This hospital has no YEXT API key configured' } }, 400) });
    at(`/yext-test?hospital=${HOSPITAL}`, <YextTestPage />);
    await screen.findByText('••••0001');
    fireEvent.click(screen.getByRole('button', { name: 'Run connection test' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This hospital has no YEXT API key configured');
  });
});

describe('Expertise Sync Test page', () => {
  it('shows the dry run counts, starts a sync and shows the latest counts', async () => {
    let logs = [log({ id: 'old', termsAdded: 3, totalEntitiesFetched: 3 })];
    const sent = server({
      [`GET ${base}/sync-logs`]: () => json({ items: logs, keyValidation: null }),
      [`POST ${base}/term-sync`]: (call) => {
        const { dryRun } = call.body as { dryRun: boolean };
        if (dryRun)
          return json({
            syncLogId: null,
            dryRun: true,
            totalEntitiesFetched: 211,
            termsAdded: 4,
            termsUpdated: 2,
            termsDeleted: 3,
            byType: { taxonomy_conditionTreated: 120 },
          });
        logs = [log({ id: 'new', totalEntitiesFetched: 211, termsAdded: 4, termsUpdated: 2, termsDeleted: 3 }), ...logs];
        return json({ syncLogId: 'new', dryRun: false }, 202);
      },
    });
    at(`/yext-expertise-test?hospital=${HOSPITAL}`, <YextExpertiseTestPage />);
    const latest = await screen.findByLabelText('Latest sync counts');
    expect(stat(latest, 'Terms added')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    const dry = await screen.findByLabelText('Dry run counts');
    expect([stat(dry, 'Entities fetched'), stat(dry, 'Terms added'), stat(dry, 'Terms updated'), stat(dry, 'Terms deleted')]).toEqual(['211', '4', '2', '3']);
    expect(screen.getByText('Conditions: 120')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Run term sync' }));
    expect(await screen.findByText('The term sync has started. Its progress appears below.')).toBeDefined();
    await waitFor(() => expect(stat(screen.getByLabelText('Latest sync counts'), 'Entities fetched')).toBe('211'));
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ dryRun: true }, { dryRun: false }]);
  });
});

describe('Field Mapping Test page', () => {
  it('checks the NPI, then shows the mapped sections and errors', async () => {
    const sent = server({
      [`GET ${base}/preview`]: () =>
        json({
          npi: '1234567893',
          found: true,
          strategy: 'npi_filter',
          entityId: 'hp-chen',
          providerName: 'Wei Chen, MD',
          sections: { biography: { professionalSummary: 'Cares for hearts.' } },
          mappedSections: ['biography'],
          mappingErrors: { languages: 'Unknown language: Klingon' },
          fields: [{ section: 'biography', field: 'professionalSummary', path: 'description', origin: 'built_in', value: 'Cares for hearts.' }],
          usesHospitalMappings: false,
          missingTerms: [],
        }),
    });
    at(`/yext-field-mapping-test?hospital=${HOSPITAL}`, <YextFieldMappingTestPage />);
    fireEvent.change(await screen.findByLabelText('Provider NPI'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview mapping' }));
    expect(await screen.findByText('NPI number must be exactly 10 digits')).toBeDefined();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Provider NPI'), { target: { value: '1234567893' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview mapping' }));
    expect(await screen.findByText('Wei Chen, MD')).toBeDefined();
    expect(screen.getByText('Filter on the NPI field')).toBeDefined();
    expect(screen.getByText('Unknown language: Klingon', { exact: false })).toBeDefined();
    expect(within(screen.getByRole('region', { name: 'Biography' })).getByText('Cares for hearts.')).toBeDefined();
    expect(sent[0]!.url).toBe(`${base}/preview?npi=1234567893`);
  });
});
