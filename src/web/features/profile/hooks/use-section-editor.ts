import { useCallback, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { useSection } from '../api/get-section';
import { useSaveSection } from '../api/save-section';
import type { SaveSectionResponse, SectionView } from '../api/types';
import { useReportUnsaved } from '../components/unsaved-changes';
import { sameValues } from '../lib/form-values';
import { applyServerErrors, errorText } from '@web/lib/section-server-errors';

interface SectionEditorOptions<Id extends ProfileSectionId, V extends FieldValues, O> {
  sectionId: Id;
  form: UseFormReturn<V, unknown, O>;
  /** Saved data → form values; also used to refill the form from the PUT answer (list ids change on every save). */
  toFormValues: (data: SectionView<Id>) => V;
  /** The schema's output → the PUT body (default: the output as is). */
  toPayload?: (output: O) => unknown;
  /** Toast after a successful save. */
  successMessage: string;
  /** Translates `details.field` of a server error into a form path (e.g. to the row it concerns). */
  resolveErrorField?: (field: string, error: unknown) => string | null;
  onSaved?: (response: SaveSectionResponse<Id>) => void;
}

export interface SectionEditor {
  onSubmit: (event?: FormEvent) => Promise<void>;
  saving: boolean;
  formError: string | null;
  dismissError: () => void;
  isDirty: boolean;
  /** When the section was last saved (optimistically: the moment Save was pressed). */
  updatedAt: string | null;
}

export const INVALID_FORM_MESSAGE = 'Some entries need your attention. Check the highlighted fields.';

function countErrors(errors: FieldErrors): number {
  let total = 0;
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string') total += 1;
    else total += countErrors(value as FieldErrors);
  }
  return total;
}

/**
 * Save flow of a section form. Optimistic: the form counts as saved the moment Save is pressed (and
 * the cache and dashboard show the new data, see useSaveSection); if the server refuses or fails,
 * the form goes back to "unsaved" with the typed values kept, and the message lands on the fields
 * it names or on top of the form.
 */
export function useSectionEditor<Id extends ProfileSectionId, V extends FieldValues, O>({
  sectionId,
  form,
  toFormValues,
  toPayload,
  successMessage,
  resolveErrorField,
  onSaved,
}: SectionEditorOptions<Id, V, O>): SectionEditor {
  const save = useSaveSection(sectionId);
  const updatedAt = useSection(sectionId).data?.updatedAt ?? null;
  const [formError, setFormError] = useState<string | null>(null);
  const isDirty = form.formState.isDirty;
  useReportUnsaved(sectionId, isDirty);

  const submit = form.handleSubmit(
    async (output) => {
      setFormError(null);
      const previousDefaults = form.formState.defaultValues;
      const submitted = form.getValues();
      // Optimistic: what was sent is now the saved state of the form.
      form.reset(submitted);
      try {
        const response = await save.mutateAsync(toPayload ? toPayload(output) : output);
        const unchanged = sameValues(form.getValues(), submitted);
        // Refill from the answer (new ids, server-computed values); typing done meanwhile is kept.
        form.reset(toFormValues(response.data), unchanged ? undefined : { keepValues: true });
        toast.success(successMessage);
        onSaved?.(response);
      } catch (error) {
        // Roll back: the previous saved values are the defaults again, so the form is dirty.
        form.reset(previousDefaults as V, { keepValues: true });
        const placed = applyServerErrors(error, form, resolveErrorField);
        const message = errorText(error);
        setFormError(placed > 0 ? `${message}${placed > 1 ? ` (and ${placed - 1} more)` : ''}` : message);
        toast.error(message);
      }
    },
    (errors) => {
      const count = countErrors(errors);
      setFormError(count > 1 ? `${INVALID_FORM_MESSAGE} (${count} fields)` : INVALID_FORM_MESSAGE);
    },
  );

  const onSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      event?.stopPropagation();
      await submit(event);
    },
    [submit],
  );

  return { onSubmit, saving: save.isPending, formError, dismissError: () => setFormError(null), isDirty, updatedAt };
}
