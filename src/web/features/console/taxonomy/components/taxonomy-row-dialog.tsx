import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { Switch } from '../../components/switch';
import { useSaveTaxonomyRow, type TaxonomyScope } from '../api/taxonomy';
import { rowBody, rowFormValues, taxonomyRowFormSchema, type TaxonomyRowFormInput, type TaxonomyRowFormOutput } from '../lib/taxonomy-form';

interface Props {
  scope: TaxonomyScope;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drill-down's current department, division and section, to start from. */
  preset: { department?: string; division?: string; section?: string };
}

export function TaxonomyRowDialog({ scope, open, onOpenChange, preset }: Props) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        {/* Mounted on each opening, so the form starts from the drill-down's current choice. */}
        <RowForm scope={scope} preset={preset} onDone={() => onOpenChange(false)} onPendingChange={setPending} />
      </DialogContent>
    </Dialog>
  );
}

function RowForm({
  scope,
  preset,
  onDone,
  onPendingChange,
}: {
  scope: TaxonomyScope;
  preset: Props['preset'];
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const save = useSaveTaxonomyRow(scope);
  const withLists = scope.kind === 'default';
  const form = useForm<TaxonomyRowFormInput, unknown, TaxonomyRowFormOutput>({
    resolver: zodResolver(taxonomyRowFormSchema),
    defaultValues: rowFormValues(null, preset),
  });
  const { register, control, formState } = form;
  useEffect(() => onPendingChange(save.isPending), [save.isPending, onPendingChange]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { body: rowBody(values, withLists) },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.specialty} was added.`);
          onDone();
        },
      },
    ),
  );
  const { errors } = formState;
  const text = (
    name: 'specialty' | 'specialtyCode' | 'department' | 'division' | 'section' | 'searchKeywords' | 'commonAbbreviations',
    label: string,
    hint?: string,
  ) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register(name)} />
      )}
    </FormField>
  );

  return (
    <>
      <DialogTitle className="pr-8">Add specialty</DialogTitle>
      <DialogDescription>
        {withLists ? 'A new entry of the default taxonomy, offered to every hospital that uses it.' : 'A new entry of this hospital’s own taxonomy.'}
      </DialogDescription>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-5">
        {save.isError ? <Notice tone="error">{serverMessage(save.error, 'Failed to create taxonomy')}</Notice> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          {text('specialty', 'Specialty')}
          {text('specialtyCode', 'Specialty code', 'NUCC code, e.g. 207RC0000X.')}
          {text('department', 'Department')}
          {text('division', 'Division')}
          {text('section', 'Section')}
        </div>
        {withLists ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {text('searchKeywords', 'Search keywords', 'Separate with semicolons.')}
            {text('commonAbbreviations', 'Abbreviations', 'Separate with semicolons.')}
          </div>
        ) : null}
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label="Active" description="Inactive specialties are not offered to providers." />
          )}
        />
        <DialogActions submitLabel="Add specialty" pending={save.isPending} />
      </form>
    </>
  );
}
