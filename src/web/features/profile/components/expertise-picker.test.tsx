import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@web/test/render';
import { serveApi, type RecordedCall } from '@web/test/api';
import { EXPERTISE_SEARCH_DEBOUNCE_MS, ExpertisePicker, rankByMatch, type ExpertiseItem } from './expertise-picker';

const TERMS = [
  { id: '1', termId: 'CON-J45', term: 'Asthma', termType: 'Condition', specialtyName: 'Pulmonary Disease' },
  // The same term under another specialty: listed once.
  { id: '2', termId: 'CON-J45', term: 'Asthma', termType: 'Condition', specialtyName: 'Allergy and Immunology' },
  { id: '3', termId: 'PROC-PFT', term: 'Asthma spirometry testing', termType: 'Procedure', specialtyName: 'Pulmonary Disease' },
  { id: '4', termId: 'REAS-WHEEZE', term: 'Asthma check-up', termType: 'Reason for Visit', specialtyName: 'Pulmonary Disease' },
];

function Harness({ initial = [] as ExpertiseItem[] }) {
  const [value, setValue] = useState<ExpertiseItem[]>(initial);
  return (
    <ExpertisePicker
      value={value}
      onChange={setValue}
      specialties={[
        { name: 'Pulmonary Disease', note: 'primary' },
        { name: 'Allergy and Immunology', suggested: true, note: 'from your NPI record' },
      ]}
    />
  );
}

function renderPicker(initial?: ExpertiseItem[]) {
  const api = serveApi({
    '/api/terms/search': (call: RecordedCall) => {
      const q = (call.search.get('q') ?? '').toLowerCase();
      const type = call.search.get('termType');
      const items = TERMS.filter((t) => t.term.toLowerCase().includes(q) && (type === 'all' || t.termType === type));
      return { body: { source: 'default', items, totalCount: items.length } };
    },
  });
  renderRoutes([{ path: '/', element: <Harness initial={initial} /> }]);
  const searches = () => api.calls.filter((call) => call.path === '/api/terms/search');
  return { api, searches };
}

const searchBox = () => screen.getByRole('combobox', { name: 'Find conditions, procedures and reasons for visit' }) as HTMLInputElement;
const group = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name}`) }));

describe('ExpertisePicker', () => {
  it('waits until typing pauses, then searches once with the last text', async () => {
    const { searches } = renderPicker();
    for (const text of ['a', 'as', 'ast', 'asth']) fireEvent.change(searchBox(), { target: { value: text } });
    expect(searches()).toHaveLength(0);

    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.search.get('q')).toBe('asth');
    expect(searches()[0]?.search.get('termType')).toBe('all');
    expect(searches()[0]?.search.get('pageSize')).toBe('20');
    // Nothing more arrives once the debounce has fired.
    await new Promise((resolve) => setTimeout(resolve, EXPERTISE_SEARCH_DEBOUNCE_MS + 50));
    expect(searches()).toHaveLength(1);

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.querySelector('span.block')?.textContent)).toEqual(['Asthma', 'Asthma spirometry testing', 'Asthma check-up']);
  });

  it('moves through the results with the arrow keys, adds with Enter and groups the choices by type', async () => {
    const { searches } = renderPicker();
    fireEvent.change(searchBox(), { target: { value: 'asthma' } });
    await screen.findAllByRole('option');
    await waitFor(() => expect(searchBox().getAttribute('aria-activedescendant')).toMatch(/\S/));
    const firstActive = searchBox().getAttribute('aria-activedescendant');

    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    const secondActive = searchBox().getAttribute('aria-activedescendant');
    expect(secondActive).not.toBe(firstActive);
    expect(document.getElementById(secondActive!)?.textContent).toContain('Asthma spirometry testing');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });

    expect(group('Procedures').getByText('Asthma spirometry testing')).toBeDefined();
    expect(searchBox().value).toBe('');

    fireEvent.change(searchBox(), { target: { value: 'asthma' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').some((option) => option.getAttribute('aria-disabled') === 'true' && option.textContent?.includes('Added'))).toBe(
        true,
      ),
    );
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(group('Conditions').getByText('Asthma')).toBeDefined();

    fireEvent.change(searchBox(), { target: { value: 'check' } });
    // Results for the earlier text stay on screen, dimmed and not pickable, until the new ones arrive.
    const fresh = await waitFor(
      () => {
        const option = screen.getByText('Asthma check-up').closest('[role="option"]');
        expect(searches().at(-1)?.search.get('q')).toBe('check');
        expect(option?.getAttribute('aria-disabled')).toBeNull();
        return option!;
      },
      { timeout: 3000 },
    );
    fireEvent.click(fresh);
    expect(group('Reasons for visit').getByText('Asthma check-up')).toBeDefined();

    expect(group('Conditions').getByText('1')).toBeDefined();
    fireEvent.click(group('Conditions').getByRole('button', { name: 'Remove Asthma' }));
    expect(group('Conditions').getByText('No conditions yet.')).toBeDefined();
  });

  it('narrows the search by type and by specialty chip', async () => {
    const { searches } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Procedures' }));
    fireEvent.click(screen.getByRole('button', { name: /^Allergy and Immunology/ }));
    expect(screen.getByRole('button', { name: /^Allergy and Immunology/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(searchBox(), { target: { value: 'asthma' } });
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.search.get('termType')).toBe('Procedure');
    expect(searches()[0]?.search.get('specialty')).toBe('Allergy and Immunology');
  });

  it('puts terms that start with the text first within a page of results', () => {
    const ranked = rankByMatch(
      [{ term: 'Congestive heart failure' }, { term: 'Heart block' }, { term: 'Atrial septal defect' }, { term: 'Heartburn' }],
      'heart',
    );
    expect(ranked.map((t) => t.term)).toEqual(['Heart block', 'Heartburn', 'Congestive heart failure', 'Atrial septal defect']);
    // The term itself before any longer one that starts with it (issue 35 item 8).
    expect(
      rankByMatch([{ term: 'Hypertension crisis' }, { term: 'Essential hypertension' }, { term: 'Hypertension' }], 'hypertension').map((t) => t.term),
    ).toEqual(['Hypertension', 'Hypertension crisis', 'Essential hypertension']);
  });

  it('shows saved terms in their groups', () => {
    renderPicker([
      { termId: 'CON-I50', term: 'Heart failure', termType: 'Condition', specialtyName: 'Cardiovascular Disease' },
      { termId: 'PROC-ECHO', term: 'Echocardiography', termType: 'Procedure', specialtyName: 'Cardiovascular Disease' },
    ]);
    expect(group('Conditions').getByText('Heart failure')).toBeDefined();
    expect(group('Procedures').getByText('Echocardiography')).toBeDefined();
    expect(group('Reasons for visit').getByText('No reasons for visit yet.')).toBeDefined();
  });
});
