import { describe, expect, it } from 'vitest';
import { changedFieldsOf, diffSection } from './diff';
import { undoChange } from './history';

describe('diffSection', () => {
  it('lists the changed fields of a single-row section with old and new values, leaving server bookkeeping out', () => {
    const before = { professionalSummary: 'A', publicSummary: null, lastUpdated: '2026-01-01' };
    const after = { professionalSummary: 'B', publicSummary: null, lastUpdated: '2026-02-01' };
    expect(diffSection('biography', before, after)).toEqual({ fields: [{ field: 'professionalSummary', old: 'A', new: 'B' }] });
    expect(diffSection('biography', before, { ...before, lastUpdated: 'later' })).toBeNull();
    // Never saved before: every filled field is new.
    expect(diffSection('biography', null, { professionalSummary: 'B', publicSummary: null })).toEqual({
      fields: [{ field: 'professionalSummary', old: null, new: 'B' }],
    });
  });

  it('matches list entries by content through new ids: unchanged, changed, removed, added, or only reordered', () => {
    const a = { id: '1', awardName: 'A', awardYear: 2020, awardingOrganization: 'X' };
    const b = { id: '2', awardName: 'B', awardYear: 2021, awardingOrganization: 'Y' };
    const c = { id: '3', awardName: 'C', awardYear: 2022, awardingOrganization: 'Z' };
    const saved = { items: [a, b] };
    expect(
      diffSection('awards', saved, {
        items: [
          { ...a, id: '9' },
          { ...b, id: '8' },
        ],
      }),
    ).toBeNull();
    const changes = diffSection('awards', saved, { items: [{ ...a, id: '9', awardYear: 2023 }, c] });
    expect(changes).toEqual({
      items: [
        {
          op: 'changed',
          index: 0,
          before: { awardName: 'A', awardYear: 2020, awardingOrganization: 'X' },
          after: { awardName: 'A', awardYear: 2023, awardingOrganization: 'X' },
          fields: ['awardYear'],
        },
        { op: 'removed', index: 1, item: { awardName: 'B', awardYear: 2021, awardingOrganization: 'Y' } },
        { op: 'added', index: 1, item: { awardName: 'C', awardYear: 2022, awardingOrganization: 'Z' } },
      ],
    });
    expect(changedFieldsOf(changes)).toEqual(['items']);
    expect(diffSection('awards', saved, { items: [b, a] })).toEqual({ items: [], previousOrder: [a, b].map(({ id: _id, ...rest }) => rest) });
  });

  it('undoes a change on the current data, keeping later edits', () => {
    const changes = diffSection('biography', { professionalSummary: 'A', personalInterests: 'x' }, { professionalSummary: 'B', personalInterests: 'x' })!;
    expect(undoChange('biography', changes, { professionalSummary: 'B', personalInterests: 'y' })).toEqual({
      professionalSummary: 'A',
      personalInterests: 'y',
    });

    const a = { awardName: 'A', awardYear: 2020 };
    const b = { awardName: 'B', awardYear: 2021 };
    const list = diffSection('awards', { items: [a, b] }, { items: [b] })!;
    expect(undoChange('awards', list, { items: [{ id: 'n', ...b }] })).toEqual({ items: [a, { id: 'n', ...b }] });
    const reordered = diffSection('awards', { items: [a, b] }, { items: [b, a] })!;
    expect(undoChange('awards', reordered, { items: [b, a] })).toEqual({ items: [a, b] });
  });
});
