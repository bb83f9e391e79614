import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { formatNumber } from '@web/lib/console-format';

interface PaginationProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** "administrators", "entries". */
  noun: string;
}

export function Pagination({ page, pageSize, totalCount, onPageChange, noun }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const first = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(totalCount, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
      <p aria-live="polite">{totalCount === 0 ? `No ${noun}` : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(totalCount)} ${noun}`}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span className="px-1 tabular-nums">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
