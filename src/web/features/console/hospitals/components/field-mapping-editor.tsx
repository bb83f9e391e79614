import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAPPABLE_LIST_LABELS, MAPPABLE_SECTION_IDS } from '@shared/schemas/data-sources';
import { FIELD_TYPES } from '@shared/schemas/data-sources';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { selectClasses } from '@web/components/form/form-field';
import { PROFILE_SECTIONS } from '@web/lib/profile-sections';
import { IconButton } from '../../components/icon-button';
import { Textarea } from '../../components/textarea';
import { EMPTY_MAPPING, type DataSourceFormValues } from '../lib/data-source-form';

const sectionTitle = (id: string) => PROFILE_SECTIONS.find((section) => section.id === id)?.title ?? MAPPABLE_LIST_LABELS[id] ?? id;

function FieldError({ message }: { message?: string }) {
  return message ? <p className="mt-1 text-xs text-red-700">{message}</p> : null;
}

/**
 * The mappings as an editable table: one row per mapping (section, profile field, source path,
 * type, required), with the rarer fields (default, fallbacks, notes) folded under each row.
 */
export function FieldMappingEditor({
  control,
  register,
  errors,
}: {
  control: Control<DataSourceFormValues>;
  register: UseFormRegister<DataSourceFormValues>;
  errors: FieldErrors<DataSourceFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'fieldMappings' });
  const rowErrors = errors.fieldMappings;
  const label = 'text-xs font-medium text-gray-600 md:sr-only';

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-gray-900">
          Field mappings <span className="font-normal text-gray-600">({fields.length})</span>
        </h3>
        <Button variant="outline" size="sm" onClick={() => append({ ...EMPTY_MAPPING })}>
          <Plus aria-hidden="true" className="size-4" />
          Add mapping
        </Button>
      </div>
      {rowErrors?.message ? <p className="text-sm text-red-700">{rowErrors.message}</p> : null}
      {fields.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
          No mappings yet. Each mapping copies one value from the source into a profile field.
        </p>
      ) : (
        <div role="table" aria-label="Field mappings" className="flex flex-col gap-2">
          <div
            role="row"
            className="hidden gap-2 px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase md:grid md:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1.3fr)_7rem_5rem_2.25rem]"
          >
            <span role="columnheader">Section</span>
            <span role="columnheader">Profile field</span>
            <span role="columnheader">Source path</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">Required</span>
            <span role="columnheader" className="sr-only">
              Remove
            </span>
          </div>
          {fields.map((field, index) => {
            const error = rowErrors?.[index];
            const row = `Mapping ${index + 1}`;
            return (
              <div key={field.id} role="row" className="rounded-xl border border-gray-200 bg-white p-3">
                <div className="grid grid-cols-2 gap-2 md:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1.3fr)_7rem_5rem_2.25rem] md:items-start">
                  <div role="cell" className="col-span-2 md:col-span-1">
                    <label className={label} htmlFor={`${field.id}-section`}>
                      Section
                    </label>
                    <select
                      id={`${field.id}-section`}
                      aria-label={`${row}: section`}
                      className={selectClasses}
                      {...register(`fieldMappings.${index}.profileSection`)}
                    >
                      {MAPPABLE_SECTION_IDS.map((id) => (
                        <option key={id} value={id}>
                          {sectionTitle(id)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div role="cell" className="col-span-2 md:col-span-1">
                    <label className={label} htmlFor={`${field.id}-field`}>
                      Profile field
                    </label>
                    <Input
                      id={`${field.id}-field`}
                      aria-label={`${row}: profile field`}
                      placeholder="e.g. first_name"
                      spellCheck={false}
                      aria-invalid={Boolean(error?.profileField) || undefined}
                      {...register(`fieldMappings.${index}.profileField`)}
                    />
                    <FieldError message={error?.profileField?.message} />
                  </div>
                  <div role="cell" className="col-span-2 md:col-span-1">
                    <label className={label} htmlFor={`${field.id}-path`}>
                      Source path
                    </label>
                    <Input
                      id={`${field.id}-path`}
                      aria-label={`${row}: source path`}
                      placeholder="e.g. name.first"
                      spellCheck={false}
                      className="font-mono"
                      aria-invalid={Boolean(error?.sourcePath) || undefined}
                      {...register(`fieldMappings.${index}.sourcePath`)}
                    />
                    <FieldError message={error?.sourcePath?.message} />
                  </div>
                  <div role="cell" className="col-span-2 md:col-span-1">
                    <label className={label} htmlFor={`${field.id}-type`}>
                      Type
                    </label>
                    <select
                      id={`${field.id}-type`}
                      aria-label={`${row}: type`}
                      className={selectClasses}
                      {...register(`fieldMappings.${index}.sourceFieldType`)}
                    >
                      <option value="">Any</option>
                      {FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div role="cell" className="flex h-10 items-center">
                    <label className="flex items-center gap-2 text-sm text-gray-800">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        aria-label={`${row}: required`}
                        {...register(`fieldMappings.${index}.isRequired`)}
                      />
                      <span className="md:sr-only">Required</span>
                    </label>
                  </div>
                  <div role="cell" className="flex justify-end">
                    <IconButton icon={Trash2} tone="danger" label={`Remove mapping ${index + 1}`} onClick={() => remove(index)} />
                  </div>
                </div>
                <details className="mt-2" open={Boolean(error?.defaultValue || error?.fallbackPaths || error?.notes) || undefined}>
                  <summary className="cursor-pointer text-xs font-medium text-brand-700 select-none hover:text-brand-800">Default, fallbacks and notes</summary>
                  <div className="mt-2 grid gap-2 md:grid-cols-3">
                    <div>
                      <label className="text-xs font-medium text-gray-600" htmlFor={`${field.id}-default`}>
                        Default value
                      </label>
                      <Input id={`${field.id}-default`} {...register(`fieldMappings.${index}.defaultValue`)} />
                      <FieldError message={error?.defaultValue?.message} />
                    </div>
                    <div>
                      <label className="text-xs font-medium text-gray-600" htmlFor={`${field.id}-fallbacks`}>
                        Fallback paths (one per line)
                      </label>
                      <Textarea
                        id={`${field.id}-fallbacks`}
                        rows={2}
                        spellCheck={false}
                        className="font-mono"
                        {...register(`fieldMappings.${index}.fallbackPaths`)}
                      />
                      <FieldError message={error?.fallbackPaths?.message} />
                    </div>
                    <div>
                      <label className="text-xs font-medium text-gray-600" htmlFor={`${field.id}-notes`}>
                        Notes
                      </label>
                      <Textarea id={`${field.id}-notes`} rows={2} {...register(`fieldMappings.${index}.notes`)} />
                      <FieldError message={error?.notes?.message} />
                    </div>
                  </div>
                </details>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
