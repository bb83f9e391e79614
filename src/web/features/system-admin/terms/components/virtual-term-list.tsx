import { useQueries, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { ErrorPanel } from '../../components/query-states';
import { formatNumber } from '../../lib/format';
import { termsPageQuery, TERMS_PAGE_SIZE, type TermFilters, type TermRow, type TermScope } from '../api/terms';
import { TERM_GRID, TermRowEditor, TermRowView } from './term-row';

const EDITOR_GRID = 'grid grid-cols-2 items-center gap-2 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1.1fr)_9.5rem_minmax(0,1.5fr)_6rem_5.5rem] md:gap-x-3';

/** Rows are about this tall before they are measured (wide screens 53 px, phones two lines). */
function estimateRowHeight(): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches ? 53 : 66;
}

interface VirtualTermListProps {
  scope: TermScope;
  filters: TermFilters;
  editable: boolean;
  onDelete: (row: TermRow) => void;
  /** Rows per request; the server allows up to 1,000. */
  pageSize?: number;
  /** The scroll box's height (CSS). */
  height?: string;
}

/**
 * Tens of thousands of terms in one scroll box: only the rows in view (plus a few) are in the DOM,
 * and only the pages under them are fetched, so dragging the scrollbar to the middle loads the
 * middle page directly instead of everything above it.
 */
export function VirtualTermList({ scope, filters, editable, onDelete, pageSize = TERMS_PAGE_SIZE, height = 'min(65vh, 44rem)' }: VirtualTermListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  // The first page is always asked for, so its count is the list's length.
  const filterKey = JSON.stringify(filters);
  const firstPage = useQuery(termsPageQuery(scope, filters, 0, pageSize));
  const total = firstPage.data ? firstPage.data.totalCount : null;

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();

  // Whichever pages the visible rows fall on (TanStack Query shares page 0 with the count's query).
  const pageIndexes = [...new Set(items.map((item) => Math.floor(item.index / pageSize)))];
  const pages = useQueries({ queries: pageIndexes.map((pageIndex) => termsPageQuery(scope, filters, pageIndex, pageSize)) });
  const rowsByPage = new Map(pageIndexes.map((pageIndex, i) => [pageIndex, pages[i]?.data?.items]));
  if (!rowsByPage.get(0)) rowsByPage.set(0, firstPage.data?.items);
  const first = firstPage;

  // New filters: back to the top.
  useEffect(() => {
    setEditingId(null);
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [filterKey]);

  const rowAt = (index: number): TermRow | undefined => rowsByPage.get(Math.floor(index / pageSize))?.[index % pageSize];
  const failed = [firstPage, ...pages].find((page) => page.isError);

  if (first.isError && !first.data) {
    return <ErrorPanel title="Failed to retrieve terms" error={first.error} onRetry={() => void first.refetch()} retrying={first.isFetching} />;
  }

  return (
    <div className="flex flex-col overflow-hidden rounded-b-2xl">
      {/* The table holds only rows; the count and retry below sit outside it. */}
      <div role="table" aria-label="Expertise terms" aria-rowcount={total === null ? -1 : total + 1} aria-busy={first.isPending || undefined} className="flex flex-col">
        <div role="rowgroup" className="border-b border-gray-200 bg-gray-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:sr-only">
          <div role="row" aria-rowindex={1} className={TERM_GRID}>
            <span role="columnheader">Term</span>
            <span role="columnheader">Term ID</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">Specialty</span>
            <span role="columnheader">Status</span>
            <span role="columnheader" className="sr-only">
              Actions
            </span>
          </div>
        </div>
        <div ref={scrollRef} data-testid="terms-scroll" className="relative overflow-y-auto overscroll-contain" style={{ height }}>
          {first.isPending || total === 0 ? (
            <div role="rowgroup" className="h-full">
              <div role="row" className="h-full">
                <div role="cell" className="flex h-full items-center justify-center">
                  {first.isPending ? <Spinner label="Loading terms" className="text-brand-600" /> : <p className="px-4 py-16 text-center text-sm text-gray-600">No terms match these filters.</p>}
                </div>
              </div>
            </div>
          ) : (
            <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rowAt(item.index);
                const editing = row !== undefined && row.id === editingId;
                return (
                  <div
                    key={row?.id ?? `pending-${item.index}`}
                    role="row"
                    aria-rowindex={item.index + 2}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className={cn(
                      'absolute top-0 left-0 w-full border-b border-gray-100 px-4 py-2',
                      editing ? cn(EDITOR_GRID, 'bg-brand-50/50') : TERM_GRID,
                      !editing && 'hover:bg-gray-50',
                    )}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    {row === undefined ? (
                      <div role="cell" className="col-span-full flex h-9 items-center">
                        <span className="h-3 w-2/5 animate-pulse rounded bg-gray-100" aria-label="Loading" />
                      </div>
                    ) : editing ? (
                      <TermRowEditor scope={scope} row={row} onDone={() => setEditingId(null)} />
                    ) : (
                      <TermRowView row={row} editable={editable} onEdit={() => setEditingId(row.id)} onDelete={() => onDelete(row)} />
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-2.5 text-sm text-gray-600">
        <p aria-live="polite">
          {total === null
            ? 'Counting…'
            : firstPage.data?.totalCountCapped
              ? `More than ${formatNumber(total)} terms match; the first ${formatNumber(total)} are listed, so narrow the search to see the rest.`
              : `${formatNumber(total)} ${total === 1 ? 'term' : 'terms'}`}
        </p>
        {failed ? (
          <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => void failed.refetch()}>
            Some rows could not be loaded. Retry
          </button>
        ) : pages.some((page) => page.isFetching) ? (
          <Spinner size="sm" label="Loading rows" className="text-brand-600" />
        ) : null}
      </div>
    </div>
  );
}
