import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileChangeDto } from '@shared/history';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { ProviderHistoryCard } from './provider-history-card';

const change = (id: string): ProfileChangeDto => ({
  id,
  userId: 'u1',
  sectionId: 'locations',
  source: 'listing_service',
  actor: { id: null, kind: 'system', email: null },
  createdAt: '2026-05-20T09:30:00.000Z',
  changes: { items: [{ op: 'added', index: 0, item: { locationName: `Clinic ${id}` } }] },
});

describe('ProviderHistoryCard', () => {
  it('shows the provider’s changes read-only, filters by section and pages to older ones', async () => {
    const api = serveApi({
      '/api/admin/users/u1/history': (call) =>
        call.search.get('before') === '7' ? { body: { items: [change('3')], nextBefore: null } } : { body: { items: [change('7')], nextBefore: '7' } },
    });
    const paths = () => api.calls.map((call) => `${call.path}?${call.search}`);
    renderAt('/', <ProviderHistoryCard userId="u1" />);
    expect(await screen.findByText('Added “Clinic 7”')).toBeDefined();
    expect(screen.getByText('Listing service')).toBeDefined();
    expect(screen.getByText('Vitae')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('Added “Clinic 3”')).toBeDefined();
    expect(paths()).toContain('/api/admin/users/u1/history?before=7');

    fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'locations' } });
    await waitFor(() => expect(paths()).toContain('/api/admin/users/u1/history?section=locations'));
  });
});
