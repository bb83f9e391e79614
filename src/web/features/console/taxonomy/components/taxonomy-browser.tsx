import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { selectClasses } from '@web/components/form/form-field';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConsoleTable, useConsoleList, type ConsoleColumn } from '../../components/console-table';
import { IconButton } from '../../components/icon-button';
import { useDeleteTaxonomyRow, useTaxonomyRows, useTaxonomyUnits, type TaxonomyRow, type TaxonomyScope } from '../api/taxonomy';
import { TaxonomyEditRow } from './taxonomy-edit-row';
import { TaxonomyRowDialog } from './taxonomy-row-dialog';

export const TAXONOMY_PAGE_SIZE = 50;

const UNIT_LEVELS = ['department', 'division', 'section'] as const;
type Unit = Record<(typeof UNIT_LEVELS)[number], string>;
const NO_UNIT: Unit = { department: '', division: '', section: '' };

function UnitSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  loading,
  placeholder,
}: {
  label: string;
  value: string;
  options: string[] | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  loading?: boolean;
  placeholder: string;
}) {
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
          {index > 0 ? (
            <span aria-hidden="true" className="mr-1 text-gray-400">
              ›
            </span>
          ) : null}
          {level}
        </span>
      ))}
    </span>
  );
}

/** Department → division → section drill-down, search, and the rows with inline edit. */
export function TaxonomyBrowser({ scope, editable }: { scope: TaxonomyScope; editable: boolean }) {
  const [unit, setUnit] = useState<Unit>(NO_UNIT);
  const { department, division, section } = unit;
  const [activeOnly, setActiveOnly] = useState(false);
  const list = useConsoleList();
  const { q, page, setPage } = list;
  const activeId = useId();

  const departments = useTaxonomyUnits(scope, 'departments', {});
  const divisions = useTaxonomyUnits(scope, 'divisions', { department }, Boolean(department));
  const sections = useTaxonomyUnits(scope, 'sections', { department, division }, Boolean(department && division));
  const rows = useTaxonomyRows(scope, { department, division, section, q, activeOnly, page, pageSize: TAXONOMY_PAGE_SIZE });
  const remove = useDeleteTaxonomyRow(scope);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TaxonomyRow | null>(null);

  // The drill-down: a level lists the units under the one above it, and choosing one clears those below.
  const levels = [
    { key: 'department', label: 'Department', units: departments, loading: departments.isPending, placeholder: 'All departments', locked: null },
    {
      key: 'division',
      label: 'Division',
      units: divisions,
      loading: divisions.isFetching,
      placeholder: 'All divisions',
      locked: department ? null : 'Choose a department first',
    },
    {
      key: 'section',
      label: 'Section',
      units: sections,
      loading: sections.isFetching,
      placeholder: 'All sections',
      locked: division ? null : 'Choose a division first',
    },
  ] as const;
  const choose = (index: number, value: string) => {
    setUnit((current) => ({ ...current, ...Object.fromEntries(UNIT_LEVELS.slice(index).map((key, i) => [key, i === 0 ? value : ''])) }));
    setPage(1);
  };
  const filtered = Boolean(department || q || activeOnly);
  const keywordsOf = (row: TaxonomyRow) => [...(row.commonAbbreviations ?? []), ...(row.searchKeywords ?? [])].join(', ');
  const columns: Array<ConsoleColumn<TaxonomyRow>> = [
    {
      id: 'specialty',
      header: 'Specialty',
      kind: 'title',
      className: 'max-w-[20rem]',
      cell: (row) => (
        <>
          <p className="font-medium text-gray-900">{row.specialty}</p>
          {keywordsOf(row) ? (
            <p className="truncate text-xs text-gray-500" title={keywordsOf(row)}>
              {keywordsOf(row)}
            </p>
          ) : null}
        </>
      ),
    },
    { id: 'code', header: 'Code', hideable: true, className: 'font-mono text-xs whitespace-nowrap text-gray-700', cell: (row) => row.specialtyCode ?? '—' },
    {
      id: 'unit',
      header: 'Department › Division › Section',
      label: 'Unit',
      hideable: true,
      className: 'text-gray-700 max-md:text-right',
      cell: (row) => <UnitPath row={row} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="inline-flex flex-wrap gap-1.5">
          {row.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
          {row.isCustom ? <Badge variant="coral">Custom</Badge> : null}
        </span>
      ),
    },
    ...(editable
      ? [
          {
            id: 'actions',
            header: 'Actions',
            kind: 'actions' as const,
            cell: (row: TaxonomyRow) => (
              <>
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
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ConsoleTable
        caption="Specialties"
        columns={columns}
        query={rows}
        list={list}
        pageSize={TAXONOMY_PAGE_SIZE}
        filtersAbove={
          <div className="grid gap-3 md:grid-cols-3">
            {levels.map((level, index) => (
              <UnitSelect
                key={level.key}
                label={level.label}
                value={unit[level.key]}
                options={level.units.data}
                loading={level.loading}
                disabled={level.locked !== null}
                placeholder={level.locked ?? level.placeholder}
                onChange={(value) => choose(index, value)}
              />
            ))}
          </div>
        }
        search={{ placeholder: scope.kind === 'default' ? 'Search specialties, codes, keywords' : 'Search specialties or codes', label: 'Search the taxonomy' }}
        filters={
          <label htmlFor={activeId} className="flex items-center gap-2 text-sm text-gray-800 sm:h-10">
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
        }
        actions={
          editable ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add specialty
            </Button>
          ) : null
        }
        rowOverride={(row, shown) =>
          editingId === row.id ? <TaxonomyEditRow scope={scope} row={row} onDone={() => setEditingId(null)} shown={shown} /> : null
        }
        empty={
          filtered
            ? 'No specialty matches these filters.'
            : scope.kind === 'hospital'
              ? 'This hospital has no taxonomy of its own; its providers see the default taxonomy.'
              : 'The taxonomy is empty.'
        }
        loadingLabel="Loading the taxonomy"
        errorTitle="Failed to retrieve taxonomy"
      />

      {editable ? <TaxonomyRowDialog scope={scope} open={adding} onOpenChange={setAdding} preset={unit} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.specialty}?` : ''}
        description={
          <p>
            {scope.kind === 'default'
              ? 'It is removed from the default taxonomy for every hospital that uses it.'
              : 'It is removed from this hospital’s taxonomy.'}{' '}
            This cannot be undone; to hide it instead, make it inactive.
          </p>
        }
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
    </>
  );
}
