import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClasses } from '@web/features/admin-auth/components/form-field';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionsCell, Cell, DataRow, DataTable, TitleCell } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorPanel, LoadingPanel } from '../../components/query-states';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDeleteTaxonomyRow, useTaxonomyRows, useTaxonomyUnits, type TaxonomyRow, type TaxonomyScope } from '../api/taxonomy';
import { TaxonomyEditRow } from './taxonomy-edit-row';
import { TaxonomyRowDialog } from './taxonomy-row-dialog';

export const TAXONOMY_PAGE_SIZE = 50;

function UnitSelect({ label, value, options, onChange, disabled, loading, placeholder }: { label: string; value: string; options: string[] | undefined; onChange: (value: string) => void; disabled?: boolean; loading?: boolean; placeholder: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClasses} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{loading ? 'Loading…' : placeholder}</option>
        {(options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Medicine › Cardiology › Interventional", the levels that are set. */
function UnitPath({ row }: { row: Pick<TaxonomyRow, 'department' | 'division' | 'section'> }) {
  const levels = [row.department, row.division, row.section].filter((level): level is string => Boolean(level));
  if (levels.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1">
      {levels.map((level, index) => (
        <span key={`${index}-${level}`} className={index === levels.length - 1 ? 'text-gray-900' : 'text-gray-600'}>
          {index > 0 ? <span aria-hidden="true" className="mr-1 text-gray-400">›</span> : null}
          {level}
        </span>
      ))}
    </span>
  );
}

/** Department → division → section drill-down, search, and the rows with inline edit. */
export function TaxonomyBrowser({ scope, editable }: { scope: TaxonomyScope; editable: boolean }) {
  const [department, setDepartment] = useState('');
  const [division, setDivision] = useState('');
  const [section, setSection] = useState('');
  const [search, setSearch] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const activeId = useId();

  const departments = useTaxonomyUnits(scope, 'departments', {});
  const divisions = useTaxonomyUnits(scope, 'divisions', { department }, Boolean(department));
  const sections = useTaxonomyUnits(scope, 'sections', { department, division }, Boolean(department && division));
  const rows = useTaxonomyRows(scope, { department, division, section, q, activeOnly, page, pageSize: TAXONOMY_PAGE_SIZE });
  const remove = useDeleteTaxonomyRow(scope);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TaxonomyRow | null>(null);

  const emptyPage = rows.data !== undefined && rows.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

  const filtered = Boolean(department || q || activeOnly);
  const columns = ['Specialty', 'Code', 'Department › Division › Section', 'Status', ...(editable ? [{ label: 'Actions', srOnly: true }] : [])];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-gray-200 p-4">
        <div className="grid gap-3 md:grid-cols-3">
          <UnitSelect
            label="Department"
            value={department}
            options={departments.data}
            loading={departments.isPending}
            placeholder="All departments"
            onChange={(value) => {
              setDepartment(value);
              setDivision('');
              setSection('');
              setPage(1);
            }}
          />
          <UnitSelect
            label="Division"
            value={division}
            options={divisions.data}
            loading={divisions.isFetching}
            disabled={!department}
            placeholder={department ? 'All divisions' : 'Choose a department first'}
            onChange={(value) => {
              setDivision(value);
              setSection('');
              setPage(1);
            }}
          />
          <UnitSelect
            label="Section"
            value={section}
            options={sections.data}
            loading={sections.isFetching}
            disabled={!division}
            placeholder={division ? 'All sections' : 'Choose a division first'}
            onChange={(value) => {
              setSection(value);
              setPage(1);
            }}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative w-full sm:w-80">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
              <Input
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
                placeholder={scope.kind === 'default' ? 'Search specialties, codes, keywords' : 'Search specialties or codes'}
                aria-label="Search the taxonomy"
                className="pl-9"
              />
            </div>
            <label htmlFor={activeId} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                id={activeId}
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={activeOnly}
                onChange={(event) => {
                  setActiveOnly(event.target.checked);
                  setPage(1);
                }}
              />
              Active only
            </label>
            {rows.isFetching && !rows.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
          </div>
          {editable ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add specialty
            </Button>
          ) : null}
        </div>
      </div>

      <div className="p-4 md:p-0">
        {rows.isPending ? (
          <LoadingPanel label="Loading the taxonomy" />
        ) : rows.isError ? (
          <div className="md:p-4">
            <ErrorPanel title="Failed to retrieve taxonomy" error={rows.error} onRetry={() => void rows.refetch()} />
          </div>
        ) : rows.data.items.length === 0 ? (
          <EmptyState>{filtered ? 'No specialty matches these filters.' : scope.kind === 'hospital' ? 'This hospital has no taxonomy of its own; its providers see the default taxonomy.' : 'The taxonomy is empty.'}</EmptyState>
        ) : (
          <div className="md:overflow-x-auto">
            <DataTable caption="Specialties" columns={columns}>
              {rows.data.items.map((row) =>
                editingId === row.id ? (
                  <TaxonomyEditRow key={row.id} scope={scope} row={row} onDone={() => setEditingId(null)} />
                ) : (
                  <DataRow key={row.id}>
                    <TitleCell className="max-w-[20rem]">
                      <p className="font-medium text-gray-900">{row.specialty}</p>
                      {row.searchKeywords?.length || row.commonAbbreviations?.length ? (
                        <p className="truncate text-xs text-gray-500" title={[...(row.commonAbbreviations ?? []), ...(row.searchKeywords ?? [])].join(', ')}>
                          {[...(row.commonAbbreviations ?? []), ...(row.searchKeywords ?? [])].join(', ')}
                        </p>
                      ) : null}
                    </TitleCell>
                    <Cell label="Code" className="font-mono text-xs whitespace-nowrap text-gray-700">
                      {row.specialtyCode ?? '—'}
                    </Cell>
                    <Cell label="Unit" className="text-gray-700 max-md:text-right">
                      <UnitPath row={row} />
                    </Cell>
                    <Cell label="Status">
                      <span className="inline-flex flex-wrap gap-1.5">
                        {row.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
                        {row.isCustom ? <Badge variant="coral">Custom</Badge> : null}
                      </span>
                    </Cell>
                    {editable ? (
                      <ActionsCell>
                        <IconButton icon={Pencil} label={`Edit ${row.specialty}`} onClick={() => setEditingId(row.id)} />
                        <IconButton
                          icon={Trash2}
                          tone="danger"
                          label={`Delete ${row.specialty}`}
                          onClick={() => {
                            remove.reset();
                            setDeleting(row);
                          }}
                        />
                      </ActionsCell>
                    ) : null}
                  </DataRow>
                ),
              )}
            </DataTable>
          </div>
        )}
      </div>

      {rows.data && rows.data.totalCount > 0 ? (
        <div className="border-t border-gray-200 px-4 py-3">
          <Pagination page={page} pageSize={TAXONOMY_PAGE_SIZE} totalCount={rows.data.totalCount} onPageChange={setPage} noun="specialties" />
        </div>
      ) : null}

      {editable ? <TaxonomyRowDialog scope={scope} open={adding} onOpenChange={setAdding} preset={{ department, division, section }} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.specialty}?` : ''}
        description={<p>{scope.kind === 'default' ? 'It is removed from the default taxonomy for every hospital that uses it.' : 'It is removed from this hospital’s taxonomy.'} This cannot be undone; to hide it instead, make it inactive.</p>}
        confirmLabel="Delete specialty"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, 'Failed to delete taxonomy') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.specialty} was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </Card>
  );
}
