import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '@web/test/render';
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

afterEach(() => vi.unstubAllGlobals());

describe('SyncFromDirectoryButton', () => {
  it('posts the sync and reports sections updated, changes to review and failures', async () => {
    const answer = stubFetch({ '/api/yext/sync': { body: RESULT } });
    const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => answer(input));
    vi.stubGlobal('fetch', fetch);
    renderAt('/', <SyncFromDirectoryButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync from directory' }));
    const toast = (await screen.findByText('Directory sync finished')).closest('[data-sonner-toast]');
    expect(toast?.getAttribute('data-type')).toBe('success');
    expect(toast?.textContent).toContain('5 of 7 sections updated, 2 changes to review, 1 could not be saved');
    const [, init] = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/yext/sync'))!;
    expect(init?.method).toBe('POST');
  });

  it("shows the server's message when the sync fails", async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/yext/sync': { status: 404, body: { error: { code: 'YEXT_PROVIDER_NOT_FOUND', message: 'No provider found in YEXT for NPI: 2100000076' } } },
      }),
    );
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
