import { columnVisibilityFeature, createColumnHelper, rowPaginationFeature, tableFeatures, useTable, type PaginationState, type RowData } from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { Columns3, Search } from 'lucide-react';
import { Fragment, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
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
  /** The plural the pager counts in ("hospitals"). */
  noun: string;
  columns: ReadonlyArray<ConsoleColumn<Row>>;
  getRowId: (row: Row) => string;
  /** The page the server answered for the current search, page and filters. */
  query: UseQueryResult<ConsolePage<Row>, unknown>;
  /** The list's search and page (useConsoleList). */
  list: ConsoleList;
  pageSize: number;
  /** A search box for `list.search`; `shownLabel` puts a visible label above it. */
  search?: { placeholder: string; label: string; shownLabel?: string };
  /** More of the toolbar: filters next to the search. */
  filters?: ReactNode;
  /** Buttons at the right of the toolbar (add, upload). */
  actions?: ReactNode;
  /** Filters on a line of their own above the search (a drill-down). */
  filtersAbove?: ReactNode;
  /** A row drawn by the page instead (an inline editor); null: the row as usual. */
  rowOverride?: (row: Row) => ReactNode;
  /** A full-width line under a row (its expanded details); null: none. */
  rowDetails?: (row: Row) => ReactNode;
  /** What an empty page says (no rows at all, or none for the search). */
  empty: ReactNode;
  loadingLabel: string;
  errorTitle: string;
}

const features = tableFeatures({ rowPaginationFeature, columnVisibilityFeature });
/** A stable empty page while the first answer is on its way (a new array would rebuild the row model). */
const noRows: never[] = [];

/**
 * Every list of the administrators' console: a search and filter bar, the page of rows the server
 * answered (TanStack Table with server-side paging: it never sorts, filters or pages rows itself),
 * a menu to hide columns, a header that stays in view, loading, error and empty states, and the
 * pager. At phone width each row becomes a card (the `data-table` pieces' styles).
 */
export function ConsoleTable<Row extends RowData>({ caption, noun, columns, getRowId, query, list, pageSize, search, filters, actions, filtersAbove, rowOverride, rowDetails, empty, loadingLabel, errorTitle }: ConsoleTableProps<Row>) {
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return columns.map((column) => helper.display({ id: column.id, header: column.header, cell: ({ row }) => column.cell(row.original), enableHiding: column.hideable === true }));
  }, [columns]);
  const { page, setPage } = list;
  const searchId = useId();
  // A page past the end (its last row deleted, or fewer matches) steps back to the one before.
  const pastTheEnd = query.data !== undefined && query.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage((current) => Math.max(1, current - 1));
  }, [pastTheEnd, setPage]);
  const [columnVisibility, setColumnVisibility] = useState<Record<string, boolean>>({});
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useTable({
    features,
    columns: tableColumns,
    data: query.data?.items ?? noRows,
    getRowId: (row) => getRowId(row),
    manualPagination: true,
    rowCount: query.data?.totalCount ?? 0,
    state: { pagination, columnVisibility },
    onPaginationChange: (updater) => setPage((typeof updater === 'function' ? updater(pagination) : updater).pageIndex + 1),
    onColumnVisibilityChange: setColumnVisibility,
  });
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());

  return (
    <Card className="overflow-hidden">
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
          <div className="flex items-center gap-3 sm:min-h-10">
            {query.isFetching && !query.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
            {hideable.length > 0 ? (
              <details className="relative max-md:hidden">
                <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
                  <Columns3 aria-hidden="true" className="size-4" />
                  Columns
                </summary>
                <fieldset className="absolute right-0 z-20 mt-1 w-48 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
                  <legend className="sr-only">Columns shown</legend>
                  {hideable.map((column) => (
                    <label key={column.id} className="flex items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 hover:bg-gray-50">
                      <input type="checkbox" checked={column.getIsVisible()} onChange={(event) => column.toggleVisibility(event.target.checked)} className="size-4 accent-brand-600" />
                      {byId.get(column.id)?.header}
                    </label>
                  ))}
                </fieldset>
              </details>
            ) : null}
            {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
          </div>
        </div>
      </div>

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
          <div className="md:max-h-[70vh] md:overflow-auto">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">{caption}</caption>
              <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:sr-only md:sticky md:top-0 md:z-10">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className="px-3 py-3 whitespace-nowrap">
                        {byId.get(header.column.id)?.kind === 'actions' ? <span className="sr-only">{byId.get(header.column.id)?.header}</span> : byId.get(header.column.id)?.header}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-gray-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
                {table.getRowModel().rows.map((row) => {
                  const override = rowOverride?.(row.original);
                  if (override) return <Fragment key={row.id}>{override}</Fragment>;
                  const details = rowDetails?.(row.original);
                  return (
                  <Fragment key={row.id}>
                  <DataRow className={details ? 'bg-brand-50/40' : undefined}>
                    {row.getVisibleCells().map((cell) => {
                      const column = byId.get(cell.column.id)!;
                      const content = <table.FlexRender cell={cell} />;
                      if (column.kind === 'title') return <TitleCell key={cell.id} className={column.className}>{content}</TitleCell>;
                      if (column.kind === 'actions') return <ActionsCell key={cell.id}>{content}</ActionsCell>;
                      return (
                        <Cell key={cell.id} label={column.label ?? column.header} className={cn(column.className)}>
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
