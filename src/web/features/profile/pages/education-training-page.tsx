import { CalendarRange, GraduationCap, School } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { yearOf } from '@shared/education-dates';
import { EDUCATION_TYPE_LABELS, EDUCATION_TYPES, type DegreeType, type EducationType } from '@shared/enums';
import { educationTrainingSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import { useFellowshipSpecialties } from '../api/get-fellowship-specialties';
import { useResidencyPrograms } from '../api/get-residency-programs';
import { useMedicalSchoolSearch } from '../api/search-medical-schools';
import type { SectionView } from '../api/types';
import { Combobox } from '../components/combobox';
import { EditorCard } from '../components/editor-card';
import { CheckboxField, SelectField, TextareaField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSectionEditor } from '../hooks/use-section-editor';
import { formatDate } from '@web/lib/profile-format';
import { text, yearText } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface EducationRow {
  educationType: EducationType;
  institutionName: string;
  degree: string;
  fieldOfStudy: string;
  description: string;
  location: string;
  source: 'user' | 'directory';
  dataSource: string;
  medicalSchoolId: string;
  medicalSchoolName: string;
  programId: string;
  programName: string;
  parentSpecialty: string;
  fellowshipSpecialtyId: string;
  fellowshipSpecialtyName: string;
  startYear: string;
  /** The end of the entry: graduation year (medical school), end year, or completion year (fellowship). */
  endYear: string;
  /** Not edited: the server derives them from the years (see toPayload). */
  startDate: string;
  endDate: string;
  graduationYear: string;
  completionYear: string;
  /** Form only: no end yet (the end year is cleared on save). */
  inProgress: boolean;
  /** Read-only, from the last save: the dates the server worked out. */
  computed: { startDate: string | null; endDate: string | null; isCurrent: boolean } | null;
}
interface EducationForm {
  items: EducationRow[];
}

const SEARCH_DEBOUNCE_MS = 200;
const DEGREES = ['BS', 'BA', 'MS', 'MA', 'MPH', 'MBA', 'MHA', 'PhD', 'Certificate'];

function endYearOf(item: SectionView<'education_training'>['items'][number]): number | null {
  if (item.educationType === 'medical_school') return item.graduationYear ?? item.endYear ?? yearOf(item.endDate);
  if (item.educationType === 'fellowship') return item.endYear ?? item.completionYear ?? yearOf(item.endDate);
  return item.endYear ?? (item.educationType === 'residency' ? null : item.graduationYear) ?? yearOf(item.endDate);
}

const toFormValues = (data: SectionView<'education_training'>): EducationForm => ({
  items: data.items.map((item) => {
    const end = endYearOf(item);
    return {
      educationType: item.educationType,
      institutionName: text(item.institutionName),
      degree: text(item.degree),
      fieldOfStudy: text(item.fieldOfStudy),
      description: text(item.description),
      location: text(item.location),
      source: item.source,
      dataSource: text(item.dataSource),
      medicalSchoolId: text(item.medicalSchoolId),
      medicalSchoolName: text(item.medicalSchoolName),
      programId: text(item.programId),
      programName: text(item.programName),
      parentSpecialty: text(item.parentSpecialty),
      fellowshipSpecialtyId: text(item.fellowshipSpecialtyId),
      fellowshipSpecialtyName: text(item.fellowshipSpecialtyName),
      startYear: yearText(item.startYear ?? yearOf(item.startDate)),
      endYear: yearText(end),
      startDate: '',
      endDate: '',
      graduationYear: '',
      completionYear: '',
      inProgress: end === null && item.isCurrent,
      computed: { startDate: item.startDate, endDate: item.endDate, isCurrent: item.isCurrent },
    };
  }),
});

function newRow(educationType: EducationType): EducationRow {
  return {
    educationType,
    institutionName: '',
    degree: educationType === 'medical_school' ? 'MD' : '',
    fieldOfStudy: '',
    description: '',
    location: '',
    source: 'user',
    dataSource: '',
    medicalSchoolId: '',
    medicalSchoolName: '',
    programId: '',
    programName: '',
    parentSpecialty: '',
    fellowshipSpecialtyId: '',
    fellowshipSpecialtyName: '',
    startYear: '',
    endYear: '',
    startDate: '',
    endDate: '',
    graduationYear: '',
    completionYear: '',
    inProgress: false,
    computed: null,
  };
}

/**
 * The schema's output → the PUT body. Years are what the provider edits; the server works the dates
 * out from them (July 1 – June 30; medical school ends June 1), so stale dates are not sent, and the
 * end year goes into the field each type keeps it in.
 */
function toPayload(output: ProfileSectionData<'education_training'>) {
  return {
    items: output.items.map((item) => {
      const end = item.endYear;
      return {
        ...item,
        startDate: null,
        endDate: null,
        graduationYear:
          item.educationType === 'medical_school' || item.educationType === 'undergraduate' || item.educationType === 'graduate' ? end : item.graduationYear,
        completionYear: item.educationType === 'fellowship' ? end : null,
      };
    }),
  };
}

type Form = UseFormReturn<EducationForm, unknown, ProfileSectionData<'education_training'>>;

function MedicalSchoolFields({ form, index }: { form: Form; index: number }) {
  const [typed, setTyped] = useState<string | null>(null);
  const [degreeFilter, setDegreeFilter] = useState<DegreeType | ''>('');
  const query = useDebouncedValue(typed ?? '', SEARCH_DEBOUNCE_MS);
  const schools = useMedicalSchoolSearch(query.trim(), degreeFilter, typed !== null);
  const name = useWatch({ control: form.control, name: `items.${index}.medicalSchoolName` });
  const options = useMemo(
    () =>
      (schools.data ?? []).map((school) => ({
        value: school.id,
        label: school.name,
        description: [school.city, school.state].filter(Boolean).join(', '),
        meta: <Badge variant={school.degreeType === 'DO' ? 'coral' : 'brand'}>{school.degreeType}</Badge>,
      })),
    [schools.data],
  );
  const error = form.formState.errors.items?.[index];
  return (
    <>
      <div className="sm:col-span-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-gray-700">Show</span>
          {(['', 'MD', 'DO'] as const).map((value) => (
            <button
              key={value || 'all'}
              type="button"
              aria-pressed={degreeFilter === value}
              onClick={() => setDegreeFilter(value)}
              className={
                degreeFilter === value
                  ? 'rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white'
                  : 'rounded-full bg-gray-100 px-3 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-200'
              }
            >
              {value ? `${value} schools` : 'All schools'}
            </button>
          ))}
        </div>
      </div>
      <Combobox
        className="sm:col-span-4"
        label="Medical school"
        variant="search"
        minChars={1}
        hint="Type part of the name, city or state. A school that is not listed can be typed in full."
        inputValue={typed ?? name}
        onInputChange={(next) => {
          setTyped(next);
          form.setValue(`items.${index}.medicalSchoolName`, next, { shouldDirty: true });
          form.setValue(`items.${index}.medicalSchoolId`, '', { shouldDirty: true });
        }}
        options={options}
        loading={schools.isFetching}
        stale={(typed ?? '').trim() !== query.trim() || schools.isPlaceholderData}
        emptyMessage="No school matches; what you typed is kept."
        onSelect={(option) => {
          const school = schools.data?.find((s) => s.id === option.value);
          setTyped(null);
          const settings = { shouldDirty: true } as const;
          form.setValue(`items.${index}.medicalSchoolId`, option.value, settings);
          form.setValue(`items.${index}.medicalSchoolName`, option.label, settings);
          form.setValue(`items.${index}.institutionName`, option.label, settings);
          if (school) {
            form.setValue(`items.${index}.degree`, school.degreeType, settings);
            if (!form.getValues(`items.${index}.location`)) form.setValue(`items.${index}.location`, option.description ?? '', settings);
          }
        }}
        onBlur={() => setTyped(null)}
        error={error?.medicalSchoolId?.message ?? error?.medicalSchoolName?.message}
      />
      <SelectField fieldClassName="sm:col-span-2" label="Degree" {...form.register(`items.${index}.degree`)}>
        <option value="MD">MD</option>
        <option value="DO">DO</option>
        <option value="MBBS">MBBS</option>
        <option value="MBChB">MBChB</option>
        <option value="">Other</option>
      </SelectField>
    </>
  );
}

function ResidencyFields({ form, index }: { form: Form; index: number }) {
  const [typed, setTyped] = useState<string | null>(null);
  const query = useDebouncedValue(typed ?? '', SEARCH_DEBOUNCE_MS);
  const programs = useResidencyPrograms(query.trim(), typed !== null);
  const name = useWatch({ control: form.control, name: `items.${index}.programName` });
  const options = useMemo(
    () => (programs.data ?? []).slice(0, 50).map((program) => ({ value: program.id, label: program.name, description: program.category ?? undefined })),
    [programs.data],
  );
  const error = form.formState.errors.items?.[index];
  return (
    <>
      <Combobox
        className="sm:col-span-3"
        label="Residency program"
        variant="search"
        minChars={1}
        inputValue={typed ?? name}
        onInputChange={(next) => {
          setTyped(next);
          form.setValue(`items.${index}.programName`, next, { shouldDirty: true });
          form.setValue(`items.${index}.programId`, '', { shouldDirty: true });
        }}
        options={options}
        loading={programs.isFetching}
        stale={(typed ?? '').trim() !== query.trim() || programs.isPlaceholderData}
        emptyMessage="No program matches; what you typed is kept."
        onSelect={(option) => {
          setTyped(null);
          const settings = { shouldDirty: true } as const;
          form.setValue(`items.${index}.programId`, option.value, settings);
          form.setValue(`items.${index}.programName`, option.label, settings);
          if (option.description && !form.getValues(`items.${index}.fieldOfStudy`)) form.setValue(`items.${index}.fieldOfStudy`, option.description, settings);
        }}
        onBlur={() => setTyped(null)}
        error={error?.programId?.message ?? error?.programName?.message}
      />
      <TextField
        fieldClassName="sm:col-span-3"
        label="Hospital or institution"
        optional
        error={error?.institutionName?.message}
        {...form.register(`items.${index}.institutionName`)}
      />
    </>
  );
}

function FellowshipFields({ form, index }: { form: Form; index: number }) {
  const parent = useWatch({ control: form.control, name: `items.${index}.parentSpecialty` });
  const chosenId = useWatch({ control: form.control, name: `items.${index}.fellowshipSpecialtyId` });
  const chosenName = useWatch({ control: form.control, name: `items.${index}.fellowshipSpecialtyName` });
  const fellowships = useFellowshipSpecialties(parent);
  const parents = fellowships.data?.parents ?? [];
  const items = parent ? (fellowships.data?.items ?? []).filter((item) => item.parentSpecialty === parent) : [];
  const error = form.formState.errors.items?.[index];
  return (
    <>
      <SelectField
        fieldClassName="sm:col-span-3"
        label="Parent specialty"
        value={parent}
        onChange={(event) => {
          const settings = { shouldDirty: true } as const;
          form.setValue(`items.${index}.parentSpecialty`, event.target.value, settings);
          form.setValue(`items.${index}.fellowshipSpecialtyId`, '', settings);
          form.setValue(`items.${index}.fellowshipSpecialtyName`, '', settings);
        }}
      >
        <option value="">{fellowships.isPending ? 'Loading…' : 'Choose a specialty'}</option>
        {parents.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {parent && !parents.includes(parent) && !fellowships.isPending ? <option value={parent}>{parent}</option> : null}
      </SelectField>
      <SelectField
        fieldClassName="sm:col-span-3"
        label="Fellowship"
        value={chosenId}
        disabled={!parent}
        error={error?.fellowshipSpecialtyId?.message}
        onChange={(event) => {
          const chosen = items.find((item) => item.id === event.target.value);
          const settings = { shouldDirty: true } as const;
          form.setValue(`items.${index}.fellowshipSpecialtyId`, event.target.value, settings);
          form.setValue(`items.${index}.fellowshipSpecialtyName`, chosen?.subspecialtyName ?? '', settings);
        }}
      >
        <option value="">{parent ? 'Choose a fellowship' : 'Choose a parent specialty first'}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.subspecialtyName}
          </option>
        ))}
        {chosenId && !items.some((item) => item.id === chosenId) ? <option value={chosenId}>{chosenName || 'Saved fellowship'}</option> : null}
      </SelectField>
      <TextField
        fieldClassName="sm:col-span-6"
        label="Hospital or institution"
        optional
        error={error?.institutionName?.message}
        {...form.register(`items.${index}.institutionName`)}
      />
    </>
  );
}

