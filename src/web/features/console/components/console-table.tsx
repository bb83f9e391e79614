import {
  columnVisibilityFeature,
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnSort,
  type PaginationState,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Columns3, Search, X } from 'lucide-react';
import { Children, Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { ActionsCell, Cell, DataRow, TitleCell } from './data-table';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Pagination } from './pagination';
import { EmptyState, ErrorPanel, LoadingPanel } from './query-states';

/** One column of a console list: what its header says and how a row fills its cell. */
export interface ConsoleColumn<Row> {
  id: string;
  header: string;
  /** The cell's label on phones, when it is shorter than the header. */
  label?: string;
  /**
   * `title` heads the row's card on phones (the first column); `actions` holds the row's buttons
   * (right-aligned, header read by screen readers only); a plain cell is a labelled line on phones.
   */
  kind?: 'title' | 'actions';
  cell: (row: Row) => ReactNode;
  className?: string;
  /** Offered in the column menu; a title or actions column always shows. */
  hideable?: boolean;
  /** The column can order the list (on the server); this names it in the "Sort by" buttons. */
  sortLabel?: string;
  /** The column's grid track in a scrolled list (ConsoleVirtualTable), e.g. `minmax(0,2fr)` or `6rem`. */
  width?: string;
}

/** A title cell: the row's name on one line (a link to the row's own page with `to`), and lines under it. */
export function RowTitle({ to, title, children, detail }: { to?: string; title?: string; children: ReactNode; detail?: ReactNode }) {
  return (
    <>
      {to ? (
        <Link to={to} title={title} className="block truncate py-0.5 font-medium text-gray-900 hover:text-brand-700 hover:underline">
          {children}
        </Link>
      ) : (
        <p title={title} className="truncate font-medium text-gray-900">
          {children}
        </p>
      )}
      {detail}
    </>
  );
}

export interface ConsolePage<Row> {
  items: Row[];
  totalCount: number;
}

/**
 * A console list's search text and page. `q` is the text once typing pauses (what the server is
 * asked); a new search starts again at page 1 (so should a page's own filters: `setPage(1)`).
 */
export function useConsoleList() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  return { search, setSearch, q, page, setPage };
}

export type ConsoleList = ReturnType<typeof useConsoleList>;

interface ConsoleTableProps<Row> {
  /** Names the table for screen readers ("Hospitals"). */
  caption: string;
  /** The plural the pager counts in; the caption in lower case unless given ("submissions"). */
  noun?: string;
  columns: ReadonlyArray<ConsoleColumn<Row>>;
  /** The page the server answered for the current search, page and filters. */
  query: UseQueryResult<ConsolePage<Row>, unknown>;
  /** The list's search and page (useConsoleList). */
  list: ConsoleList;
  pageSize: number;
  /** The toolbar's search, filters and buttons (ConsoleToolbar). */
  search?: ConsoleToolbarProps['search'];
  filters?: ReactNode;
  actions?: ReactNode;
  filtersAbove?: ReactNode;
  /** A row drawn by the page instead (an inline editor), given the ids of the columns shown; null: the row as usual. */
  rowOverride?: (row: Row, shown: ReadonlySet<string>) => ReactNode;
  /** A full-width line under a row (its expanded details); null: none. */
  rowDetails?: (row: Row) => ReactNode;
  /**
   * Server-side order by the columns with a `sortLabel`: the same column again flips the direction,
   * another starts descending, and a new order starts again at page 1.
   */
  sorting?: { value: ColumnSort; onChange: (next: ColumnSort) => void };
  /**
   * Rows can be ticked (one by one or the whole page) for the bar's bulk `actions`; `rowLabel` names
   * a row's checkbox. Only rows on the current page stay selected; `busy` holds the bar while an
   * action runs.
   */
  selection?: { rowLabel: (row: Row) => string; actions: (selected: { ids: string[]; clear: () => void }) => ReactNode; busy?: boolean };
  /** What an empty page says (no rows at all, or none for the search). */
  empty: ReactNode;
  loadingLabel: string;
  errorTitle: string;
}

const features = tableFeatures({ rowPaginationFeature, columnVisibilityFeature, rowSortingFeature, rowSelectionFeature });
/** A stable empty page while the first answer is on its way (a new array would rebuild the row model). */
const noRows: never[] = [];
const SELECT_COLUMN = '__select';

