import { ShieldCheck } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { insuranceSchema, type ProfileSectionData } from '@shared/schemas/profile';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface InsuranceRow {
  insuranceName: string;
  planType: string;
}
interface InsuranceForm {
  items: InsuranceRow[];
}

const INSURERS = ['Aetna', 'Blue Cross Blue Shield', 'Cigna', 'Humana', 'Kaiser Permanente', 'Medicaid', 'Medicare', 'Tricare', 'UnitedHealthcare'];
const PLAN_TYPES = ['HMO', 'PPO', 'EPO', 'POS', 'Medicare Advantage', 'Medicaid managed care', 'Marketplace'];

const toFormValues = (data: SectionView<'insurance'>): InsuranceForm => ({
  items: data.items.map((item) => ({ insuranceName: item.insuranceName, planType: text(item.planType) })),
});

function InsuranceFormCard({ data }: { data: SectionView<'insurance'> }) {
  const form = useForm<InsuranceForm, unknown, ProfileSectionData<'insurance'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(insuranceSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'insurance', form, toFormValues, successMessage: 'Insurance saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Insurance accepted"
      icon={ShieldCheck}
      description="The insurers and plans your practice accepts."
      editor={editor}
      saveLabel="Save insurance"
    >
      <datalist id="insurer-names">
        {INSURERS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id="plan-types">
        {PLAN_TYPES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append({ insuranceName: '', planType: '' })}
        onRemove={items.remove}
        onMove={items.move}
        itemName="insurance plan"
        itemTitle={(index) => [rows[index]?.insuranceName, rows[index]?.planType].filter(Boolean).join(' · ')}
        empty={{
          icon: ShieldCheck,
          title: 'No insurance listed yet',
          description: 'Patients filter by insurance: add the insurers and plan types you accept.',
        }}
        cap="insurance"
        error={listErrorText(errors)}
        compact
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Insurance name"
              list="insurer-names"
              error={errors?.[index]?.insuranceName?.message}
              {...form.register(`items.${index}.insuranceName`)}
            />
            <TextField label="Plan type" optional list="plan-types" error={errors?.[index]?.planType?.message} {...form.register(`items.${index}.planType`)} />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function InsuranceEditor() {
  return (
    <SectionLoader sectionId="insurance" label="Loading your insurance" rows={2}>
      {(data) => <InsuranceFormCard data={data} />}
    </SectionLoader>
  );
}