function OtherEducationFields({ form, index }: { form: Form; index: number }) {
  const error = form.formState.errors.items?.[index];
  return (
    <>
      <TextField
        fieldClassName="sm:col-span-4"
        label="Institution"
        optional
        error={error?.institutionName?.message}
        {...form.register(`items.${index}.institutionName`)}
      />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Degree"
        optional
        list="education-degrees"
        error={error?.degree?.message}
        {...form.register(`items.${index}.degree`)}
      />
      <TextField
        fieldClassName="sm:col-span-6"
        label="Field of study"
        optional
        error={error?.fieldOfStudy?.message}
        {...form.register(`items.${index}.fieldOfStudy`)}
      />
    </>
  );
}

function ComputedDates({ row }: { row: EducationRow | undefined }) {
  if (!row?.computed) {
    return <p className="text-xs text-gray-600">Dates are worked out from the years when you save.</p>;
  }
  const { startDate, endDate, isCurrent } = row.computed;
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
      <CalendarRange aria-hidden="true" className="size-3.5 text-gray-500" />
      <span>
        Saved as {formatDate(startDate) ?? 'no start date'} – {formatDate(endDate) ?? (isCurrent ? 'present' : 'no end date')}
      </span>
      {isCurrent ? <Badge variant="success">Current</Badge> : <Badge variant="gray">Completed</Badge>}
    </p>
  );
}

