import { ChevronRight, Table2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import type { SchemaTable } from '../api/get-schema';

interface SchemaTableCardProps {
  table: SchemaTable;
  expanded: boolean;
  onToggle: () => void;
}

export function SchemaTableCard({ table, expanded, onToggle }: SchemaTableCardProps) {
  const regionId = useId();
  return (
    <section className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs">
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={onToggle}
          className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-gray-50 sm:px-5"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn('size-4 shrink-0 text-gray-500 transition-transform motion-reduce:transition-none', expanded && 'rotate-90')}
          />
          <Table2 aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          <span className="min-w-0 flex-1 font-mono text-sm font-semibold break-all text-gray-900">{table.name}</span>
          <Badge variant="gray">{table.columns.length === 1 ? '1 column' : `${table.columns.length} columns`}</Badge>
        </button>
      </h2>
      {expanded ? (
        <div id={regionId} className="overflow-x-auto border-t border-gray-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Columns of {table.name}</caption>
            <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5">
                  Column
                </th>
                <th scope="col" className="px-5 py-2.5">
                  Type
                </th>
                <th scope="col" className="px-5 py-2.5">
                  Nullable
                </th>
                <th scope="col" className="px-5 py-2.5">
                  Default
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {table.columns.map((column) => (
                <tr key={column.name}>
                  <th scope="row" className="px-5 py-2.5 font-mono font-medium text-gray-900">
                    {column.name}
                  </th>
                  <td className="px-5 py-2.5 font-mono text-brand-800">{column.dataType}</td>
                  <td className="px-5 py-2.5 text-gray-700">{column.nullable ? 'Yes' : 'No'}</td>
                  <td className="px-5 py-2.5 font-mono text-xs break-all text-gray-600">{column.default ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
