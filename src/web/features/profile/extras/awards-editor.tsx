import { Trophy } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { awardsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { TextareaField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text, yearText } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface AwardRow {
  awardName: string;
  awardingOrganization: string;
  awardYear: string;
  description: string;
}
interface AwardsForm {
  items: AwardRow[];
}

const toFormValues = (data: SectionView<'awards'>): AwardsForm => ({
  items: data.items.map((item) => ({
    awardName: item.awardName,
    awardingOrganization: text(item.awardingOrganization),
    awardYear: yearText(item.awardYear),
    description: text(item.description),
  })),
});

function AwardsFormCard({ data }: { data: SectionView<'awards'> }) {
  const form = useForm<AwardsForm, unknown, ProfileSectionData<'awards'>>({ defaultValues: toFormValues(data), resolver: schemaResolver(awardsSchema) });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'awards', form, toFormValues, successMessage: 'Awards saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Awards and recognition"
      icon={Trophy}
      description="Honours, teaching awards and other recognition of your work."
      editor={editor}
      saveLabel="Save awards"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append({ awardName: '', awardingOrganization: '', awardYear: '', description: '' })}
        onRemove={items.remove}
        onMove={items.move}
        itemName="award"
        itemTitle={(index) => rows[index]?.awardName}
        empty={{ icon: Trophy, title: 'No awards yet', description: 'Add awards such as a Top Doctor listing, a teaching award or a research prize.' }}
        cap="awards"
        error={listErrorText(errors)}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              fieldClassName="sm:col-span-4"
              label="Award name"
              error={errors?.[index]?.awardName?.message}
              {...form.register(`items.${index}.awardName`)}
            />
            <TextField
              fieldClassName="sm:col-span-2"
              label="Year"
              optional
              inputMode="numeric"
              maxLength={4}
              placeholder="YYYY"
              error={errors?.[index]?.awardYear?.message}
              {...form.register(`items.${index}.awardYear`)}
            />
            <TextField
              fieldClassName="sm:col-span-6"
              label="Awarding organization"
              optional
              error={errors?.[index]?.awardingOrganization?.message}
              {...form.register(`items.${index}.awardingOrganization`)}
            />
            <TextareaField
              fieldClassName="sm:col-span-6"
              label="Description"
              optional
              rows={2}
              error={errors?.[index]?.description?.message}
              {...form.register(`items.${index}.description`)}
            />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function AwardsEditor() {
  return (
    <SectionLoader sectionId="awards" label="Loading your awards" rows={2}>
      {(data) => <AwardsFormCard data={data} />}
    </SectionLoader>
  );
}
