import { BadgeCheck, FileBadge, ShieldQuestion } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { LICENSE_STATUSES, type LicenseStatus } from '@shared/enums';
import { licensesSchema, US_STATE_CODES, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { SelectField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface LicenseRow {
  licenseName: string;
  licenseNumber: string;
  issuingState: string;
  issuingAuthority: string;
  issueDate: string;
  expirationDate: string;
  status: LicenseStatus;
  /** Read-only: shown as a badge; the server decides. */
  isVerified: boolean;
}
interface LicensesForm {
  items: LicenseRow[];
}

export const LICENSE_STATUS_LABELS: Record<LicenseStatus, string> = { active: 'Active', inactive: 'Inactive', expired: 'Expired', suspended: 'Suspended' };

const toFormValues = (data: SectionView<'licenses'>): LicensesForm => ({
  items: data.items.map((item) => ({
    licenseName: text(item.licenseName),
    licenseNumber: item.licenseNumber,
    issuingState: item.issuingState,
    issuingAuthority: text(item.issuingAuthority),
    issueDate: text(item.issueDate),
    expirationDate: text(item.expirationDate),
    status: item.status,
    isVerified: item.isVerified,
  })),
});

function LicensesFormCard({ data }: { data: SectionView<'licenses'> }) {
  const form = useForm<LicensesForm, unknown, ProfileSectionData<'licenses'>>({ defaultValues: toFormValues(data), resolver: schemaResolver(licensesSchema) });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({
    sectionId: 'licenses',
    form,
    toFormValues,
    successMessage: 'Licenses saved',
    // A duplicate names no row: point at the second of two identical ones if there are, else the form.
    resolveErrorField: (field) => {
      if (field !== 'licenseNumber') return null;
      const seen = new Set<string>();
      const index = rows.findIndex((row) => {
        const key = `${row.issuingState.trim().toUpperCase()}|${row.licenseNumber.trim()}`;
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      return index >= 0 ? `items.${index}.licenseNumber` : null;
    },
  });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Professional licenses"
      icon={FileBadge}
      description="State medical licenses and other licenses to practise. Verification is done by your hospital or the registry and cannot be changed here."
      editor={editor}
      saveLabel="Save licenses"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() =>
          items.append({
            licenseName: '',
            licenseNumber: '',
            issuingState: '',
            issuingAuthority: '',
            issueDate: '',
            expirationDate: '',
            status: 'active',
            isVerified: false,
          })
        }
        onRemove={items.remove}
        onMove={items.move}
        itemName="license"
        itemTitle={(index) => {
          const row = rows[index];
          if (!row) return null;
          return [row.licenseName, row.licenseNumber && `${row.issuingState || '—'} ${row.licenseNumber}`].filter(Boolean).join(' · ');
        }}
        renderItemMeta={(index) =>
          rows[index]?.isVerified ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified
            </Badge>
          ) : (
            <Badge variant="gray">
              <ShieldQuestion aria-hidden="true" className="size-3.5" />
              Not verified
            </Badge>
          )
        }
        empty={{
          icon: FileBadge,
          title: 'No licenses yet',
          description: 'Add each state license with its number, so patients and hospitals can confirm you may practise there.',
        }}
        cap="licenses"
        error={listErrorText(errors)}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              fieldClassName="sm:col-span-3"
              label="License name"
              optional
              placeholder="Medical license"
              error={errors?.[index]?.licenseName?.message}
              {...form.register(`items.${index}.licenseName`)}
            />
            <TextField
              fieldClassName="sm:col-span-2"
              label="License number"
              error={errors?.[index]?.licenseNumber?.message}
              {...form.register(`items.${index}.licenseNumber`)}
            />
            <SelectField
              fieldClassName="sm:col-span-1"
              label="State"
              error={errors?.[index]?.issuingState?.message}
              {...form.register(`items.${index}.issuingState`)}
            >
              <option value="">—</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </SelectField>
            <TextField
              fieldClassName="sm:col-span-3"
              label="Issuing authority"
              optional
              placeholder="State medical board"
              error={errors?.[index]?.issuingAuthority?.message}
              {...form.register(`items.${index}.issuingAuthority`)}
            />
            <SelectField fieldClassName="sm:col-span-3" label="Status" error={errors?.[index]?.status?.message} {...form.register(`items.${index}.status`)}>
              {LICENSE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LICENSE_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <TextField
              fieldClassName="sm:col-span-3"
              type="date"
              label="Issue date"
              optional
              error={errors?.[index]?.issueDate?.message}
              {...form.register(`items.${index}.issueDate`)}
            />
            <TextField
              fieldClassName="sm:col-span-3"
              type="date"
              label="Expiration date"
              optional
              error={errors?.[index]?.expirationDate?.message}
              {...form.register(`items.${index}.expirationDate`)}
            />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function LicensesEditor() {
  return (
    <SectionLoader sectionId="licenses" label="Loading your licenses" rows={2}>
      {(data) => <LicensesFormCard data={data} />}
    </SectionLoader>
  );
}
