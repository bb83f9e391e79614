import { Building, CalendarClock, Sparkles, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AGE_GROUPS, APPOINTMENT_TYPES, PRACTICE_TYPES, TELEHEALTH_SERVICES } from '@shared/practice-vocabularies';
import { practiceEssentialsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { CheckboxGroup, ChoiceGroup, SelectField, TagsField, TextareaField, TextField } from '../components/fields';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { HospitalAffiliationsEditor } from '../extras/hospital-affiliations-editor';
import { InsuranceEditor } from '../extras/insurance-editor';
import { LanguagesEditor } from '../extras/languages-editor';
import { useSectionEditor } from '../hooks/use-section-editor';
import { fromTriState, list, text, triState, type FormValuesOf, type TriState } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

/**
 * The form's values, derived from the shared schema's parse: text as strings ('' for none), lists and
 * the yes/no as they are. A field added to practiceEssentialsSchema is a field toFormValues must fill.
 */
export type PracticeForm = FormValuesOf<ProfileSectionData<'practice_essentials'>>;

const toFormValues = (data: SectionView<'practice_essentials'>): PracticeForm => {
  // One list on screen: age groups treated and patient age groups say the same thing.
  const ageGroups = [...new Set([...list(data?.ageGroupsTreated), ...list(data?.patientAgeGroups)])];
  return {
    acceptingNewPatients: data?.acceptingNewPatients ?? null,
    ageGroupsTreated: ageGroups,
    patientAgeGroups: ageGroups,
    appointmentTypes: list(data?.appointmentTypes),
    schedulingNotes: text(data?.schedulingNotes),
    practiceName: text(data?.practiceName),
    practiceType: text(data?.practiceType),
    hospitalAffiliations: list(data?.hospitalAffiliations),
    groupAffiliations: list(data?.groupAffiliations),
    telehealthServices: list(data?.telehealthServices),
    practiceFocus: text(data?.practiceFocus),
  };
};

const toPayload = (output: ProfileSectionData<'practice_essentials'>) => ({ ...output, patientAgeGroups: output.ageGroupsTreated });

function Group({ title, icon: Icon, children }: { title: string; icon: typeof Building; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-gray-100 pt-6 first:border-t-0 first:pt-0">
      <h3 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Icon aria-hidden="true" className="size-4.5 text-brand-600" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function PracticeFormCard({ data }: { data: SectionView<'practice_essentials'> }) {
  const form = useForm<PracticeForm, unknown, ProfileSectionData<'practice_essentials'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(practiceEssentialsSchema),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const editor = useSectionEditor({ sectionId: 'practice_essentials', form, toFormValues, toPayload, successMessage: 'Practice essentials saved' });
  const practiceType = form.watch('practiceType');

  return (
    <EditorCard
      title="Practice essentials"
      icon={Stethoscope}
      description="What patients need to know before booking. Your profile counts as complete here once you say whether you accept new patients and add a practice name or focus."
      editor={editor}
      saveLabel="Save practice essentials"
    >
      <Group title="New patients and appointments" icon={CalendarClock}>
        <Controller
          control={control}
          name="acceptingNewPatients"
          render={({ field }) => (
            <ChoiceGroup<TriState>
              legend="Are you accepting new patients?"
              name="acceptingNewPatients"
              value={triState(field.value)}
              onChange={(next) => field.onChange(fromTriState(next))}
              options={[
                { value: 'yes', label: 'Yes, accepting', description: 'Shown as accepting new patients' },
                { value: 'no', label: 'Not at the moment', description: 'Existing patients only' },
                { value: 'unset', label: 'Not specified', description: 'Nothing is shown' },
              ]}
            />
          )}
        />
        <Controller
          control={control}
          name="ageGroupsTreated"
          render={({ field }) => <CheckboxGroup legend="Age groups you treat" options={AGE_GROUPS} value={field.value} onChange={field.onChange} columns={3} />}
        />
        <Controller
          control={control}
          name="appointmentTypes"
          render={({ field }) => (
            <CheckboxGroup legend="Appointment types" options={APPOINTMENT_TYPES} value={field.value} onChange={field.onChange} columns={3} />
          )}
        />
        <Controller
          control={control}
          name="telehealthServices"
          render={({ field }) => (
            <CheckboxGroup legend="Telehealth services" options={TELEHEALTH_SERVICES} value={field.value} onChange={field.onChange} columns={2} />
          )}
        />
        <TextareaField
          label="Scheduling notes"
          optional
          rows={3}
          placeholder="Referral required for new patients; call the clinic to book."
          error={errors.schedulingNotes?.message}
          {...register('schedulingNotes')}
        />
      </Group>

      <Group title="Your practice" icon={Building}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Practice name" optional placeholder="Northfield Heart Center" error={errors.practiceName?.message} {...register('practiceName')} />
          <SelectField label="Practice type" optional error={errors.practiceType?.message} {...register('practiceType')}>
            <option value="">Choose a type</option>
            {PRACTICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
            {practiceType && !(PRACTICE_TYPES as readonly string[]).includes(practiceType) ? <option value={practiceType}>{practiceType}</option> : null}
          </SelectField>
          <Controller
            control={control}
            name="hospitalAffiliations"
            render={({ field }) => (
              <TagsField
                label="Affiliated hospitals"
                optional
                itemName="hospital"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Northfield General Hospital"
                hint="Names for directory listings; add your role at each under Hospital affiliations below."
                error={errors.hospitalAffiliations?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="groupAffiliations"
            render={({ field }) => (
              <TagsField
                label="Group affiliations"
                optional
                itemName="group"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Northfield Medical Group"
                hint="Medical groups, networks or ACOs. Press Enter after each."
                error={errors.groupAffiliations?.message}
              />
            )}
          />
        </div>
      </Group>

      <Group title="Practice focus" icon={Sparkles}>
        <TextareaField
          label="What your practice focuses on"
          optional
          rows={4}
          placeholder="Preventive cardiology and heart failure care for adults, with a focus on women’s heart health."
          error={errors.practiceFocus?.message}
          {...register('practiceFocus')}
        />
      </Group>
    </EditorCard>
  );
}

export function PracticeEssentialsPage() {
  return (
    <SectionPage id="practice_essentials">
      <SectionLoader sectionId="practice_essentials" label="Loading your practice essentials" rows={5}>
        {(data) => <PracticeFormCard data={data} />}
      </SectionLoader>
      <div className="space-y-2 pt-2">
        <h2 className="text-xl font-semibold tracking-tight text-gray-900">More about you</h2>
        <p className="text-sm text-gray-600">The languages you speak, where you hold privileges and the insurance you accept. Each list saves on its own.</p>
      </div>
      <LanguagesEditor />
      <HospitalAffiliationsEditor />
      <InsuranceEditor />
    </SectionPage>
  );
}

export { PracticeEssentialsPage as Component };
