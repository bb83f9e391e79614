import { columnVisibilityFeature, createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { useQueries, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { ColumnMenu, ConsoleToolbar, type ConsoleColumn, type ConsolePage, type ConsoleToolbarProps } from './console-table';
import { EmptyState, ErrorPanel } from './query-states';

/** Rows are about this tall before they are measured (wide screens one line, phones two). */
function estimateRowHeight(): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches ? 53 : 66;
}

const features = tableFeatures({ columnVisibilityFeature });

interface ConsoleVirtualTableProps<Row, Page extends ConsolePage<Row>, Failure, Key extends QueryKey> {
  /** Names the table for screen readers ("Expertise terms"). */
  caption: string;
  columns: ReadonlyArray<ConsoleColumn<Row>>;
  /** The query for one page of rows (0-based); the first page's total is the list's length. */
  pageQuery: (pageIndex: number) => UseQueryOptions<Page, Failure, Page, Key>;
  pageSize: number;
  /** Changes when the search or filters do: the list goes back to the top. */
  resetKey: string;
  /** The toolbar above the list (ConsoleToolbar); absent: none. */
  toolbar?: Omit<ConsoleToolbarProps, 'updating' | 'children'>;
  /** A row drawn by the page instead (an inline editor), given the ids of the columns shown; null: the row as usual. */
  rowOverride?: (row: Row, shown: ReadonlySet<string>) => ReactNode;
  /** The line under the list: how many rows (the first page's answer). */
  summary: (firstPage: Page) => ReactNode;
  empty: ReactNode;
  loadingLabel: string;
  errorTitle: string;
  /** The scroll box's height (CSS). */
  height?: string;
}

/**
 * A console list too long to page through (a hospital's tens of thousands of expertise terms), in
 * one scroll box. The columns are the same descriptions as ConsoleTable's (header, kinds, hiding, and
 * each column's grid `width`) and TanStack Table draws them; TanStack Virtual places the rows. Only
 * the rows in view (and a few more) are in the DOM, and only the pages under them are fetched, so
 * dragging the scrollbar to the middle loads the middle page directly. On phones a row is its title
 * and its actions; the title cell carries the row's details.
 */
export function ConsoleVirtualTable<Row extends RowData & { id: string }, Page extends ConsolePage<Row>, Failure, Key extends QueryKey>({
  caption,
  columns,
  pageQuery,
  pageSize,
  resetKey,
  toolbar,
  rowOverride,
  summary,
  empty,
  loadingLabel,
  errorTitle,
  height = 'min(65vh, 44rem)',
}: ConsoleVirtualTableProps<Row, Page, Failure, Key>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const firstPage = useQuery(pageQuery(0));
  const total = firstPage.data ? firstPage.data.totalCount : null;

  const virtualizer = useVirtualizer({ count: total ?? 0, getScrollElement: () => scrollRef.current, estimateSize: estimateRowHeight, overscan: 8 });
  const inView = virtualizer.getVirtualItems();

  // Whichever pages the rows in view fall on (the first page's query is shared with the count's).
  const pageIndexes = [...new Set(inView.map((item) => Math.floor(item.index / pageSize)))];
  const pages = useQueries({ queries: pageIndexes.map(pageQuery) });
  const rowsByPage = new Map(pageIndexes.map((pageIndex, i) => [pageIndex, pages[i]?.data?.items]));
  if (!rowsByPage.get(0)) rowsByPage.set(0, firstPage.data?.items);
  const rowAt = (index: number): Row | undefined => rowsByPage.get(Math.floor(index / pageSize))?.[index % pageSize];

  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [resetKey]);

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return columns.map((column) =>
      helper.display({ id: column.id, header: column.header, cell: ({ row }) => column.cell(row.original), enableHiding: column.hideable === true }),
    );
  }, [columns]);
  const [columnVisibility, setColumnVisibility] = useState<Record<string, boolean>>({});
  // The table holds the rows in view only; the virtualizer says where each one goes.
  const loaded = inView.map((item) => rowAt(item.index)).filter((row): row is Row => row !== undefined);
  const table = useTable({
    features,
    columns: tableColumns,
    data: loaded,
    getRowId: (row) => row.id,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
  });
  const visible = table.getVisibleLeafColumns();
  const shown = new Set(visible.map((column) => column.id));
  const tableRows = new Map(table.getRowModel().rows.map((row) => [row.id, row]));
  // The wide-screen grid: the shown columns' tracks.
  const grid = { '--console-columns': visible.map((column) => byId.get(column.id)?.width ?? 'minmax(0,1fr)').join(' ') } as CSSProperties;
  const failed = [firstPage, ...pages].find((page) => page.isError);

  const body =
    firstPage.isError && !firstPage.data ? (
      <div className="p-4">
        <ErrorPanel title={errorTitle} error={firstPage.error} onRetry={() => void firstPage.refetch()} retrying={firstPage.isFetching} />
      </div>
    ) : (
      <>
        {/* The table holds only rows; the count and retry below sit outside it. */}
        <div
          role="table"
          aria-label={caption}
          aria-rowcount={total === null ? -1 : total + 1}
          aria-busy={firstPage.isPending || undefined}
          className="flex flex-col text-sm"
          style={grid}
        >
          <div
            role="rowgroup"
            className="border-b border-gray-200 bg-gray-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:sr-only"
          >
            {table.getHeaderGroups().map((group) => (
              <div key={group.id} role="row" aria-rowindex={1} className="grid items-center gap-x-3 md:grid-cols-(--console-columns)">
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  return (
                    <span key={header.id} role="columnheader" className={cn(column?.kind === 'actions' && 'sr-only')}>
                      {column?.header}
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
          <div ref={scrollRef} data-testid="console-scroll" className="relative overflow-y-auto overscroll-contain" style={{ height }}>
            {firstPage.isPending || total === 0 ? (
              <div role="rowgroup" className="h-full">
                <div role="row" className="h-full">
                  <div role="cell" className="flex h-full items-center justify-center">
                    {firstPage.isPending ? <Spinner label={loadingLabel} className="text-brand-600" /> : <EmptyState>{empty}</EmptyState>}
                  </div>
                </div>
              </div>
            ) : (
              <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
                {inView.map((item) => {
                  const row = rowAt(item.index);
                  const override = row ? rowOverride?.(row, shown) : null;
                  const tableRow = row ? tableRows.get(row.id) : undefined;
                  return (
                    <div
                      key={row?.id ?? `pending-${item.index}`}
                      role="row"
                      aria-rowindex={item.index + 2}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className={cn(
                        'absolute top-0 left-0 grid w-full items-center border-b border-gray-100 px-4 py-2 md:grid-cols-(--console-columns) md:gap-x-3',
                        // An editor lays its fields two to a line on phones.
                        override ? 'grid-cols-2 gap-2 bg-brand-50/50' : 'grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 hover:bg-gray-50',
                      )}
                      style={{ transform: `translateY(${item.start}px)` }}
                    >
                      {override ??
                        (tableRow ? (
                          tableRow.getVisibleCells().map((cell) => {
                            const column = byId.get(cell.column.id)!;
                            return (
                              <div
                                key={cell.id}
                                role="cell"
                                className={cn(
                                  'min-w-0',
                                  column.kind === 'actions' ? 'flex items-center justify-end gap-0.5' : column.kind === 'title' ? null : 'hidden md:block',
                                  column.className,
                                )}
                              >
                                <table.FlexRender cell={cell} />
                              </div>
                            );
                          })
                        ) : (
                          <div role="cell" className="col-span-full flex h-9 items-center">
                            <span className="h-3 w-2/5 animate-pulse rounded bg-gray-100" aria-label="Loading" />
                          </div>
                        ))}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-2.5 text-sm text-gray-600">
          <p aria-live="polite">{firstPage.data ? summary(firstPage.data) : 'Counting…'}</p>
          {failed ? (
            <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => void failed.refetch()}>
              Some rows could not be loaded. Retry
            </button>
          ) : pages.some((page) => page.isFetching) ? (
            <Spinner size="sm" label="Loading rows" className="text-brand-600" />
          ) : null}
        </div>
      </>
    );

  return (
    <Card className="overflow-hidden">
      {toolbar ? (
        <ConsoleToolbar {...toolbar} updating={firstPage.isFetching && !firstPage.isPending}>
          {table.getAllLeafColumns().some((column) => column.getCanHide()) ? (
            <ColumnMenu columns={table.getAllLeafColumns()} headerOf={(id) => byId.get(id)?.header} />
          ) : null}
        </ConsoleToolbar>
      ) : null}
      {body}
    </Card>
  );
}
