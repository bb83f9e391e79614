import { Database, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { friendlyMessage, errorMessageOf } from '@web/lib/error-monitor';
import { useSchema, type SchemaTable } from '../api/get-schema';
import { SchemaTableCard } from '../components/schema-table-card';

function filterTables(tables: SchemaTable[], query: string): SchemaTable[] {
  if (!query) return tables;
  const needle = query.toLowerCase();
  return tables.flatMap((table) => {
    if (table.name.toLowerCase().includes(needle)) return [table];
    const columns = table.columns.filter((column) => column.name.toLowerCase().includes(needle) || column.dataType.toLowerCase().includes(needle));
    return columns.length > 0 ? [{ ...table, columns }] : [];
  });
}

function SchemaError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const forbidden = isApiError(error, 403) || isApiError(error, 401);
  return (
    <Card role="alert">
      <CardContent>
        <h2 className="font-semibold text-gray-900">{forbidden ? 'System administrators only' : 'The schema could not be loaded'}</h2>
        <p className="mt-1 text-sm text-gray-600">
          {forbidden
            ? 'The database schema is available to system administrators. Sign in with a system administrator account to view it.'
            : friendlyMessage(errorMessageOf(error))}
        </p>
        {forbidden ? null : (
          <Button className="mt-4" variant="outline" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function DatabaseSchemaPage() {
  const schema = useSchema();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();

  const tables = useMemo(() => [...(schema.data?.tables ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [schema.data]);
  const visible = useMemo(() => filterTables(tables, deferredQuery), [tables, deferredQuery]);
  const columnCount = tables.reduce((total, table) => total + table.columns.length, 0);
  // While searching every match is shown open; otherwise the reader decides.
  const isOpen = (name: string) => Boolean(deferredQuery) || expanded.has(name);
  const toggle = (name: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <div className="space-y-8">
      <PageHeader
        icon={Database}
        title="Database Schema"
        description={<p>The tables and columns of the Vitae database as they are deployed in this environment, with types, nullability and defaults.</p>}
      />

      {schema.isPending ? <PageSpinner label="Loading the schema" /> : null}
      {schema.isError ? <SchemaError error={schema.error} onRetry={() => void schema.refetch()} retrying={schema.isFetching} /> : null}

      {schema.isSuccess ? (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="relative w-full sm:max-w-sm">
              <label htmlFor={searchId} className="sr-only">
                Search tables and columns
              </label>
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
              <Input
                id={searchId}
                type="search"
                placeholder="Search tables and columns"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                className="pl-9"
              />
            </div>
            <div className="flex items-center gap-2">
              <p className="mr-2 text-sm text-gray-600" role="status">
                {deferredQuery ? `${visible.length} of ${tables.length} tables` : `${tables.length} tables · ${columnCount} columns`}
              </p>
              <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(tables.map((table) => table.name)))}>
                Expand all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setExpanded(new Set())}>
                Collapse all
              </Button>
            </div>
          </div>

          {visible.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center text-sm text-gray-600">
              {tables.length === 0 ? 'The database has no tables yet.' : `No table or column matches “${deferredQuery}”.`}
            </p>
          ) : (
            <div className="space-y-3">
              {visible.map((table) => (
                <SchemaTableCard key={table.name} table={table} expanded={isOpen(table.name)} onToggle={() => toggle(table.name)} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}

export { DatabaseSchemaPage as Component };
