import { Award } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { boardCertificationsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { SelectField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text, yearText } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface CertificationRow {
  certificationBoard: string;
  specialty: string;
  certificationYear: string;
  expirationYear: string;
  status: string;
}
interface CertificationsForm {
  items: CertificationRow[];
}

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'lifetime', label: 'Lifetime (no expiry)' },
  { value: 'expired', label: 'Expired' },
  { value: 'inactive', label: 'Inactive' },
];

const BOARDS = [
  'American Board of Internal Medicine',
  'American Board of Family Medicine',
  'American Board of Pediatrics',
  'American Board of Surgery',
  'American Board of Orthopaedic Surgery',
  'American Board of Radiology',
  'American Board of Anesthesiology',
  'American Board of Emergency Medicine',
  'American Board of Psychiatry and Neurology',
  'American Board of Obstetrics and Gynecology',
  'American Board of Dermatology',
  'American Osteopathic Board of Internal Medicine',
];

const toFormValues = (data: SectionView<'board_certifications'>): CertificationsForm => ({
  items: data.items.map((item) => ({
    certificationBoard: item.certificationBoard,
    specialty: text(item.specialty),
    certificationYear: yearText(item.certificationYear),
    expirationYear: yearText(item.expirationYear),
    status: item.status,
  })),
});

function BoardCertificationsFormCard({ data }: { data: SectionView<'board_certifications'> }) {
  const form = useForm<CertificationsForm, unknown, ProfileSectionData<'board_certifications'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(boardCertificationsSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'board_certifications', form, toFormValues, successMessage: 'Board certifications saved' });
  const errors = form.formState.errors.items;
  const statusValues = new Set(STATUSES.map((s) => s.value));

  return (
    <EditorCard
      title="Board certifications"
      icon={Award}
      description="Specialty board certifications, with the year certified and when they expire."
      editor={editor}
      saveLabel="Save board certifications"
    >
      <datalist id="board-names">
        {BOARDS.map((board) => (
          <option key={board} value={board} />
        ))}
      </datalist>
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append({ certificationBoard: '', specialty: '', certificationYear: '', expirationYear: '', status: 'active' })}
        onRemove={items.remove}
        onMove={items.move}
        itemName="certification"
        itemTitle={(index) => [rows[index]?.specialty, rows[index]?.certificationBoard].filter(Boolean).join(' · ')}
        empty={{
          icon: Award,
          title: 'No board certifications yet',
          description: 'Add the boards that certify you, for example the American Board of Internal Medicine.',
        }}
        cap="board_certifications"
        error={listErrorText(errors)}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              fieldClassName="sm:col-span-4"
              label="Certification board"
              list="board-names"
              error={errors?.[index]?.certificationBoard?.message}
              {...form.register(`items.${index}.certificationBoard`)}
            />
            <SelectField fieldClassName="sm:col-span-2" label="Status" error={errors?.[index]?.status?.message} {...form.register(`items.${index}.status`)}>
              {STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
              {rows[index]?.status && !statusValues.has(rows[index].status) ? <option value={rows[index].status}>{rows[index].status}</option> : null}
            </SelectField>
            <TextField
              fieldClassName="sm:col-span-2"
              label="Specialty"
              optional
              error={errors?.[index]?.specialty?.message}
              {...form.register(`items.${index}.specialty`)}
            />
            <TextField
              fieldClassName="sm:col-span-2"
              label="Year certified"
              optional
              inputMode="numeric"
              maxLength={4}
              placeholder="YYYY"
              error={errors?.[index]?.certificationYear?.message}
              {...form.register(`items.${index}.certificationYear`)}
            />
            <TextField
              fieldClassName="sm:col-span-2"
              label="Expiration year"
              optional
              inputMode="numeric"
              maxLength={4}
              placeholder="YYYY"
              error={errors?.[index]?.expirationYear?.message}
              {...form.register(`items.${index}.expirationYear`)}
            />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function BoardCertificationsEditor() {
  return (
    <SectionLoader sectionId="board_certifications" label="Loading your board certifications" rows={2}>
      {(data) => <BoardCertificationsFormCard data={data} />}
    </SectionLoader>
  );
}
