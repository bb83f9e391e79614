import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileChangeDto } from '@shared/history';
import { renderAt } from '@web/test/render';
import { ProviderHistoryCard } from './provider-history-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        paths.push(`${url.pathname}${url.search}`);
        const older = url.searchParams.get('before') === '7';
        const body = older ? { items: [change('3')], nextBefore: null } : { items: [change('7')], nextBefore: '7' };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderAt('/', <ProviderHistoryCard userId="u1" />);
    expect(await screen.findByText('Added “Clinic 7”')).toBeDefined();
    expect(screen.getByText('Listing service')).toBeDefined();
    expect(screen.getByText('Vitae')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('Added “Clinic 3”')).toBeDefined();
    expect(paths).toContain('/api/admin/users/u1/history?before=7');

    fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'locations' } });
    await waitFor(() => expect(paths).toContain('/api/admin/users/u1/history?section=locations'));
  });
});
