import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@web/components/ui/badge';
import { RowTitle, type ConsoleColumn, type ConsoleToolbarProps } from '../../components/console-table';
import { ConsoleVirtualTable } from '../../components/console-virtual-table';
import { IconButton } from '../../components/icon-button';
import { formatNumber } from '@web/lib/console-format';
import { termsPageQuery, TERMS_PAGE_SIZE, type TermFilters, type TermRow, type TermScope } from '../api/terms';
import { TERM_TYPE_BADGE } from '../lib/term-labels';
import { TermRowEditor } from './term-row';

interface TermsTableProps {
  scope: TermScope;
  filters: TermFilters;
  editable: boolean;
  onDelete: (row: TermRow) => void;
  /** The search and filters above the list. */
  toolbar?: Omit<ConsoleToolbarProps, 'updating' | 'children'>;
  /** Rows per request; the server allows up to 1,000. */
  pageSize?: number;
}

function termColumns(editable: boolean, onEdit: (row: TermRow) => void, onDelete: (row: TermRow) => void): Array<ConsoleColumn<TermRow>> {
  return [
    {
      id: 'term',
      header: 'Term',
      kind: 'title',
      width: 'minmax(0,2.2fr)',
      // Phones show no other column: the line under the term says what they would.
      cell: (row) => (
        <RowTitle
          title={row.term}
          detail={
            <p className="text-xs text-gray-600 md:hidden">
              {row.termType} · {row.specialtyName ?? 'All specialties'} · <span className="font-mono">{row.termId}</span>
            </p>
          }
        >
          {row.term}
        </RowTitle>
      ),
    },
    {
      // The catalogue's code for the term (CON-, PROC-, REAS-), in plain words.
      id: 'termId',
      header: 'Code',
      width: 'minmax(0,1.1fr)',
      className: 'truncate font-mono text-xs text-gray-600',
      cell: (row) => <span title={row.termId}>{row.termId}</span>,
    },
    { id: 'type', header: 'Type', width: '9.5rem', cell: (row) => <Badge variant={TERM_TYPE_BADGE[row.termType] ?? 'gray'}>{row.termType}</Badge> },
    {
      id: 'specialty',
      header: 'Specialty',
      width: 'minmax(0,1.5fr)',
      className: 'truncate text-gray-700',
      cell: (row) => <span title={row.specialtyName ?? undefined}>{row.specialtyName ?? <span className="text-gray-500">All specialties</span>}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      width: '6rem',
      cell: (row) => (row.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>),
    },
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      width: '5.5rem',
      cell: (row) => (
        <>
          {/* Phones show no Status column. */}
          {!row.isActive ? (
            <Badge variant="gray" className="mr-1 md:hidden">
              Inactive
            </Badge>
          ) : null}
          {editable ? (
            <>
              <IconButton icon={Pencil} label={`Edit ${row.term}`} onClick={() => onEdit(row)} />
              <IconButton icon={Trash2} tone="danger" label={`Delete ${row.term}`} onClick={() => onDelete(row)} />
            </>
          ) : null}
        </>
      ),
    },
  ];
}

/** An empty list says why: nothing matches the filters, or there is nothing yet. */
export function emptyText(scope: TermScope, filters: TermFilters): string {
  const filtered = Boolean(filters.q.trim() || filters.termType || filters.specialty || filters.activeOnly);
  if (filtered) return 'No terms match these filters. Clear the search or a filter to see more.';
  return scope.kind === 'hospital'
    ? 'This hospital has no expertise terms of its own yet. Its providers pick from the default terms until you add a term, upload a CSV file or copy the default terms.'
    : 'There are no default terms yet. Add a term to start the list.';
}

/**
 * A default or hospital list of expertise terms in one scroll box (ConsoleVirtualTable): tens of
 * thousands of rows, fetched a page at a time as they scroll into view, edited in place.
 */
export function TermsTable({ scope, filters, editable, onDelete, toolbar, pageSize = TERMS_PAGE_SIZE }: TermsTableProps) {
  const filterKey = JSON.stringify(filters);
  const [editing, setEditing] = useState<{ id: string; filterKey: string } | null>(null);
  // New filters end an edit (the row may be gone from the list).
  const editingId = editing?.filterKey === filterKey ? editing.id : null;
  const columns = termColumns(editable, (row) => setEditing({ id: row.id, filterKey }), onDelete);

  return (
    <ConsoleVirtualTable
      caption="Expertise terms"
      columns={columns}
      pageQuery={(pageIndex) => termsPageQuery(scope, filters, pageIndex, pageSize)}
      pageSize={pageSize}
      resetKey={filterKey}
      toolbar={toolbar}
      rowOverride={(row) => (row.id === editingId ? <TermRowEditor scope={scope} row={row} onDone={() => setEditing(null)} /> : null)}
      summary={(first) =>
        first.totalCountCapped
          ? `More than ${formatNumber(first.totalCount)} terms match; the first ${formatNumber(first.totalCount)} are listed, so narrow the search to see the rest.`
          : `${formatNumber(first.totalCount)} ${first.totalCount === 1 ? 'term' : 'terms'}`
      }
      empty={emptyText(scope, filters)}
      loadingLabel="Loading terms"
      errorTitle="Failed to retrieve terms"
    />
  );
}
