import { Building2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { hospitalAffiliationsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { CheckboxField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text, yearText } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface AffiliationRow {
  hospitalName: string;
  department: string;
  title: string;
  startYear: string;
  isPrimary: boolean;
}
interface AffiliationsForm {
  items: AffiliationRow[];
}

const toFormValues = (data: SectionView<'hospital_affiliations'>): AffiliationsForm => ({
  items: data.items.map((item) => ({
    hospitalName: item.hospitalName,
    department: text(item.department),
    title: text(item.title),
    startYear: yearText(item.startYear),
    isPrimary: item.isPrimary,
  })),
});

function HospitalAffiliationsFormCard({ data }: { data: SectionView<'hospital_affiliations'> }) {
  const form = useForm<AffiliationsForm, unknown, ProfileSectionData<'hospital_affiliations'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(hospitalAffiliationsSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'hospital_affiliations', form, toFormValues, successMessage: 'Hospital affiliations saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Hospital affiliations"
      icon={Building2}
      description="Hospitals where you hold privileges or an appointment, with your department and title there."
      editor={editor}
      saveLabel="Save hospital affiliations"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append({ hospitalName: '', department: '', title: '', startYear: '', isPrimary: rows.length === 0 })}
        onRemove={items.remove}
        onMove={items.move}
        itemName="affiliation"
        itemTitle={(index) => rows[index]?.hospitalName}
        renderItemMeta={(index) => (rows[index]?.isPrimary ? <Badge>Primary</Badge> : null)}
        empty={{ icon: Building2, title: 'No hospital affiliations yet', description: 'Add the hospitals where you see or admit patients.' }}
        cap="hospital_affiliations"
        error={listErrorText(errors)}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              fieldClassName="sm:col-span-4"
              label="Hospital name"
              error={errors?.[index]?.hospitalName?.message}
              {...form.register(`items.${index}.hospitalName`)}
            />
            <TextField
              fieldClassName="sm:col-span-2"
              label="Since"
              optional
              inputMode="numeric"
              maxLength={4}
              placeholder="YYYY"
              error={errors?.[index]?.startYear?.message}
              {...form.register(`items.${index}.startYear`)}
            />
            <TextField
              fieldClassName="sm:col-span-3"
              label="Department"
              optional
              error={errors?.[index]?.department?.message}
              {...form.register(`items.${index}.department`)}
            />
            <TextField
              fieldClassName="sm:col-span-3"
              label="Title"
              optional
              placeholder="Attending physician"
              error={errors?.[index]?.title?.message}
              {...form.register(`items.${index}.title`)}
            />
            <CheckboxField fieldClassName="sm:col-span-6" label="This is my primary hospital affiliation" {...form.register(`items.${index}.isPrimary`)} />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function HospitalAffiliationsEditor() {
  return (
    <SectionLoader sectionId="hospital_affiliations" label="Loading your hospital affiliations" rows={2}>
      {(data) => <HospitalAffiliationsFormCard data={data} />}
    </SectionLoader>
  );
}
