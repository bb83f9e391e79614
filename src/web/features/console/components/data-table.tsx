import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * Row and cell pieces of the console's tables (ConsoleTable, the taxonomy's edit row): on phones each
 * row becomes a card and each cell a labelled line (the label comes from `data-label`), because six
 * columns cannot fit.
 */
const cellClasses =
  'px-3 py-3 align-middle max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-gray-500 max-md:before:content-[attr(data-label)]';

export function DataRow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <tr className={cn('align-middle max-md:block max-md:rounded-xl max-md:border max-md:border-gray-200 max-md:px-4 max-md:py-3', className)}>{children}</tr>
  );
}

/** The row's first cell: a title block that heads the card on phones. */
export function TitleCell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('px-3 py-3 max-md:block max-md:px-0 max-md:pt-0 max-md:pb-2', className)}>{children}</td>;
}

export function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={cn(cellClasses, className)}>
      {children}
    </td>
  );
}

/** The row's action buttons: right-aligned, under a rule on phones. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2 max-md:block max-md:border-t max-md:border-gray-100 max-md:px-0 max-md:pt-2 max-md:pb-0">
      <div className="flex items-center justify-end gap-1">{children}</div>
    </td>
  );
}
