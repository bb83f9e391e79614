import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@web/test/render';
import { ConsoleTable, useConsoleList, type ConsoleColumn, type ConsolePage } from './console-table';

interface Clinic {
  id: string;
  name: string;
  city: string;
}

const COLUMNS: Array<ConsoleColumn<Clinic>> = [
  { id: 'name', header: 'Clinic', kind: 'title', cell: (clinic) => clinic.name },
  { id: 'city', header: 'City', hideable: true, cell: (clinic) => clinic.city },
  { id: 'actions', header: 'Actions', kind: 'actions', cell: (clinic) => <button type="button">Open {clinic.name}</button> },
];

/** A query result in one of its states, as TanStack Query hands it to the page. */
function queryOf(state: Partial<UseQueryResult<ConsolePage<Clinic>, unknown>>) {
  return { isPending: false, isError: false, isFetching: false, data: undefined, error: null, refetch: vi.fn(), ...state } as unknown as UseQueryResult<ConsolePage<Clinic>, unknown>;
}

function Harness({ query, pages }: { query: UseQueryResult<ConsolePage<Clinic>, unknown>; pages: number[] }) {
  const list = useConsoleList();
  pages.push(list.page);
  return (
    <>
      <button type="button" onClick={() => list.setPage(2)}>
        Go to page 2
      </button>
      <ConsoleTable
        caption="Clinics"
        noun="clinics"
        columns={COLUMNS}
        getRowId={(clinic) => clinic.id}
        query={query}
        list={list}
        pageSize={2}
        search={{ placeholder: 'Search by name', label: 'Search clinics' }}
        empty="No clinics yet."
        loadingLabel="Loading clinics"
        errorTitle="The clinics could not be loaded."
      />
    </>
  );
}

/** Renders the table; `pages` collects the page it asked for at each render. */
function renderTable(query: UseQueryResult<ConsolePage<Clinic>, unknown>) {
  const pages: number[] = [];
  renderAt('/x', <Harness query={query} pages={pages} />);
  return pages;
}

describe('ConsoleTable', () => {
  it('renders the server’s page with labelled cells, hides a column from the menu and pages through the server', () => {
    const pages = renderTable(
      queryOf({
        data: {
          items: [
            { id: 'c3', name: 'Lakeshore', city: 'Chicago' },
            { id: 'c4', name: 'Northfield', city: 'Evanston' },
          ],
          totalCount: 5,
        },
      }),
    );
    const table = screen.getByRole('table', { name: 'Clinics' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Clinic', 'City', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Lakeshore', 'Chicago', 'Open Lakeshore'],
      ['Northfield', 'Evanston', 'Open Northfield'],
    ]);
    // On phones a plain cell is a labelled line.
    expect(within(rows[0]!).getByText('Chicago').closest('td')?.getAttribute('data-label')).toBe('City');

    fireEvent.click(screen.getByRole('checkbox', { name: 'City' }));
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Clinic', 'Actions']);
    expect(within(table).queryByText('Chicago')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(pages.at(-1)).toBe(2);
    // A new search starts again at page 1.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clinics' }), { target: { value: 'lake' } });
    expect(pages.at(-1)).toBe(1);
  });

  it('steps back from a page past the end', async () => {
    const pages = renderTable(queryOf({ data: { items: [], totalCount: 4 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(pages.at(-1)).toBe(1));
    expect(pages).toContain(2);
  });

  it('shows the loading, error and empty states', () => {
    renderTable(queryOf({ isPending: true }));
    expect(screen.getByText('Loading clinics')).toBeInstanceOf(HTMLElement);
  });

  it('offers a retry when the page could not be loaded', () => {
    const refetch = vi.fn();
    renderTable(queryOf({ isError: true, error: new Error('down'), refetch }));
    expect(screen.getByText('The clinics could not be loaded.')).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when there is nothing to show', () => {
    renderTable(queryOf({ data: { items: [], totalCount: 0 } }));
    expect(screen.getByText('No clinics yet.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
