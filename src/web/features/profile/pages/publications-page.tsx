import { BookOpen, Sparkles, Star } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { publicationsSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { SelectField, Switch, TagsField, TextareaField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useSectionEditor } from '../hooks/use-section-editor';
import { list, text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

export const PUBLICATION_TYPES = [
  { value: 'peer_reviewed', label: 'Peer-reviewed article' },
  { value: 'review', label: 'Review article' },
  { value: 'case_report', label: 'Case report' },
  { value: 'book', label: 'Book' },
  { value: 'book_chapter', label: 'Book chapter' },
  { value: 'conference_abstract', label: 'Conference abstract' },
  { value: 'editorial', label: 'Editorial or commentary' },
  { value: 'other', label: 'Other' },
];

interface PublicationRow {
  id: string;
  title: string;
  authors: string[];
  journalName: string;
  publicationDate: string;
  volume: string;
  issue: string;
  pages: string;
  doi: string;
  pmid: string;
  publicationType: string;
  abstract: string;
  keywords: string[];
  isFeatured: boolean;
  status: 'manual' | 'approved';
}
interface PublicationsForm {
  items: PublicationRow[];
}

const toFormValues = (data: SectionView<'publications'>): PublicationsForm => ({
  items: data.items.map((item) => ({
    id: item.id,
    title: item.title,
    authors: list(item.authors),
    journalName: text(item.journalName),
    publicationDate: text(item.publicationDate),
    volume: text(item.volume),
    issue: text(item.issue),
    pages: text(item.pages),
    doi: text(item.doi),
    pmid: text(item.pmid),
    publicationType: item.publicationType,
    abstract: text(item.abstract),
    keywords: list(item.keywords),
    isFeatured: item.isFeatured,
    status: item.status,
  })),
});

const newRow = (): PublicationRow => ({
  id: '',
  title: '',
  authors: [],
  journalName: '',
  publicationDate: '',
  volume: '',
  issue: '',
  pages: '',
  doi: '',
  pmid: '',
  publicationType: 'peer_reviewed',
  abstract: '',
  keywords: [],
  isFeatured: false,
  status: 'manual',
});

// A new row has no id yet; the schema takes a missing one, not an empty one.
const toPayload = (output: ProfileSectionData<'publications'>) => ({ items: output.items.map(({ id, ...item }) => (id ? { id, ...item } : item)) });

function PublicationsFormCard({ data }: { data: SectionView<'publications'> }) {
  const form = useForm<PublicationsForm, unknown, ProfileSectionData<'publications'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(publicationsSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'publications', form, toFormValues, toPayload, successMessage: 'Publications saved' });
  const errors = form.formState.errors.items;
  const knownTypes = new Set(PUBLICATION_TYPES.map((t) => t.value));

  return (
    <EditorCard
      title="Publications"
      icon={BookOpen}
      description="Your articles, reviews, books and chapters. Featured ones are shown first."
      editor={editor}
      saveLabel="Save publications"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append(newRow())}
        onRemove={items.remove}
        onMove={items.move}
        itemName="publication"
        itemTitle={(index) => rows[index]?.title}
        renderItemMeta={(index) => (
          <>
            {rows[index]?.status === 'approved' ? (
              <Badge variant="gray">
                <Sparkles aria-hidden="true" className="size-3" />
                Discovered
              </Badge>
            ) : null}
            {rows[index]?.isFeatured ? (
              <Badge variant="coral">
                <Star aria-hidden="true" className="size-3" />
                Featured
              </Badge>
            ) : null}
          </>
        )}
        empty={{ icon: BookOpen, title: 'No publications yet', description: 'Add your peer-reviewed work with its journal, DOI or PubMed ID.' }}
        cap="publications"
        error={listErrorText(errors)}
        renderItem={(index) => {
          const error = errors?.[index];
          const type = rows[index]?.publicationType;
          return (
            <div className="grid gap-4 sm:grid-cols-6">
              <TextareaField fieldClassName="sm:col-span-6" label="Title" rows={2} error={error?.title?.message} {...form.register(`items.${index}.title`)} />
              <Controller
                control={form.control}
                name={`items.${index}.authors`}
                render={({ field }) => (
                  <TagsField
                    className="sm:col-span-6"
                    label="Authors"
                    optional
                    itemName="author"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder="Okafor M, Lee J"
                    hint="In the order they appear. Press Enter or type a comma after each."
                  />
                )}
              />
              <TextField
                fieldClassName="sm:col-span-4"
                label="Journal"
                optional
                error={error?.journalName?.message}
                {...form.register(`items.${index}.journalName`)}
              />
              <SelectField fieldClassName="sm:col-span-2" label="Type" {...form.register(`items.${index}.publicationType`)}>
                {PUBLICATION_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
                {type && !knownTypes.has(type) ? <option value={type}>{type}</option> : null}
              </SelectField>
              <TextField
                fieldClassName="sm:col-span-2"
                label="Published"
                optional
                placeholder="2021 Mar"
                error={error?.publicationDate?.message}
                {...form.register(`items.${index}.publicationDate`)}
              />
              <TextField fieldClassName="sm:col-span-1" label="Volume" optional error={error?.volume?.message} {...form.register(`items.${index}.volume`)} />
              <TextField fieldClassName="sm:col-span-1" label="Issue" optional error={error?.issue?.message} {...form.register(`items.${index}.issue`)} />
              <TextField
                fieldClassName="sm:col-span-2"
                label="Pages"
                optional
                placeholder="112–119"
                error={error?.pages?.message}
                {...form.register(`items.${index}.pages`)}
              />
              <TextField
                fieldClassName="sm:col-span-3"
                label="DOI"
                optional
                placeholder="10.1056/NEJMoa2034577"
                error={error?.doi?.message}
                {...form.register(`items.${index}.doi`)}
              />
              <TextField
                fieldClassName="sm:col-span-3"
                label="PubMed ID (PMID)"
                optional
                inputMode="numeric"
                error={error?.pmid?.message}
                {...form.register(`items.${index}.pmid`)}
              />
              <TextareaField
                fieldClassName="sm:col-span-6"
                label="Abstract"
                optional
                rows={3}
                error={error?.abstract?.message}
                {...form.register(`items.${index}.abstract`)}
              />
              <Controller
                control={form.control}
                name={`items.${index}.keywords`}
                render={({ field }) => (
                  <TagsField
                    className="sm:col-span-6"
                    label="Keywords"
                    optional
                    itemName="keyword"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`items.${index}.isFeatured`}
                render={({ field }) => (
                  <Switch
                    className="sm:col-span-6"
                    checked={field.value}
                    onChange={field.onChange}
                    label="Feature this publication"
                    description="Featured publications are listed first on your profile."
                  />
                )}
              />
            </div>
          );
        }}
      />
    </EditorCard>
  );
}

export function PublicationsPage() {
  return (
    <SectionPage id="publications">
      <SectionLoader sectionId="publications" label="Loading your publications" rows={4}>
        {(data) => <PublicationsFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { PublicationsPage as Component };
