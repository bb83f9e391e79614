import { Languages, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { LANGUAGE_PROFICIENCIES, type LanguageProficiency } from '@shared/enums';
import { QUICK_ADD_LANGUAGE_CODES } from '@shared/limits';
import { languagesSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { useLanguages } from '../api/get-languages';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { SelectField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { schemaResolver } from '../lib/resolver';

interface LanguageRow {
  languageCode: string;
  proficiency: LanguageProficiency;
  isFromYext: boolean;
}
interface LanguagesForm {
  items: LanguageRow[];
}

export const PROFICIENCY_LABELS: Record<LanguageProficiency, string> = {
  basic: 'Basic',
  conversational: 'Conversational',
  professional: 'Professional working',
  fluent: 'Fluent',
  native: 'Native or bilingual',
};

const toFormValues = (data: SectionView<'languages'>): LanguagesForm => ({
  items: data.items.map((item) => ({ languageCode: item.languageCode, proficiency: item.proficiency, isFromYext: item.isFromYext })),
});

function LanguagesFormCard({ data }: { data: SectionView<'languages'> }) {
  const reference = useLanguages();
  const form = useForm<LanguagesForm, unknown, ProfileSectionData<'languages'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(languagesSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({
    sectionId: 'languages',
    form,
    toFormValues,
    successMessage: 'Languages saved',
    resolveErrorField: (field, error) => {
      const code = (error as { details?: { code?: unknown } }).details?.code;
      const index = rows.findIndex((row) => row.languageCode === code);
      return field === 'languageCode' && index >= 0 ? `items.${index}.languageCode` : null;
    },
  });

  const options = useMemo(() => reference.data?.items ?? [], [reference.data]);
  const nameOf = useMemo(() => new Map(options.map((option) => [option.code, option.name])), [options]);
  const used = new Set(rows.map((row) => row.languageCode));
  const quickAdd = (reference.data?.quickAddCodes.length ? reference.data.quickAddCodes : [...QUICK_ADD_LANGUAGE_CODES]).filter((code) => !used.has(code));
  const add = (code = '') => items.append({ languageCode: code, proficiency: 'basic', isFromYext: false });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Languages"
      icon={Languages}
      description="The languages you can see patients in, in the order patients should read them."
      editor={editor}
      saveLabel="Save languages"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() => add()}
        onRemove={items.remove}
        onMove={items.move}
        itemName="language"
        itemTitle={(index) => nameOf.get(rows[index]?.languageCode ?? '') ?? null}
        empty={{ icon: Languages, title: 'No languages yet', description: 'Add the languages you speak, or pick one of the common ones below.' }}
        cap="languages"
        error={listErrorText(errors)}
        compact
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name={`items.${index}.languageCode`}
              render={({ field, fieldState }) => (
                // Controlled: the 42 options arrive after the row, and the choice must show once they do.
                <SelectField
                  label="Language"
                  error={fieldState.error?.message}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  <option value="">{reference.isPending ? 'Loading languages…' : 'Choose a language…'}</option>
                  {options.map((option) => (
                    <option key={option.code} value={option.code} disabled={used.has(option.code) && field.value !== option.code}>
                      {option.name}
                    </option>
                  ))}
                  {field.value && !nameOf.has(field.value) ? <option value={field.value}>{field.value}</option> : null}
                </SelectField>
              )}
            />
            <SelectField label="Proficiency" error={errors?.[index]?.proficiency?.message} {...form.register(`items.${index}.proficiency`)}>
              {LANGUAGE_PROFICIENCIES.map((level) => (
                <option key={level} value={level}>
                  {PROFICIENCY_LABELS[level]}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        toolbar={
          quickAdd.length > 0 ? (
            <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Quick add a language">
              <span className="text-xs font-medium text-gray-600">Quick add:</span>
              {quickAdd.map((code) => (
                <button
                  key={code}
                  type="button"
                  onClick={() => add(code)}
                  className="inline-flex h-7 items-center gap-1 rounded-full border border-gray-200 bg-white px-2.5 text-xs font-medium text-gray-800 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
                >
                  <Plus aria-hidden="true" className="size-3" />
                  {nameOf.get(code) ?? code}
                </button>
              ))}
            </div>
          ) : null
        }
      />
    </EditorCard>
  );
}

export function LanguagesEditor() {
  return (
    <SectionLoader sectionId="languages" label="Loading your languages" rows={2}>
      {(data) => <LanguagesFormCard data={data} />}
    </SectionLoader>
  );
}
