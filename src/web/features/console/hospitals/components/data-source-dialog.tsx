import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DATA_SOURCES, type DataSource } from '@shared/enums';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { Switch } from '../../components/switch';
import { Textarea } from '../../components/textarea';
import { useSaveDataSource, type DataSourceConfigDto } from '../api/data-sources';
import { dataSourceBody, dataSourceFormSchema, dataSourceValues, type DataSourceFormValues } from '../lib/data-source-form';
import { DATA_SOURCE_LABELS } from '../lib/labels';
import { FieldMappingEditor } from './field-mapping-editor';

const LOOKUP_STRATEGIES = ['npi', 'email', 'name', 'entity_id'] as const;

interface DataSourceDialogProps {
  hospitalId: string;
  hospitalDataSource: DataSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: DataSourceConfigDto | null;
}

export function DataSourceDialog({ hospitalId, hospitalDataSource, open, onOpenChange, config }: DataSourceDialogProps) {
  const save = useSaveDataSource(hospitalId);
  const strategiesId = useId();
  const form = useForm<DataSourceFormValues, unknown, z.output<typeof dataSourceFormSchema>>({
    resolver: zodResolver(dataSourceFormSchema),
    defaultValues: dataSourceValues(config, hospitalDataSource),
  });
  const { reset, register, control, formState } = form;
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    reset(dataSourceValues(config, hospitalDataSource));
    resetSave();
  }, [open, config, hospitalDataSource, reset, resetSave]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: config?.id, body: dataSourceBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(config ? `Saved ${saved.sourceName}.` : `${saved.sourceName} was added.`);
          onOpenChange(false);
        },
      },
    ),
  );
  const { errors } = formState;

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-5xl">
        <DialogTitle className="pr-8">{config ? `Edit ${config.sourceName}` : 'Add data source'}</DialogTitle>
        <DialogDescription>How provider records are found in the source and which of their values fill which profile fields.</DialogDescription>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-6">
          {save.isError ? <Notice tone="error">{serverMessage(save.error, 'The data source could not be saved.')}</Notice> : null}
          <div className="grid gap-5 md:grid-cols-3">
            <FormField label="Source name" error={errors.sourceName?.message}>
              {({ id, describedBy, invalid }) => (
                <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('sourceName')} />
              )}
            </FormField>
            <FormField label="Source type">
              {({ id, describedBy }) => (
                <select id={id} className={selectClasses} aria-describedby={describedBy} {...register('sourceType')}>
                  {DATA_SOURCES.map((source) => (
                    <option key={source} value={source}>
                      {DATA_SOURCE_LABELS[source]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Provider lookup" hint="How a provider is found: npi, email, name…" error={errors.providerLookupStrategy?.message}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  list={strategiesId}
                  autoComplete="off"
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  {...register('providerLookupStrategy')}
                />
              )}
            </FormField>
            <datalist id={strategiesId}>
              {LOOKUP_STRATEGIES.map((strategy) => (
                <option key={strategy} value={strategy} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  label="Active"
                  description="One configuration per hospital is active; activating this one deactivates the others."
                />
              )}
            />
            <Controller
              control={control}
              name="syncEnabled"
              render={({ field }) => (
                <Switch checked={field.value} onCheckedChange={field.onChange} label="Sync enabled" description="Scheduled syncs read this source." />
              )}
            />
          </div>
          <FormField
            label="Connection settings (JSON)"
            hint="Source-specific options; keep secrets such as API keys in the hospital’s settings."
            error={errors.connectionConfig?.message}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                rows={3}
                spellCheck={false}
                className="font-mono text-xs!"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('connectionConfig')}
              />
            )}
          </FormField>
          <FieldMappingEditor control={control} register={register} errors={errors} />
          <DialogActions submitLabel={config ? 'Save data source' : 'Add data source'} pending={save.isPending} className="border-t border-gray-100 pt-4" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
