import { BookUser, HeartHandshake, PenLine } from 'lucide-react';
import { useBiographyTargets, WriteForMePanel } from '@web/features/biography-writer';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { BIOGRAPHY_PLACEHOLDER, biographySchema, type ProfileSectionData } from '@shared/schemas/profile';
import { cn } from '@web/lib/cn';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { TextareaField, TextField } from '../components/fields';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { AwardsEditor } from '../extras/awards-editor';
import { SocialMediaEditor } from '../extras/social-media-editor';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';
import { countWords } from '../lib/words';

interface BiographyForm {
  professionalSummary: string;
  publicSummary: string;
  personalInterests: string;
  awardsHonors: string;
  memberships: string;
  volunteerWork: string;
  languagesSpoken: string;
}

const toFormValues = (data: SectionView<'biography'>): BiographyForm => ({
  // The stored stand-in for "not written yet" is not something to edit.
  professionalSummary: data?.professionalSummary === BIOGRAPHY_PLACEHOLDER ? '' : text(data?.professionalSummary),
  publicSummary: text(data?.publicSummary),
  personalInterests: text(data?.personalInterests),
  awardsHonors: text(data?.awardsHonors),
  memberships: text(data?.memberships),
  volunteerWork: text(data?.volunteerWork),
  languagesSpoken: text(data?.languagesSpoken),
});

/** "132 words · aim for 150–200", coloured by whether the count is in range (the hospital's targets); announced politely. */
function WordCount({
  control,
  name,
  min,
  max,
}: {
  control: Control<BiographyForm, unknown, ProfileSectionData<'biography'>>;
  name: 'professionalSummary' | 'publicSummary';
  min: number;
  max: number;
}) {
  const value = useWatch({ control, name });
  const words = countWords(value);
  const inRange = words >= min && words <= max;
  return (
    <span
      aria-live="polite"
      className={cn('text-xs font-medium whitespace-nowrap tabular-nums', words === 0 ? 'text-gray-500' : inRange ? 'text-emerald-700' : 'text-amber-700')}
    >
      {words} {words === 1 ? 'word' : 'words'} · aim for {min}–{max}
    </span>
  );
}

function BiographyFormCard({ data }: { data: SectionView<'biography'> }) {
  const form = useForm<BiographyForm, unknown, ProfileSectionData<'biography'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(biographySchema),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const editor = useSectionEditor({ sectionId: 'biography', form, toFormValues, successMessage: 'Biography saved' });
  const control = form.control;
  const targets = useBiographyTargets();

  return (
    <EditorCard
      title="Your biography"
      icon={PenLine}
      description="Two versions of the same story: one for colleagues and referring physicians, one in plain language for patients."
      editor={editor}
      saveLabel="Save biography"
    >
      <WriteForMePanel
        onUse={({ professional, public: publicVersion }) => {
          if (professional !== undefined) form.setValue('professionalSummary', professional, { shouldDirty: true, shouldValidate: true });
          if (publicVersion !== undefined) form.setValue('publicSummary', publicVersion, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <TextareaField
        label="Professional biography"
        rows={9}
        hint={`For colleagues and referrers: training, clinical focus, research and leadership, in the third person. Your hospital asks for a grade ${targets.professional.readingLevel} reading level.`}
        labelAction={<WordCount control={control} name="professionalSummary" min={targets.professional.wordCountMin} max={targets.professional.wordCountMax} />}
        error={errors.professionalSummary?.message}
        {...register('professionalSummary')}
      />
      <TextareaField
        label="Public biography"
        optional
        rows={7}
        hint={`For patients: short sentences, everyday words, and what it is like to be cared for by you. Your hospital asks for a grade ${targets.public.readingLevel} reading level.`}
        labelAction={<WordCount control={control} name="publicSummary" min={targets.public.wordCountMin} max={targets.public.wordCountMax} />}
        error={errors.publicSummary?.message}
        {...register('publicSummary')}
      />
      <section className="space-y-4 border-t border-gray-100 pt-6">
        <h3 className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <HeartHandshake aria-hidden="true" className="size-4.5 text-brand-600" />
          Beyond the clinic
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField label="Personal interests" optional rows={3} error={errors.personalInterests?.message} {...register('personalInterests')} />
          <TextareaField label="Professional memberships" optional rows={3} error={errors.memberships?.message} {...register('memberships')} />
          <TextareaField label="Awards and honours (summary)" optional rows={3} error={errors.awardsHonors?.message} {...register('awardsHonors')} />
          <TextareaField label="Volunteer work" optional rows={3} error={errors.volunteerWork?.message} {...register('volunteerWork')} />
          <TextField
            fieldClassName="sm:col-span-2"
            label="Languages (as written in your biography)"
            optional
            placeholder="English, Spanish"
            error={errors.languagesSpoken?.message}
            {...register('languagesSpoken')}
          />
        </div>
      </section>
    </EditorCard>
  );
}

export function BiographyPage() {
  return (
    <SectionPage
      id="biography"
      description="A professional summary for colleagues and referrers, and a plain-language public version for patients, with your interests, memberships, awards and social media."
    >
      <SectionLoader sectionId="biography" label="Loading your biography" rows={4}>
        {(data) => <BiographyFormCard data={data} />}
      </SectionLoader>
      <div className="flex items-center gap-2 pt-2">
        <BookUser aria-hidden="true" className="size-5 text-brand-600" />
        <h2 className="text-xl font-semibold tracking-tight text-gray-900">Recognition and online presence</h2>
      </div>
      <AwardsEditor />
      <SocialMediaEditor />
    </SectionPage>
  );
}

export { BiographyPage as Component };
