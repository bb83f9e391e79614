import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProvenanceEntry } from '@shared/provenance';
import { ProvenanceSummary, groupProvenance } from './provenance-summary';

const entries: ProvenanceEntry[] = [
  { sectionId: 'professional_identity', field: 'firstName', source: 'registry', recordedAt: '2026-03-02T10:00:00.000Z' },
  { sectionId: 'professional_identity', field: 'credentials', source: 'registry', recordedAt: '2026-03-02T10:00:00.000Z' },
  { sectionId: 'professional_identity', field: 'pronouns', source: 'provider', recordedAt: '2026-05-20T09:30:00.000Z' },
  { sectionId: 'licenses', field: 'items', source: 'listing_service', recordedAt: '2026-04-11T12:00:00.000Z' },
];

describe('ProvenanceSummary', () => {
  it('groups fields by who wrote them and when, the most recent first', () => {
    const groups = groupProvenance(entries);
    expect(groups.map((g) => [g.source, g.labels])).toEqual([
      ['provider', ['Pronouns']],
      ['listing_service', ['Licenses']],
      ['registry', ['First name', 'Credentials']],
    ]);
  });

  it('names each source for the provider, lists the overridden fields and dates each group', () => {
    render(<ProvenanceSummary entries={entries} overrides={['firstName']} audience="provider" headingId="p" />);
    const region = screen.getByRole('region', { name: 'Where this information came from' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^YouPronouns· May 20, 2026$/),
      expect.stringMatching(/^Hospital listing serviceLicenses· /),
      expect.stringMatching(/^NPI registryFirst name, Credentials· /),
    ]);
    expect(rows[2]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-02T10:00:00.000Z');
    expect(region.textContent).toContain('Kept as you typed them; imports leave them alone: First name.');
  });

  it('speaks about the provider to an admin, and shows nothing when nothing is recorded', () => {
    const { container, rerender } = render(<ProvenanceSummary entries={entries.slice(2, 3)} audience="admin" headingId="a" />);
    expect(screen.getByRole('listitem').textContent).toMatch(/^ProviderPronouns· /);
    rerender(<ProvenanceSummary entries={[]} audience="admin" headingId="a" />);
    expect(container.innerHTML).toBe('');
  });
});
