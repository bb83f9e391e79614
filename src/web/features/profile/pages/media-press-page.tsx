import { ExternalLink, Newspaper, Sparkles, Star } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { mediaPressSchema, normalizeHttpUrl, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { SelectField, Switch, TextareaField, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

export const MEDIA_TYPES = [
  { value: 'article', label: 'Article' },
  { value: 'news_article', label: 'News article' },
  { value: 'interview', label: 'Interview' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'video', label: 'Video' },
  { value: 'tv', label: 'TV appearance' },
  { value: 'radio', label: 'Radio' },
  { value: 'blog', label: 'Blog post' },
  { value: 'press_release', label: 'Press release' },
];

interface MediaRow {
  id: string;
  title: string;
  mediaType: string;
  publicationSource: string;
  date: string;
  url: string;
  description: string;
  isFeatured: boolean;
  status: 'manual' | 'approved';
}
interface MediaForm {
  items: MediaRow[];
}

const toFormValues = (data: SectionView<'media_press'>): MediaForm => ({
  items: data.items.map((item) => ({
    id: item.id,
    title: item.title,
    mediaType: item.mediaType,
    publicationSource: text(item.publicationSource),
    date: text(item.date),
    url: text(item.url),
    description: text(item.description),
    isFeatured: item.isFeatured,
    status: item.status,
  })),
});

const toPayload = (output: ProfileSectionData<'media_press'>) => ({ items: output.items.map(({ id, ...item }) => (id ? { id, ...item } : item)) });

function MediaFormCard({ data }: { data: SectionView<'media_press'> }) {
  const form = useForm<MediaForm, unknown, ProfileSectionData<'media_press'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(mediaPressSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'media_press', form, toFormValues, toPayload, successMessage: 'Media and press saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Media and press"
      icon={Newspaper}
      description="Interviews, articles, podcasts and videos that feature you. Featured pieces are shown first."
      editor={editor}
      saveLabel="Save media and press"
    >
      <ListEditor
        fields={items.fields}
        onAdd={() =>
          items.append({
            id: '',
            title: '',
            mediaType: 'article',
            publicationSource: '',
            date: '',
            url: '',
            description: '',
            isFeatured: false,
            status: 'manual',
          })
        }
        onRemove={items.remove}
        onMove={items.move}
        itemName="media item"
        itemTitle={(index) => rows[index]?.title}
        renderItemMeta={(index) => {
          const row = rows[index];
          const link = row?.url ? normalizeHttpUrl(row.url.trim()) : null;
          return (
            <>
              {row?.status === 'approved' ? (
                <Badge variant="gray">
                  <Sparkles aria-hidden="true" className="size-3" />
                  Discovered
                </Badge>
              ) : null}
              {row?.isFeatured ? (
                <Badge variant="coral">
                  <Star aria-hidden="true" className="size-3" />
                  Featured
                </Badge>
              ) : null}
              {link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100"
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">Open {row?.title || 'link'} (new tab)</span>
                </a>
              ) : null}
            </>
          );
        }}
        empty={{ icon: Newspaper, title: 'No media or press yet', description: 'Add interviews, news stories and podcasts with their source, date and link.' }}
        cap="media_press"
        error={listErrorText(errors)}
        renderItem={(index) => {
          const error = errors?.[index];
          const type = rows[index]?.mediaType;
          return (
            <div className="grid gap-4 sm:grid-cols-6">
              <TextField fieldClassName="sm:col-span-6" label="Title" error={error?.title?.message} {...form.register(`items.${index}.title`)} />
              <SelectField fieldClassName="sm:col-span-2" label="Type" {...form.register(`items.${index}.mediaType`)}>
                {MEDIA_TYPES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
                {type && !MEDIA_TYPES.some((option) => option.value === type) ? <option value={type}>{type}</option> : null}
              </SelectField>
              <TextField
                fieldClassName="sm:col-span-2"
                label="Source"
                optional
                placeholder="Chicago Tribune"
                error={error?.publicationSource?.message}
                {...form.register(`items.${index}.publicationSource`)}
              />
              <TextField
                fieldClassName="sm:col-span-2"
                label="Date"
                optional
                placeholder="YYYY-MM-DD"
                error={error?.date?.message}
                {...form.register(`items.${index}.date`)}
              />
              <TextField
                fieldClassName="sm:col-span-6"
                type="url"
                label="Link"
                optional
                placeholder="https://"
                error={error?.url?.message}
                {...form.register(`items.${index}.url`)}
              />
              <TextareaField
                fieldClassName="sm:col-span-6"
                label="Description"
                optional
                rows={3}
                error={error?.description?.message}
                {...form.register(`items.${index}.description`)}
              />
              <Controller
                control={form.control}
                name={`items.${index}.isFeatured`}
                render={({ field }) => <Switch className="sm:col-span-6" checked={field.value} onChange={field.onChange} label="Feature this piece" />}
              />
            </div>
          );
        }}
      />
    </EditorCard>
  );
}

export function MediaPressPage() {
  return (
    <SectionPage id="media_press">
      <SectionLoader sectionId="media_press" label="Loading your media and press" rows={4}>
        {(data) => <MediaFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { MediaPressPage as Component };
