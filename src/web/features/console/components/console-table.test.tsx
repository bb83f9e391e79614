import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@web/test/render';
import type { ColumnSort } from '@tanstack/react-table';
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

/** What every table in these tests shares. */
const CLINIC_TABLE = {
  caption: 'Clinics',
  pageSize: 2,
  empty: 'No clinics yet.',
  loadingLabel: 'Loading clinics',
  errorTitle: 'The clinics could not be loaded.',
};

/** A query result in one of its states, as TanStack Query hands it to the page. */
function queryOf(state: Partial<UseQueryResult<ConsolePage<Clinic>, unknown>>) {
  return { isPending: false, isError: false, isFetching: false, data: undefined, error: null, refetch: vi.fn(), ...state } as unknown as UseQueryResult<
    ConsolePage<Clinic>,
    unknown
  >;
}

function Harness({ query, pages }: { query: UseQueryResult<ConsolePage<Clinic>, unknown>; pages: number[] }) {
  const list = useConsoleList();
  pages.push(list.page);
  return (
    <>
      <button type="button" onClick={() => list.setPage(2)}>
        Go to page 2
      </button>
      <ConsoleTable {...CLINIC_TABLE} columns={COLUMNS} query={query} list={list} search={{ placeholder: 'Search by name', label: 'Search clinics' }} />
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
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Clinic', 'City', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Lakeshore', 'Chicago', 'Open Lakeshore'],
      ['Northfield', 'Evanston', 'Open Northfield'],
    ]);
    // On phones a plain cell is a labelled line.
    expect(within(rows[0]!).getByText('Chicago').closest('td')?.getAttribute('data-label')).toBe('City');

    fireEvent.click(screen.getByRole('checkbox', { name: 'City' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Clinic', 'Actions']);
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

const SORTABLE: Array<ConsoleColumn<Clinic>> = [
  { id: 'name', header: 'Clinic', kind: 'title', sortLabel: 'Name', cell: (clinic) => clinic.name },
  { id: 'city', header: 'City', sortLabel: 'City', cell: (clinic) => clinic.city },
];

const TWO_CLINICS = queryOf({
  data: {
    items: [
      { id: 'c1', name: 'Lakeshore', city: 'Chicago' },
      { id: 'c2', name: 'Northfield', city: 'Evanston' },
    ],
    totalCount: 6,
  },
});

/** A sortable, selectable table; `seen` collects the order and page it asked for and each bulk action. */
function SelectableHarness({ query, seen }: { query: UseQueryResult<ConsolePage<Clinic>, unknown>; seen: string[] }) {
  const list = useConsoleList();
  const [sort, setSort] = useState<ColumnSort>({ id: 'name', desc: false });
  seen.push(`${sort.id} ${sort.desc ? 'desc' : 'asc'} page ${list.page}`);
  return (
    <ConsoleTable
      {...CLINIC_TABLE}
      columns={SORTABLE}
      query={query}
      list={list}
      sorting={{ value: sort, onChange: setSort }}
      selection={{
        rowLabel: (clinic) => `Select ${clinic.name}`,
        actions: ({ ids, clear }) => (
          <button
            type="button"
            onClick={() => {
              seen.push(`archive ${ids.join(',')}`);
              clear();
            }}
          >
            Archive
          </button>
        ),
      }}
    />
  );
}

describe('ConsoleTable rows drawn by the page', () => {
  it('hands an overriding row the columns shown, so an inline editor keeps the header’s cells', () => {
    function Editing() {
      const list = useConsoleList();
      return (
        <ConsoleTable
          {...CLINIC_TABLE}
          columns={COLUMNS}
          query={TWO_CLINICS}
          list={list}
          rowOverride={(clinic, shown) =>
            clinic.id === 'c1' ? (
              <tr>
                {[...shown].map((id) => (
                  <td key={id}>editing {id}</td>
                ))}
              </tr>
            ) : null
          }
        />
      );
    }
    renderAt('/x', <Editing />);
    const editor = () => screen.getByText('editing name').closest('tr') as HTMLElement;
    expect(
      within(editor())
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['editing name', 'editing city', 'editing actions']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'City' }));
    expect(
      within(editor())
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['editing name', 'editing actions']);
  });
});

describe('ConsoleTable sorting and selection', () => {
  it('orders by a column on the server: the same column flips, another starts descending, and the list goes back to page 1', () => {
    const seen: string[] = [];
    renderAt('/x', <SelectableHarness query={TWO_CLINICS} seen={seen} />);
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Clinic').getAttribute('aria-sort')).toBe('ascending');
    expect(header('City').getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sort by name, ascending' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(seen.at(-1)).toBe('name asc page 2');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by name, ascending' }));
    expect(seen.at(-1)).toBe('name desc page 1');
    expect(header('Clinic').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by city' }));
    expect(seen.at(-1)).toBe('city desc page 1');
    expect(screen.getByRole('button', { name: 'Sort by city, descending' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Sort by name' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('selects rows one by one or the whole page and hands them to the bulk bar, which clears them', () => {
    const seen: string[] = [];
    renderAt('/x', <SelectableHarness query={TWO_CLINICS} seen={seen} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Northfield' }));
    expect(all.indeterminate).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 selected')).toBeInstanceOf(HTMLElement);

    fireEvent.click(all);
    expect(all.checked).toBe(true);
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(seen.filter((entry) => entry.startsWith('archive'))).toEqual(['archive c1,c2']);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    // Clear selection empties the bar too.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lakeshore' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect((screen.getByRole('checkbox', { name: 'Select Lakeshore' }) as HTMLInputElement).checked).toBe(false);
  });

  it('drops the selection when another page of rows arrives', () => {
    const next = queryOf({ data: { items: [{ id: 'c3', name: 'Riverside', city: 'Joliet' }], totalCount: 6 } });
    function Swapping() {
      const [query, setQuery] = useState(TWO_CLINICS);
      return (
        <>
          <button type="button" onClick={() => setQuery(next)}>
            Other rows
          </button>
          <SelectableHarness query={query} seen={[]} />
        </>
      );
    }
    renderAt('/x', <Swapping />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lakeshore' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Other rows' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Riverside' }) as HTMLInputElement).checked).toBe(false);
  });
});
