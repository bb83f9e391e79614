import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { syncSummary } from '../api/sync-from-directory';
import { SyncFromDirectoryButton } from './sync-from-directory-button';

const RESULT = {
  success: true,
  skipped: false,
  message: null,
  sectionsUpdated: 5,
  sectionsFailed: 1,
  totalSections: 7,
  providerName: 'Margaret Okafor, MD',
  npi: '2100000076',
  pendingUpdatesCreated: 2,
  sections: [],
  mappingErrors: null,
};

describe('SyncFromDirectoryButton', () => {
  it('posts the sync and reports sections updated, changes to review and failures', async () => {
    const api = serveApi({ 'POST /api/yext/sync': { body: RESULT } });
    renderAt('/', <SyncFromDirectoryButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync from directory' }));
    const toast = (await screen.findByText('Directory sync finished')).closest('[data-sonner-toast]');
    expect(toast?.getAttribute('data-type')).toBe('success');
    expect(toast?.textContent).toContain('5 of 7 sections updated, 2 changes to review, 1 could not be saved');
    expect(api.callsTo('POST', '/api/yext/sync')).toHaveLength(1);
  });

  it("shows the server's message when the sync fails", async () => {
    serveApi({
      'POST /api/yext/sync': { status: 404, body: { error: { code: 'YEXT_PROVIDER_NOT_FOUND', message: 'No provider found in YEXT for NPI: 2100000076' } } },
    });
    renderAt('/', <SyncFromDirectoryButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync from directory' }));
    const toast = (await screen.findByText('Directory sync failed')).closest('[data-sonner-toast]');
    expect(toast?.getAttribute('data-type')).toBe('error');
    expect(toast?.textContent).toContain('No provider found in YEXT for NPI: 2100000076');
  });

  it('summarises a sync with nothing to review', () => {
    expect(syncSummary({ ...RESULT, sectionsFailed: 0, pendingUpdatesCreated: 0, sectionsUpdated: 7 })).toBe('7 of 7 sections updated');
    expect(syncSummary({ ...RESULT, sectionsFailed: 0, pendingUpdatesCreated: 1 })).toBe('5 of 7 sections updated, 1 change to review');
  });
});
