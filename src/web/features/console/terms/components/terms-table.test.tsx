import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { type RecordedCall, type Route, serveApi } from '@web/test/api';
import type { TermRow } from '../api/terms';
import { emptyText, TermsTable } from './terms-table';

const TOTAL = 25_000;
// jsdom matches no media query, so the list estimates phone rows (66 px); measured rows agree.
const ROW_HEIGHT = 66;
const VIEWPORT = 660;

function term(index: number): TermRow {
  return { id: `row-${index}`, termId: `CON-${index}`, term: `Condition ${index}`, termType: 'Condition', specialtyName: 'Cardiology', isActive: true };
}

/** jsdom has no layout: give the scroll box a height and every row a measured height. */
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => ROW_HEIGHT });
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(originals)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});

/** The terms list of either scope, paged over TOTAL rows; `routes` adds the test's own calls. */
function serveTerms(routes: Record<string, Route> = {}) {
  const pagesAsked: number[] = [];
  const list = (call: RecordedCall) => {
    const page = Number(call.search.get('page'));
    const pageSize = Number(call.search.get('pageSize'));
    pagesAsked.push(page);
    const start = (page - 1) * pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - start)) }, (_, i) => term(start + i));
    return { body: { items, totalCount: TOTAL } };
  };
  serveApi({ '/api/admin/terms/default': list, '/api/admin/hospitals/:hospitalId/terms': list, ...routes });
  return pagesAsked;
}

describe('TermsTable', () => {
  it('renders only the rows in view out of 25,000 and fetches only the pages under them', async () => {
    const pagesAsked = serveTerms();
    renderAt(
      '/x',
      <TermsTable
        scope={{ kind: 'default' }}
        filters={{ q: '', termType: '', specialty: '', activeOnly: false }}
        editable
        onDelete={() => undefined}
        pageSize={1000}
      />,
    );

    expect(await screen.findByText('Condition 0')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('25,000 terms')).toBeInstanceOf(HTMLElement);
    const table = screen.getByRole('table', { name: 'Expertise terms' });
    expect(table.getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
    const bodyRows = () =>
      within(table)
        .getAllByRole('row')
        .filter((row) => row.getAttribute('aria-rowindex') !== '1');
    // 660 px of 66 px rows, plus the overscan: a few dozen at most, never thousands.
    expect(bodyRows().length).toBeGreaterThanOrEqual(VIEWPORT / ROW_HEIGHT);
    expect(bodyRows().length).toBeLessThan(40);
    expect(screen.queryByText('Condition 500')).toBeNull();
    expect(new Set(pagesAsked)).toEqual(new Set([1]));

    // Jump to the middle: the rows there render, and only their page is fetched.
    const scroller = screen.getByTestId('console-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 12_345 * ROW_HEIGHT });
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Condition 12345')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Condition 0')).toBeNull();
    expect(bodyRows().length).toBeLessThan(40);
    await waitFor(() => expect(new Set(pagesAsked)).toEqual(new Set([1, 13])));
    expect(bodyRows()[0]?.getAttribute('aria-rowindex')).toMatch(/^123\d\d$/);
  });

  it('edits a row inline and sends only what changed', async () => {
    const patches: Array<{ url: string; body: unknown }> = [];
    serveTerms({
      'PATCH /api/admin/hospitals/h1/terms/:id': (call) => {
        patches.push({ url: call.path, body: call.body });
        return { body: { ...term(3), term: 'Atrial fibrillation' } };
      },
    });
    renderAt(
      '/x',
      <TermsTable
        scope={{ kind: 'hospital', hospitalId: 'h1' }}
        filters={{ q: '', termType: '', specialty: '', activeOnly: false }}
        editable
        onDelete={() => undefined}
        pageSize={1000}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Condition 3' }));
    const input = screen.getByRole('textbox', { name: 'Term (CON-3)' });
    fireEvent.change(input, { target: { value: 'Atrial fibrillation' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(patches).toEqual([{ url: '/api/admin/hospitals/h1/terms/row-3', body: { term: 'Atrial fibrillation' } }]));
  });

  // Issue 35 item 6: an empty table says why; the code column has a plain name.
  it('says when a hospital has no terms yet, apart from a filter that finds none, and calls the id a code', async () => {
    serveApi({ '/api/admin/hospitals/:hospitalId/terms': { body: { items: [], totalCount: 0 } } });
    const none = { q: '', termType: '' as const, specialty: '', activeOnly: false };
    const hospital = { kind: 'hospital' as const, hospitalId: '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a' };
    renderAt('/x', <TermsTable scope={hospital} filters={none} editable onDelete={() => undefined} />);
    expect(await screen.findByText(/This hospital has no expertise terms of its own yet/)).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText(/TERM ID|Term ID/i)).toBeNull();
    expect(screen.getAllByText('Code').length).toBeGreaterThan(0);
    expect(emptyText(hospital, { ...none, specialty: 'Cardiovascular Disease' })).toMatch(/^No terms match these filters/);
    expect(emptyText({ kind: 'default' }, none)).toMatch(/no default terms yet/);
  });
});
