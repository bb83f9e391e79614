import { Brain } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { termTypeFromId } from '@shared/schemas/terms';
import { PROFILE_LIST_CAPS } from '@shared/limits';
import { listCapMessage, medicalExpertiseSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { useSpecialtySuggestions } from '../api/get-specialty-suggestions';
import { useSection } from '../api/get-section';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { ExpertisePicker, type ExpertiseItem, type SpecialtyChip } from '../components/expertise-picker';
import { listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useSectionEditor } from '../hooks/use-section-editor';
import { schemaResolver } from '../lib/resolver';

interface ExpertiseForm {
  items: ExpertiseItem[];
}

const toFormValues = (data: SectionView<'medical_expertise'>): ExpertiseForm => ({
  items: data.items.map((item) => ({
    termId: item.termId,
    term: item.term ?? item.termId,
    termType: item.termType ?? termTypeFromId(item.termId),
    specialtyName: item.specialtyName,
  })),
});

/** The provider's specialties from their identity, then NPI-registry matches not already among them. */
function useSpecialtyChips(): SpecialtyChip[] {
  const identity = useSection('professional_identity').data?.data;
  const suggestions = useSpecialtySuggestions().data;
  return useMemo(() => {
    const chips: SpecialtyChip[] = [];
    const seen = new Set<string>();
    const push = (chip: SpecialtyChip) => {
      if (!chip.name || seen.has(chip.name)) return;
      seen.add(chip.name);
      chips.push(chip);
    };
    // A specialty typed as the registry words it ("Internal Medicine, Cardiovascular Disease") is shown
    // as the taxonomy specialty it matches, which is what the terms are filed under.
    const matched = new Map((suggestions ?? []).map((suggestion) => [suggestion.npiSpecialty, suggestion.specialty]));
    const named = (name: string) => matched.get(name) ?? name;
    if (identity?.primarySpecialty) push({ name: named(identity.primarySpecialty), note: 'primary' });
    for (const name of identity?.additionalSpecialties ?? []) push({ name: named(name) });
    for (const suggestion of suggestions ?? []) {
      // In plain words where it comes from: the registry record itself, or a name close to it.
      push({
        name: suggestion.specialty,
        note: suggestion.matchedBy === 'code' ? 'from your NPI record' : `close to “${suggestion.npiSpecialty}”`,
        suggested: true,
      });
    }
    return chips;
  }, [identity, suggestions]);
}

function ExpertiseFormCard({ data }: { data: SectionView<'medical_expertise'> }) {
  const form = useForm<ExpertiseForm, unknown, ProfileSectionData<'medical_expertise'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(medicalExpertiseSchema),
  });
  const editor = useSectionEditor({ sectionId: 'medical_expertise', form, toFormValues, successMessage: 'Medical expertise saved' });
  const specialties = useSpecialtyChips();
  const count = form.watch('items').length;
  const listError = listErrorText(form.formState.errors.items);

  return (
    <EditorCard
      title="Your areas of expertise"
      icon={Brain}
      description={`Choose from your hospital’s expertise terms. ${count === 0 ? 'Nothing chosen yet.' : `${count} ${count === 1 ? 'term' : 'terms'} chosen.`} Saving replaces your previous list.`}
      editor={editor}
      saveLabel="Save medical expertise"
    >
      <Controller
        control={form.control}
        name="items"
        render={({ field }) => <ExpertisePicker value={field.value} onChange={field.onChange} specialties={specialties} />}
      />
      {count >= PROFILE_LIST_CAPS.medical_expertise ? (
        <p className="text-sm text-gray-600">{listCapMessage('medical_expertise')}: remove one to add another.</p>
      ) : null}
      {listError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {listError}
        </p>
      ) : null}
    </EditorCard>
  );
}

export function MedicalExpertisePage() {
  return (
    <SectionPage id="medical_expertise">
      <SectionLoader sectionId="medical_expertise" label="Loading your medical expertise" rows={3}>
        {(data) => <ExpertiseFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { MedicalExpertisePage as Component };