function Checkbox({
  checked,
  indeterminate = false,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      aria-label={label}
      className="size-4 cursor-pointer rounded border-gray-300 accent-brand-600"
    />
  );
}

function ariaSort(direction: false | 'asc' | 'desc') {
  return direction === false ? undefined : direction === 'asc' ? 'ascending' : 'descending';
}

export interface ConsoleToolbarProps {
  /** The list whose search text the box edits (useConsoleList). */
  list: Pick<ConsoleList, 'search' | 'setSearch'>;
  /** A search box for `list.search`; `shownLabel` puts a visible label above it. */
  search?: { placeholder: string; label: string; shownLabel?: string };
  /** More of the toolbar: filters next to the search. */
  filters?: ReactNode;
  /** Buttons at the right of the toolbar (add, upload). */
  actions?: ReactNode;
  /** Filters on a line of their own above the search (a drill-down). */
  filtersAbove?: ReactNode;
  /** A refetch is on its way (the rows shown are the previous answer's). */
  updating?: boolean;
  /** Controls between the spinner and the actions (the table's sort buttons and column menu). */
  children?: ReactNode;
}

interface HideableColumn {
  id: string;
  getCanHide: () => boolean;
  getIsVisible: () => boolean;
  toggleVisibility: (visible: boolean) => void;
}

