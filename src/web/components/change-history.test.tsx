import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileChangeDto } from '@shared/history';
import { ChangeHistoryList } from './change-history';

const changes: ProfileChangeDto[] = [
  {
    id: '12',
    userId: 'u1',
    sectionId: 'biography',
    source: 'restore',
    actor: { id: 'u1', kind: 'provider', email: 'dr.lee@example.org' },
    createdAt: '2026-05-20T09:30:00.000Z',
    changes: { fields: [{ field: 'professionalSummary', old: 'Rewritten.', new: 'Original.' }] },
  },
  {
    id: '9',
    userId: 'u1',
    sectionId: 'languages',
    source: 'admin',
    actor: { id: 'a1', kind: 'hospital_admin', email: 'admin@northfield.example' },
    createdAt: '2026-05-19T08:00:00.000Z',
    changes: {
      items: [
        { op: 'added', index: 1, item: { languageName: 'Spanish', proficiency: 'fluent' } },
        {
          op: 'changed',
          index: 0,
          before: { languageName: 'English', proficiency: 'basic' },
          after: { languageName: 'English', proficiency: 'native' },
          fields: ['proficiency'],
        },
      ],
    },
  },
];

describe('ChangeHistoryList', () => {
  it('reads each change in plain words: who, through what, old → new, entries added and changed', () => {
    render(<ChangeHistoryList changes={changes} audience="provider" showSection />);
    const [restored, byAdmin] = screen.getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(within(restored!).getByText('You')).toBeDefined();
    expect(within(restored!).getByText('Restored from history')).toBeDefined();
    expect(within(restored!).getByText('Professional summary: Rewritten. → Original.')).toBeDefined();
    expect(within(byAdmin!).getByText('admin@northfield.example')).toBeDefined();
    expect(within(byAdmin!).getByText('Administrator')).toBeDefined();
    expect(within(byAdmin!).getByText('Languages')).toBeDefined();
    expect(within(byAdmin!).getByText('Added “Spanish”')).toBeDefined();
    expect(within(byAdmin!).getByText('Changed “English”: Proficiency: basic → native')).toBeDefined();
    // No restore without a handler (the console's read-only view).
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Restore per change and names the change it restores', () => {
    const onRestore = vi.fn();
    render(<ChangeHistoryList changes={changes} audience="provider" onRestore={onRestore} />);
    const buttons = screen.getAllByRole('button', { name: /Restore the values before the change of/ });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    expect(onRestore).toHaveBeenCalledWith(changes[1]);
  });

  it('says so when nothing was recorded', () => {
    render(<ChangeHistoryList changes={[]} audience="admin" />);
    expect(screen.getByText('No changes have been recorded yet.')).toBeDefined();
  });
});