function EducationFormCard({ data }: { data: SectionView<'education_training'> }) {
  const form = useForm<EducationForm, unknown, ProfileSectionData<'education_training'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(educationTrainingSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'education_training', form, toFormValues, toPayload, successMessage: 'Education and training saved' });
  const errors = form.formState.errors.items;

  const title = (row: EducationRow | undefined) => {
    if (!row) return null;
    const label = EDUCATION_TYPE_LABELS[row.educationType] ?? 'Education';
    const place =
      row.educationType === 'medical_school'
        ? row.medicalSchoolName || row.institutionName
        : row.educationType === 'residency'
          ? row.programName || row.institutionName
          : row.educationType === 'fellowship'
            ? row.fellowshipSpecialtyName || row.institutionName
            : row.institutionName;
    return place ? `${label} · ${place}` : label;
  };

  return (
    <EditorCard
      title="Education and training"
      icon={GraduationCap}
      description="From medical school to your most recent fellowship. Enter years; training years run from July 1 to June 30 and medical school ends on June 1 of your graduation year."
      editor={editor}
      saveLabel="Save education and training"
    >
      <datalist id="education-degrees">
        {DEGREES.map((degree) => (
          <option key={degree} value={degree} />
        ))}
      </datalist>
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append(newRow('medical_school'))}
        addActions={[
          { label: 'Add medical school', onAdd: () => items.append(newRow('medical_school')) },
          { label: 'Add residency', onAdd: () => items.append(newRow('residency')) },
          { label: 'Add fellowship', onAdd: () => items.append(newRow('fellowship')) },
          { label: 'Add other education', onAdd: () => items.append(newRow('undergraduate')) },
        ]}
        onRemove={items.remove}
        onMove={items.move}
        itemName="entry"
        itemTitle={(index) => title(rows[index])}
        renderItemMeta={(index) => (rows[index]?.source === 'directory' ? <Badge variant="gray">From your hospital directory</Badge> : null)}
        empty={{
          icon: School,
          title: 'No education or training yet',
          description: 'Start with your medical school; your profile counts as complete here once it has one.',
        }}
        cap="education_training"
        error={listErrorText(errors)}
        renderItem={(index) => {
          const row = rows[index];
          const type = row?.educationType ?? 'medical_school';
          const error = errors?.[index];
          const endLabel = type === 'medical_school' ? 'Graduation year' : type === 'fellowship' ? 'Completion year' : 'End year';
          return (
            <div className="grid gap-4 sm:grid-cols-6">
              <SelectField fieldClassName="sm:col-span-2" label="Type" error={error?.educationType?.message} {...form.register(`items.${index}.educationType`)}>
                {EDUCATION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {EDUCATION_TYPE_LABELS[value]}
                  </option>
                ))}
              </SelectField>
              <TextField
                fieldClassName="sm:col-span-4"
                label="Location"
                optional
                placeholder="City, state"
                error={error?.location?.message}
                {...form.register(`items.${index}.location`)}
              />
              {type === 'medical_school' ? <MedicalSchoolFields form={form} index={index} /> : null}
              {type === 'residency' ? <ResidencyFields form={form} index={index} /> : null}
              {type === 'fellowship' ? <FellowshipFields form={form} index={index} /> : null}
              {type !== 'medical_school' && type !== 'residency' && type !== 'fellowship' ? <OtherEducationFields form={form} index={index} /> : null}
              <TextField
                fieldClassName="sm:col-span-2"
                label="Start year"
                optional
                inputMode="numeric"
                maxLength={4}
                placeholder="YYYY"
                error={error?.startYear?.message}
                {...form.register(`items.${index}.startYear`)}
              />
              <TextField
                fieldClassName="sm:col-span-2"
                label={endLabel}
                optional
                inputMode="numeric"
                maxLength={4}
                placeholder="YYYY"
                disabled={row?.inProgress}
                error={error?.endYear?.message ?? error?.graduationYear?.message ?? error?.completionYear?.message}
                {...form.register(`items.${index}.endYear`)}
              />
              <Controller
                control={form.control}
                name={`items.${index}.inProgress`}
                render={({ field }) => (
                  <CheckboxField
                    fieldClassName="self-end pb-2 sm:col-span-2"
                    label={type === 'medical_school' ? 'Still studying' : 'In progress'}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.checked);
                      if (event.target.checked) form.setValue(`items.${index}.endYear`, '', { shouldDirty: true });
                    }}
                  />
                )}
              />
              <TextareaField
                fieldClassName="sm:col-span-6"
                label="Notes"
                optional
                rows={2}
                placeholder="Honours, chief residency, research focus…"
                error={error?.description?.message}
                {...form.register(`items.${index}.description`)}
              />
              <div className="sm:col-span-6">
                <ComputedDates row={row} />
              </div>
            </div>
          );
        }}
      />
    </EditorCard>
  );
}

export function EducationTrainingPage() {
  return (
    <SectionPage id="education_training">
      <SectionLoader sectionId="education_training" label="Loading your education and training" rows={5}>
        {(data) => <EducationFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { EducationTrainingPage as Component };
