import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Input } from '@web/components/ui/input';
import { serverMessage } from '@web/lib/admin-error-message';
import { ActionsCell, Cell, DataRow, TitleCell } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { useSaveTaxonomyRow, type TaxonomyRow, type TaxonomyScope } from '../api/taxonomy';
import { rowBody, rowFormValues, taxonomyRowFormSchema, type TaxonomyRowFormInput, type TaxonomyRowFormOutput } from '../lib/taxonomy-form';

const editCell = 'max-md:flex-col max-md:items-stretch max-md:gap-1';

/** A table row turned into inputs: Enter saves, Escape cancels. */
/**
 * The row as inline inputs, in the table's own cells. `shown` is the columns the table shows: the
 * fields of a hidden code or unit column move under the specialty, so they stay editable and the
 * row keeps the header's cells.
 */
export function TaxonomyEditRow({ scope, row, onDone, shown }: { scope: TaxonomyScope; row: TaxonomyRow; onDone: () => void; shown: ReadonlySet<string> }) {
  const save = useSaveTaxonomyRow(scope);
  const withLists = scope.kind === 'default';
  const form = useForm<TaxonomyRowFormInput, unknown, TaxonomyRowFormOutput>({
    resolver: zodResolver(taxonomyRowFormSchema),
    defaultValues: rowFormValues(row),
  });
  const { register, formState } = form;
  const { errors } = formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: row.id, body: rowBody(values, withLists) },
      {
        onSuccess: (saved) => {
          toast.success(`Saved ${saved.specialty}.`);
          onDone();
        },
      },
    ),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  const input = (
    name: 'specialty' | 'specialtyCode' | 'department' | 'division' | 'section' | 'searchKeywords' | 'commonAbbreviations',
    label: string,
    className?: string,
  ) => (
    <>
      <Input
        aria-label={`${label} of ${row.specialty}`}
        placeholder={label}
        className={className}
        aria-invalid={Boolean(errors[name]) || undefined}
        onKeyDown={onKeyDown}
        {...register(name)}
      />
      {errors[name]?.message ? <p className="mt-1 text-xs text-red-700">{errors[name]?.message}</p> : null}
    </>
  );

  const codeField = <div className="min-w-[7rem]">{input('specialtyCode', 'Code', 'font-mono')}</div>;
  const unitFields = (
    <div className="flex min-w-[12rem] flex-col gap-1.5">
      {input('department', 'Department', 'h-8!')}
      {input('division', 'Division', 'h-8!')}
      {input('section', 'Section', 'h-8!')}
    </div>
  );

  return (
    <DataRow className="bg-brand-50/40">
      <TitleCell className="min-w-[14rem]">
        {/* The first field takes the focus, as a dialog would. */}
        <div className="flex flex-col gap-1.5">
          <Input
            aria-label={`Specialty of ${row.specialty}`}
            placeholder="Specialty"
            autoFocus
            aria-invalid={Boolean(errors.specialty) || undefined}
            onKeyDown={onKeyDown}
            {...register('specialty')}
          />
          {errors.specialty?.message ? <p className="text-xs text-red-700">{errors.specialty.message}</p> : null}
          {withLists ? (
            <>
              {input('searchKeywords', 'Keywords (a; b)', 'h-8! text-xs!')}
              {input('commonAbbreviations', 'Abbreviations (a; b)', 'h-8! text-xs!')}
            </>
          ) : null}
          {shown.has('code') ? null : codeField}
          {shown.has('unit') ? null : unitFields}
          {save.isError ? <p className="text-xs text-red-700">{serverMessage(save.error, 'Failed to update taxonomy')}</p> : null}
        </div>
      </TitleCell>
      {shown.has('code') ? (
        <Cell label="Code" className={editCell}>
          {codeField}
        </Cell>
      ) : null}
      {shown.has('unit') ? (
        <Cell label="Unit" className={editCell}>
          {unitFields}
        </Cell>
      ) : null}
      <Cell label="Status">
        <label className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" className="size-4 accent-brand-600" {...register('isActive')} />
          Active
        </label>
      </Cell>
      <ActionsCell>
        <IconButton icon={Check} label={`Save ${row.specialty}`} onClick={() => void submit()} disabled={save.isPending} className="text-brand-700!" />
        <IconButton icon={X} label="Cancel editing" onClick={onDone} disabled={save.isPending} />
      </ActionsCell>
    </DataRow>
  );
}
