import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveryItem } from '@shared/schemas/discovery';
import { DiscoveryItemCard } from './discovery-item-card';

const PUBLICATION: DiscoveryItem = {
  type: 'publications',
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'pending',
  title: 'Cardiologic outcomes after heart failure admission.',
  confidenceScore: 0.92,
  discoveredAt: '2024-05-01T10:00:00.000Z',
  searchQuery: 'Doe JM[Author]',
  rejectionReason: null,
  externalId: '100001',
  sourceUrl: 'https://pubmed.ncbi.nlm.nih.gov/100001/',
  evidence: {
    defaulted: false,
    signals: [
      { key: 'last_name', matched: true, detail: 'Doe JM is listed', weight: 0.35 },
      { key: 'middle_initial', matched: true, detail: 'Middle initial M matches', weight: 0.1 },
      { key: 'affiliation', matched: false, detail: 'Not found in PubMed’s search narrowed to Northfield Health', weight: 0 },
    ],
  },
  details: {
    authors: ['Smith A', 'Doe JM'],
    journalName: 'Journal of cardiology',
    publicationDate: '2024 Jan',
    volume: '12',
    issue: '3',
    pages: '100-110',
    doi: '10.1000/jc.2024.1',
    pmid: '100001',
  },
};

const TRIAL: DiscoveryItem = {
  type: 'clinical_trials',
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  status: 'pending',
  title: 'Heart Failure Telemonitoring',
  confidenceScore: 0.8,
  discoveredAt: '2024-05-01T10:00:00.000Z',
  searchQuery: null,
  rejectionReason: null,
  externalId: 'NCT10000001',
  sourceUrl: 'https://clinicaltrials.gov/study/NCT10000001',
  evidence: { defaulted: true, signals: [] },
  details: {
    nctNumber: 'NCT10000001',
    phase: 'Phase 2/Phase 3',
    trialStatus: 'active_not_recruiting',
    startDate: '2022-01',
    completionDate: null,
    sponsor: 'Northfield Health',
    role: 'principal_investigator',
    conditionsStudied: ['Heart Failure'],
  },
};

function renderCard(item: DiscoveryItem, props: Partial<Parameters<typeof DiscoveryItemCard>[0]> = {}) {
  const handlers = { onApprove: vi.fn(), onReject: vi.fn(), onSelectedChange: vi.fn() };
  render(<DiscoveryItemCard item={item} selected={false} {...handlers} {...props} />);
  return handlers;
}

describe('DiscoveryItemCard', () => {
  it('shows the item beside the evidence: confidence meter and which signals matched', () => {
    renderCard(PUBLICATION);
    const card = screen.getByRole('article', { name: PUBLICATION.title });
    expect(within(card).getByText('Smith A, Doe JM')).toBeDefined();
    expect(within(card).getByText('Journal of cardiology · 2024 Jan · 12(3) · 100-110')).toBeDefined();
    const meter = within(card).getByRole('meter', { name: 'Match confidence' });
    expect(meter.getAttribute('aria-valuenow')).toBe('92');
    expect(meter.getAttribute('aria-valuetext')).toBe('92%, high confidence');
    const evidence = within(card).getByRole('list', { name: 'Match evidence' });
    const rows = within(evidence)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Last name matched — Doe JM is listed',
      'Middle initial matched — Middle initial M matches',
      'Affiliation did not match — Not found in PubMed’s search narrowed to Northfield Health',
    ]);
    expect(
      within(card)
        .getByRole('link', { name: /View at the source/ })
        .getAttribute('href'),
    ).toBe('https://pubmed.ncbi.nlm.nih.gov/100001/');
  });

  it('says when the confidence is the default because nothing could be compared', () => {
    renderCard(TRIAL);
    expect(screen.getByText(/this is our default confidence/)).toBeDefined();
    expect(screen.getByText('Principal investigator')).toBeDefined();
    expect(screen.getByText('Active not recruiting')).toBeDefined();
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('80%, high confidence');
  });

  it('approves, and selects for bulk actions', () => {
    const handlers = renderCard(PUBLICATION);
    fireEvent.click(screen.getByRole('button', { name: `Approve “${PUBLICATION.title}”` }));
    expect(handlers.onApprove).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('checkbox', { name: `Select “${PUBLICATION.title}”` }));
    expect(handlers.onSelectedChange).toHaveBeenCalledWith(true);
  });

  it('rejects with an optional reason, or none', () => {
    const handlers = renderCard(PUBLICATION);
    fireEvent.click(screen.getByRole('button', { name: `Reject “${PUBLICATION.title}”` }));
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  A different J. Doe  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(handlers.onReject).toHaveBeenCalledWith('A different J. Doe');

    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(handlers.onReject).toHaveBeenLastCalledWith(null);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Reason (optional)')).toBeNull();
  });

  it('disables its actions while a decision is saving', () => {
    renderCard(PUBLICATION, { busy: true });
    expect((screen.getByRole('button', { name: `Approve “${PUBLICATION.title}”` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: `Reject “${PUBLICATION.title}”` }) as HTMLButtonElement).disabled).toBe(true);
  });
});
