import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { FormActions, SectionCard } from '../../components/section-card';
import { useReadingLevels, useSaveReadingLevels, type ReadingLevels } from '../api/hospitals';
import {
  READING_LEVEL_FORM_DEFAULTS,
  readingLevelsFormSchema,
  TONE_SUGGESTIONS,
  type ReadingLevelsFormInput,
  type ReadingLevelsFormOutput,
} from '../lib/reading-levels-form';

type Audience = 'professional' | 'public';

const AUDIENCES: Record<Audience, { title: string; description: string }> = {
  professional: { title: 'Professional biography', description: 'For colleagues and referring physicians.' },
  public: { title: 'Public biography', description: 'For patients: plainer words, shorter sentences.' },
};

function pick(levels: ReadingLevels): ReadingLevelsFormInput {
  return {
    professionalReadingLevel: levels.professionalReadingLevel,
    publicReadingLevel: levels.publicReadingLevel,
    professionalTone: levels.professionalTone,
    publicTone: levels.publicTone,
    professionalWordCountMin: levels.professionalWordCountMin,
    professionalWordCountMax: levels.professionalWordCountMax,
    publicWordCountMin: levels.publicWordCountMin,
    publicWordCountMax: levels.publicWordCountMax,
  };
}

function AudienceFields({
  audience,
  register,
  errors,
  toneListId,
}: {
  audience: Audience;
  register: UseFormRegister<ReadingLevelsFormInput>;
  errors: FieldErrors<ReadingLevelsFormInput>;
  toneListId: string;
}) {
  const level = `${audience}ReadingLevel` as const;
  const tone = `${audience}Tone` as const;
  const min = `${audience}WordCountMin` as const;
  const max = `${audience}WordCountMax` as const;
  const { title, description } = AUDIENCES[audience];
  return (
    <SectionCard id={`${audience}-levels`} title={title} description={description}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Reading level (grade)" hint="1 to 18; US school grades, 12 is the last year of high school." error={errors[level]?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              max={18}
              step={1}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register(level, { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label="Tone" hint="One or two words, e.g. professional, friendly." error={errors[tone]?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              list={toneListId}
              autoComplete="off"
              maxLength={60}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register(tone)}
            />
          )}
        </FormField>
        <FormField label="Minimum words" error={errors[min]?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={10}
              max={2000}
              step={1}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register(min, { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label="Maximum words" error={errors[max]?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={10}
              max={2000}
              step={1}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register(max, { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
    </SectionCard>
  );
}

/** The biography writer's targets: grade level, tone and length, for both versions. */
export function ReadingLevelsForm({ hospitalId, levels }: { hospitalId: string; levels: ReadingLevels }) {
  const save = useSaveReadingLevels(hospitalId);
  const toneListId = useId();
  const form = useForm<ReadingLevelsFormInput, unknown, ReadingLevelsFormOutput>({
    resolver: zodResolver(readingLevelsFormSchema),
    defaultValues: pick(levels),
  });
  const { reset, formState, register } = form;

  useEffect(() => {
    if (!formState.isDirty) reset(pick(levels));
  }, [levels, reset, formState.isDirty]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(pick(saved));
        toast.success('Reading levels saved.');
      },
      onError: (error) => {
        for (const { field, message } of serverFieldErrors(error)) {
          if (field in READING_LEVEL_FORM_DEFAULTS) form.setError(field as keyof ReadingLevelsFormInput, { message }, { shouldFocus: true });
        }
      },
    }),
  );

  const restoreDefaults = () => {
    for (const [field, value] of Object.entries(READING_LEVEL_FORM_DEFAULTS) as Array<[keyof ReadingLevelsFormInput, string | number]>) {
      form.setValue(field, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <datalist id={toneListId}>
        {TONE_SUGGESTIONS.map((tone) => (
          <option key={tone} value={tone} />
        ))}
      </datalist>
      {save.isError && serverFieldErrors(save.error).length === 0 ? (
        <Notice tone="error">{serverMessage(save.error, 'The reading levels could not be saved.')}</Notice>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm leading-6 text-gray-600">AI-written biographies aim for these targets. Word counts are between 10 and 2,000.</p>
        <Button variant="outline" size="sm" onClick={restoreDefaults} disabled={save.isPending}>
          Restore defaults
        </Button>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <AudienceFields audience="professional" register={register} errors={formState.errors} toneListId={toneListId} />
        <AudienceFields audience="public" register={register} errors={formState.errors} toneListId={toneListId} />
      </div>
      <FormActions dirty={formState.isDirty} pending={save.isPending} onDiscard={() => reset(pick(levels))} />
    </form>
  );
}

export function ReadingLevelsTab({ hospitalId }: { hospitalId: string }) {
  const levels = useReadingLevels(hospitalId);
  if (levels.isPending) return <LoadingPanel label="Loading reading levels" />;
  if (levels.isError)
    return (
      <ErrorPanel title="The reading levels could not be loaded." error={levels.error} onRetry={() => void levels.refetch()} retrying={levels.isFetching} />
    );
  return <ReadingLevelsForm hospitalId={hospitalId} levels={levels.data} />;
}
