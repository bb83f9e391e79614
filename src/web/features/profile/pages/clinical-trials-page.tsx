import { Eye, EyeOff, FlaskConical, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { clinicalTrialsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import type { SectionView } from '../api/types';
import { useUpdateTrialRole } from '../api/update-trial-role';
import { EditorCard } from '../components/editor-card';
import { SelectField, Switch, TagsField, TextareaField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useSectionEditor } from '../hooks/use-section-editor';
import { list, text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';
import { errorText } from '@web/lib/section-server-errors';

export const TRIAL_ROLES = [
  { value: 'principal_investigator', label: 'Principal investigator' },
  { value: 'co_investigator', label: 'Co-investigator' },
  { value: 'sub_investigator', label: 'Sub-investigator' },
  { value: 'investigator', label: 'Investigator' },
  { value: 'study_coordinator', label: 'Study coordinator' },
  { value: 'consultant', label: 'Consultant' },
];

export const TRIAL_STATUSES = [
  { value: 'not_yet_recruiting', label: 'Not yet recruiting' },
  { value: 'recruiting', label: 'Recruiting' },
  { value: 'enrolling_by_invitation', label: 'Enrolling by invitation' },
  { value: 'active_not_recruiting', label: 'Active, not recruiting' },
  { value: 'completed', label: 'Completed' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'terminated', label: 'Terminated' },
  { value: 'withdrawn', label: 'Withdrawn' },
];

const PHASES = ['Early Phase 1', 'Phase 1', 'Phase 1/2', 'Phase 2', 'Phase 2/3', 'Phase 3', 'Phase 4', 'Not applicable'];

interface TrialRow {
  id: string;
  trialTitle: string;
  nctNumber: string;
  phase: string;
  status: string;
  startDate: string;
  completionDate: string;
  sponsor: string;
  role: string;
  description: string;
  conditionsStudied: string[];
  userStatus: string;
  isVisible: boolean;
}
interface TrialsForm {
  items: TrialRow[];
}

const toFormValues = (data: SectionView<'clinical_trials'>): TrialsForm => ({
  items: data.items.map((item) => ({
    id: item.id,
    trialTitle: item.trialTitle,
    nctNumber: text(item.nctNumber),
    phase: text(item.phase),
    status: item.status,
    startDate: text(item.startDate),
    completionDate: text(item.completionDate),
    sponsor: text(item.sponsor),
    role: item.role,
    description: text(item.description),
    conditionsStudied: list(item.conditionsStudied),
    userStatus: item.userStatus,
    isVisible: item.isVisible,
  })),
});

const newRow = (): TrialRow => ({
  id: '',
  trialTitle: '',
  nctNumber: '',
  phase: '',
  status: 'recruiting',
  startDate: '',
  completionDate: '',
  sponsor: '',
  role: 'investigator',
  description: '',
  conditionsStudied: [],
  userStatus: 'manual',
  isVisible: true,
});

const toPayload = (output: ProfileSectionData<'clinical_trials'>) => ({
  items: output.items.map(({ id, userStatus, ...item }) => ({ ...(id ? { id } : {}), ...item, userStatus, isVisible: userStatus !== 'hidden' })),
});

type Form = UseFormReturn<TrialsForm, unknown, ProfileSectionData<'clinical_trials'>>;

function withUnknown(options: ReadonlyArray<{ value: string; label: string }>, value: string | undefined) {
  return value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
}

/**
 * The role of a saved trial changes at once (PATCH, optimistic, rolled back on failure); the role of
 * a trial not saved yet is part of the form like any other field.
 */
function RoleSelect({ form, index }: { form: Form; index: number }) {
  const updateRole = useUpdateTrialRole();
  const [pending, setPending] = useState(false);
  const id = form.watch(`items.${index}.id`);
  const role = form.watch(`items.${index}.role`);
  const savedId = form.formState.defaultValues?.items?.[index]?.id;
  // Only a row that is the saved trial (same id in the saved state) goes to the server right away.
  const immediate = Boolean(id) && savedId === id;

  const onChange = async (next: string) => {
    if (!immediate) {
      form.setValue(`items.${index}.role`, next, { shouldDirty: true });
      return;
    }
    const previous = role;
    form.resetField(`items.${index}.role`, { defaultValue: next });
    setPending(true);
    try {
      await updateRole.mutateAsync({ trialId: id, role: next });
      toast.success('Trial role updated');
    } catch (error) {
      form.resetField(`items.${index}.role`, { defaultValue: previous });
      toast.error(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <SelectField
      fieldClassName="sm:col-span-2"
      label={
        <span className="inline-flex items-center gap-2">
          Your role
          {pending ? <Spinner size="sm" label="Saving role" className="text-brand-600" /> : null}
        </span>
      }
      hint={immediate ? 'Saved as soon as you change it.' : undefined}
      value={role}
      onChange={(event) => void onChange(event.target.value)}
    >
      {withUnknown(TRIAL_ROLES, role).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

function TrialsFormCard({ data }: { data: SectionView<'clinical_trials'> }) {
  const form = useForm<TrialsForm, unknown, ProfileSectionData<'clinical_trials'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(clinicalTrialsSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'clinical_trials', form, toFormValues, toPayload, successMessage: 'Clinical trials saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Clinical trials"
      icon={FlaskConical}
      description="Studies you lead or take part in. Hide a trial to keep it here without showing it on your profile."
      editor={editor}
      saveLabel="Save clinical trials"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append(newRow())}
        onRemove={items.remove}
        onMove={items.move}
        itemName="trial"
        itemTitle={(index) => [rows[index]?.nctNumber, rows[index]?.trialTitle].filter(Boolean).join(' · ')}
        renderItemMeta={(index) => (
          <>
            {rows[index]?.userStatus === 'approved' ? (
              <Badge variant="gray">
                <Sparkles aria-hidden="true" className="size-3" />
                Discovered
              </Badge>
            ) : null}
            {rows[index]?.isVisible ? (
              <Badge variant="success">
                <Eye aria-hidden="true" className="size-3" />
                Shown
              </Badge>
            ) : (
              <Badge variant="gray">
                <EyeOff aria-hidden="true" className="size-3" />
                Hidden
              </Badge>
            )}
          </>
        )}
        empty={{
          icon: FlaskConical,
          title: 'No clinical trials yet',
          description: 'Add trials with their NCT number so patients can find studies you are part of.',
        }}
        cap="clinical_trials"
        error={listErrorText(errors)}
        renderItem={(index) => {
          const error = errors?.[index];
          const row = rows[index];
          return (
            <div className="grid gap-4 sm:grid-cols-6">
              <TextareaField
                fieldClassName="sm:col-span-6"
                label="Trial title"
                rows={2}
                error={error?.trialTitle?.message}
                {...form.register(`items.${index}.trialTitle`)}
              />
              <TextField
                fieldClassName="sm:col-span-2"
                label="NCT number"
                optional
                placeholder="NCT01234567"
                error={error?.nctNumber?.message}
                {...form.register(`items.${index}.nctNumber`)}
              />
              <SelectField fieldClassName="sm:col-span-2" label="Phase" optional {...form.register(`items.${index}.phase`)}>
                <option value="">Not specified</option>
                {withUnknown(
                  PHASES.map((phase) => ({ value: phase, label: phase })),
                  row?.phase,
                ).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <SelectField fieldClassName="sm:col-span-2" label="Recruitment status" {...form.register(`items.${index}.status`)}>
                {withUnknown(TRIAL_STATUSES, row?.status).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <RoleSelect form={form} index={index} />
              <TextField fieldClassName="sm:col-span-4" label="Sponsor" optional error={error?.sponsor?.message} {...form.register(`items.${index}.sponsor`)} />
              <TextField
                fieldClassName="sm:col-span-3"
                label="Start date"
                optional
                placeholder="YYYY-MM-DD"
                error={error?.startDate?.message}
                {...form.register(`items.${index}.startDate`)}
              />
              <TextField
                fieldClassName="sm:col-span-3"
                label="Completion date"
                optional
                placeholder="YYYY-MM-DD"
                error={error?.completionDate?.message}
                {...form.register(`items.${index}.completionDate`)}
              />
              <Controller
                control={form.control}
                name={`items.${index}.conditionsStudied`}
                render={({ field }) => (
                  <TagsField
                    className="sm:col-span-6"
                    label="Conditions studied"
                    optional
                    itemName="condition"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder="Heart failure"
                  />
                )}
              />
              <TextareaField
                fieldClassName="sm:col-span-6"
                label="Description"
                optional
                rows={3}
                error={error?.description?.message}
                {...form.register(`items.${index}.description`)}
              />
              <Controller
                control={form.control}
                name={`items.${index}.isVisible`}
                render={({ field }) => (
                  <Switch
                    className="sm:col-span-6"
                    checked={field.value}
                    onChange={(next) => {
                      field.onChange(next);
                      // The status the schema keeps: hidden, or back to what it was when shown again.
                      const saved = form.formState.defaultValues?.items?.[index]?.userStatus;
                      form.setValue(`items.${index}.userStatus`, next ? (saved && saved !== 'hidden' ? saved : 'manual') : 'hidden', { shouldDirty: true });
                    }}
                    label="Show this trial on my profile"
                  />
                )}
              />
            </div>
          );
        }}
      />
    </EditorCard>
  );
}

export function ClinicalTrialsPage() {
  return (
    <SectionPage id="clinical_trials">
      <SectionLoader sectionId="clinical_trials" label="Loading your clinical trials" rows={4}>
        {(data) => <TrialsFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { ClinicalTrialsPage as Component };
