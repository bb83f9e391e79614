import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileChangeDto } from '@shared/history';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { SectionHistory } from './section-history';

const change = (id: string, sectionId: 'biography' | 'awards', text: string): ProfileChangeDto => ({
  id,
  userId: 'u1',
  sectionId,
  source: 'provider',
  actor: { id: 'u1', kind: 'provider', email: 'amara@northfield.example' },
  createdAt: '2026-05-20T09:30:00.000Z',
  changes: { fields: [{ field: 'professionalSummary', old: 'Old words.', new: text }] },
});

describe('SectionHistory', () => {
  it('loads nothing until opened, then shows every section of the page newest first and restores a change', async () => {
    const onRestored = vi.fn();
    const api = serveApi({
      '/api/profile/history': (call) => ({
        body: {
          items: call.search.get('section') === 'biography' ? [change('3', 'biography', 'Newest words.')] : [change('2', 'awards', 'Award words.')],
          nextBefore: null,
        },
      }),
      'POST /api/profile/history/3/restore': { body: { restoredChangeId: '3', sectionId: 'biography', data: {}, updatedAt: null } },
    });
    renderAt('/', <SectionHistory sectionIds={['biography', 'awards']} onRestored={onRestored} />);
    const toggle = screen.getByRole('button', { name: /History/ });
    expect(api.calls).toHaveLength(0);

    fireEvent.click(toggle);
    expect(await screen.findByText('Professional summary: Old words. → Newest words.')).toBeDefined();
    expect(screen.getByText('Professional summary: Old words. → Award words.')).toBeDefined();
    expect(api.calls.map((call) => call.search.get('section')).sort()).toEqual(['awards', 'biography']);
    const [first] = screen.getAllByRole('button', { name: /Restore the values before/ });
    fireEvent.click(first!);
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/profile/history/3/restore')).toHaveLength(1);
  });
});