/** The toolbar's "Columns" menu: a box per column that can be hidden. Wide screens only; phones show cards. */
export function ColumnMenu({ columns, headerOf }: { columns: readonly HideableColumn[]; headerOf: (id: string) => string | undefined }) {
  const hideable = columns.filter((column) => column.getCanHide());
  return (
    <details className="relative max-md:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
        <Columns3 aria-hidden="true" className="size-4" />
        Columns
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-48 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
        <legend className="sr-only">Columns shown</legend>
        {hideable.map((column) => (
          <label key={column.id} className="flex items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 hover:bg-gray-50">
            <input
              type="checkbox"
              checked={column.getIsVisible()}
              onChange={(event) => column.toggleVisibility(event.target.checked)}
              className="size-4 accent-brand-600"
            />
            {headerOf(column.id)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/**
 * The bar above a console list: filters, the search box, and at the right an "Updating" spinner and
 * the page's buttons. Both console tables draw it.
 */
export function ConsoleToolbar({ list, search, filters, actions, filtersAbove, updating = false, children }: ConsoleToolbarProps) {
  const searchId = useId();
  // Nothing at the right (no sort, column menu or buttons): no empty column to leave a gap on phones.
  const hasControls = Children.toArray(children).length > 0;
  return (
    <div className="flex flex-col gap-4 border-b border-gray-200 p-4">
      {filtersAbove}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-end">
          {search ? (
            <div className="flex w-full flex-col gap-1.5 sm:max-w-sm">
              {search.shownLabel ? <Label htmlFor={searchId}>{search.shownLabel}</Label> : null}
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
                <Input
                  id={searchId}
                  type="search"
                  value={list.search}
                  onChange={(event) => list.setSearch(event.target.value)}
                  placeholder={search.placeholder}
                  aria-label={search.shownLabel ? undefined : search.label}
                  className="pl-9"
                />
              </div>
            </div>
          ) : null}
          {filters}
        </div>
        {updating || hasControls || actions ? (
          <div className="flex items-center gap-3 sm:min-h-10 sm:shrink-0">
            {updating ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
            {children}
            {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Every list of the administrators' console: a search and filter bar, the page of rows the server
 * answered (TanStack Table with server-side paging and sorting: it never sorts, filters or pages rows
 * itself), a menu to hide columns, row selection with a bulk-action bar, a header that stays in view,
 * loading, error and empty states, and the pager. At phone width each row becomes a card (the
 * `data-table` pieces' styles).
 */
/** Rows are keyed by their `id`. */
export function ConsoleTable<Row extends RowData & { id: string }>({
  caption,
  noun = caption.toLowerCase(),
  columns,
  query,
  list,
  pageSize,
  search,
  filters,
  actions,
  filtersAbove,
  rowOverride,
  rowDetails,
  sorting,
  selection,
  empty,
  loadingLabel,
  errorTitle,
}: ConsoleTableProps<Row>) {
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const selectable = selection !== undefined;
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return [
      ...(selectable ? [helper.display({ id: SELECT_COLUMN, enableHiding: false })] : []),
      // The server sorts, but TanStack offers sorting only on columns with an accessor: a sortable
      // column gets one that reads nothing.
      ...columns.map((column) => {
        const options = {
          id: column.id,
          header: column.header,
          cell: ({ row }: { row: { original: Row } }) => column.cell(row.original),
          enableHiding: column.hideable === true,
        };
        return column.sortLabel === undefined ? helper.display(options) : helper.accessor((): unknown => null, options);
      }),
    ];
  }, [columns, selectable]);
  const { page, setPage } = list;
  // A page past the end (its last row deleted, or fewer matches) steps back to the one before.
  const pastTheEnd = query.data !== undefined && query.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage((current) => Math.max(1, current - 1));
  }, [pastTheEnd, setPage]);
  const [columnVisibility, setColumnVisibility] = useState<Record<string, boolean>>({});
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Another page of rows (a new page, search, filter or order) drops the selection: a bulk action
  // acts only on rows in view.
  const items = query.data?.items ?? noRows;
  const [selectionRows, setSelectionRows] = useState(items);
  if (selectionRows !== items) {
    setSelectionRows(items);
    setRowSelection({});
  }
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const sortingState = sorting ? [sorting.value] : [];
  const table = useTable({
    features,
    columns: tableColumns,
    data: items,
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    sortDescFirst: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: query.data?.totalCount ?? 0,
    state: { pagination, columnVisibility, sorting: sortingState, rowSelection },
    onPaginationChange: (updater) => setPage((typeof updater === 'function' ? updater(pagination) : updater).pageIndex + 1),
    onColumnVisibilityChange: setColumnVisibility,
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sortingState) : updater;
      if (!sorting || !next) return;
      sorting.onChange(next);
      setPage(1);
    },
    onRowSelectionChange: setRowSelection,
  });
  const hideable = table.getAllLeafColumns().some((column) => column.getCanHide());
  const shownColumns = new Set(table.getVisibleLeafColumns().map((column) => column.id));
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const selectedIds = selection ? table.getSelectedRowModel().rows.map((row) => row.id) : [];
  const clearSelection = () => setRowSelection({});

  return (
    <Card className="overflow-hidden">
      <ConsoleToolbar
        list={list}
        search={search}
        filters={filters}
        actions={actions}
        filtersAbove={filtersAbove}
        updating={query.isFetching && !query.isPending}
      >
        {sortable.length > 0 ? (
          <div role="group" aria-label="Sort" className="flex items-center gap-2">
            <span className="text-xs font-medium whitespace-nowrap text-gray-600">Sort by</span>
            <div className="inline-flex rounded-lg bg-gray-100 p-0.5">
              {sortable.map((column) => {
                const direction = column.getIsSorted();
                const label = byId.get(column.id)?.sortLabel ?? '';
                const Arrow = direction === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <button
                    key={column.id}
                    type="button"
                    onClick={() => column.toggleSorting()}
                    aria-pressed={direction !== false}
                    aria-label={direction === false ? `Sort by ${label.toLowerCase()}` : `Sort by ${label.toLowerCase()}, ${ariaSort(direction)}`}
                    className={cn(
                      'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      direction !== false ? 'bg-white text-gray-900 shadow-xs ring-1 ring-gray-200' : 'text-gray-600 hover:text-gray-900',
                    )}
                  >
                    {label}
                    {direction !== false ? <Arrow aria-hidden="true" className="size-4 text-brand-600" /> : null}
                  </button>
                );
              })}
            </div>
          </div>
        ) : null}
        {hideable ? <ColumnMenu columns={table.getAllLeafColumns()} headerOf={(id) => byId.get(id)?.header} /> : null}
      </ConsoleToolbar>

      {selection && selectedIds.length > 0 ? (
        <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-2.5">
          <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite">
            {selectedIds.length} selected
          </p>
          {selection.actions({ ids: selectedIds, clear: clearSelection })}
          <Button variant="ghost" size="sm" onClick={clearSelection} disabled={selection.busy}>
            <X aria-hidden="true" className="size-4" />
            Clear selection
          </Button>
        </div>
      ) : null}

      <div className="p-4 md:p-0">
        {query.isPending ? (
          <LoadingPanel label={loadingLabel} />
        ) : query.isError ? (
          <div className="md:p-4">
            <ErrorPanel title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
          </div>
        ) : table.getRowModel().rows.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          // The scroll padding keeps a row reached with Shift+Tab below the sticky header, not under it.
          <div className="md:max-h-[70vh] md:scroll-pt-14 md:overflow-auto">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">{caption}</caption>
              {/* On phones the header is read by screen readers only, but for the "Select all" box. */}
              <thead
                className={cn(
                  'border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase md:sticky md:top-0 md:z-10',
                  selection ? 'max-md:mb-3 max-md:block max-md:border-0 max-md:bg-transparent' : 'max-md:sr-only',
                )}
              >
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id} className={cn(selection && 'max-md:flex max-md:items-center')}>
                    {group.headers.map((header) => {
                      if (header.column.id === SELECT_COLUMN) {
                        return (
                          <th
                            key={header.id}
                            scope="col"
                            className="w-10 py-3 pl-4 max-md:flex max-md:w-auto max-md:items-center max-md:gap-3 max-md:p-0 max-md:pl-4 max-md:whitespace-nowrap"
                          >
                            <Checkbox
                              checked={table.getIsAllPageRowsSelected()}
                              indeterminate={table.getIsSomePageRowsSelected()}
                              onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
                              label="Select all on this page"
                            />
                            <span aria-hidden="true" className="text-sm font-medium tracking-normal normal-case md:hidden">
                              Select all
                            </span>
                          </th>
                        );
                      }
                      const column = byId.get(header.column.id);
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={ariaSort(header.column.getIsSorted())}
                          className={cn('px-3 py-3 whitespace-nowrap', selection && 'max-md:sr-only')}
                        >
                          {column?.kind === 'actions' ? <span className="sr-only">{column.header}</span> : column?.header}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-gray-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
                {table.getRowModel().rows.map((row) => {
                  const override = rowOverride?.(row.original, shownColumns);
                  if (override) return <Fragment key={row.id}>{override}</Fragment>;
                  const details = rowDetails?.(row.original);
                  return (
                    <Fragment key={row.id}>
                      <DataRow className={cn(details ? 'bg-brand-50/40' : null, row.getIsSelected() && 'bg-brand-50/60')}>
                        {row.getVisibleCells().map((cell) => {
                          if (cell.column.id === SELECT_COLUMN) {
                            return (
                              <td key={cell.id} className="w-10 py-3 pl-4 max-md:float-left max-md:p-0 max-md:pt-0.5 max-md:pr-3">
                                <Checkbox
                                  checked={row.getIsSelected()}
                                  onChange={(checked) => row.toggleSelected(checked)}
                                  label={selection?.rowLabel(row.original) ?? ''}
                                />
                              </td>
                            );
                          }
                          const column = byId.get(cell.column.id)!;
                          const content = <table.FlexRender cell={cell} />;
                          // Beside a row's checkbox (floated left on phones) the title keeps to its own column.
                          if (column.kind === 'title')
                            return (
                              <TitleCell key={cell.id} className={cn(column.className, selection && 'max-md:flow-root')}>
                                {content}
                              </TitleCell>
                            );
                          if (column.kind === 'actions') return <ActionsCell key={cell.id}>{content}</ActionsCell>;
                          return (
                            <Cell key={cell.id} label={column.label ?? column.header} className={column.className}>
                              {content}
                            </Cell>
                          );
                        })}
                      </DataRow>
                      {details ? (
                        <tr className="bg-brand-50/40 max-md:-mt-3 max-md:block max-md:rounded-b-xl max-md:border max-md:border-t-0 max-md:border-gray-200">
                          <td colSpan={row.getVisibleCells().length} className="px-3 pt-1 pb-4 max-md:block">
                            {details}
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {query.data && query.data.totalCount > 0 ? (
        <div className="border-t border-gray-200 px-4 py-3">
          <Pagination page={page} pageSize={pageSize} totalCount={query.data.totalCount} onPageChange={(next) => table.setPageIndex(next - 1)} noun={noun} />
        </div>
      ) : null}
    </Card>
  );
}
