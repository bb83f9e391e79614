import { AtSign, Eye, EyeOff } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { socialMediaSchema, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { Switch, TextField } from '../components/fields';
import { ListEditor, listErrorText } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { useSectionEditor } from '../hooks/use-section-editor';
import { text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface SocialRow {
  platform: string;
  username: string;
  profileUrl: string;
  isVisible: boolean;
}
interface SocialForm {
  items: SocialRow[];
}

const PLATFORMS = ['LinkedIn', 'Doximity', 'X (Twitter)', 'Facebook', 'Instagram', 'YouTube', 'ResearchGate', 'Google Scholar', 'ORCID', 'TikTok'];

// The list order is the display order: rows carry none of their own, so the schema numbers them by position.
const toFormValues = (data: SectionView<'social_media'>): SocialForm => ({
  items: [...data.items]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((item) => ({ platform: item.platform, username: text(item.username), profileUrl: text(item.profileUrl), isVisible: item.isVisible })),
});

function SocialMediaFormCard({ data }: { data: SectionView<'social_media'> }) {
  const form = useForm<SocialForm, unknown, ProfileSectionData<'social_media'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(socialMediaSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'social_media', form, toFormValues, successMessage: 'Social media saved' });
  const errors = form.formState.errors.items;

  return (
    <EditorCard
      title="Social media"
      icon={AtSign}
      description="Professional accounts patients and colleagues can follow. Hidden accounts are kept but not shown on your profile."
      editor={editor}
      saveLabel="Save social media"
    >
      <datalist id="social-platforms">
        {PLATFORMS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append({ platform: '', username: '', profileUrl: '', isVisible: true })}
        onRemove={items.remove}
        onMove={items.move}
        itemName="account"
        itemTitle={(index) => [rows[index]?.platform, rows[index]?.username].filter(Boolean).join(' · ')}
        renderItemMeta={(index) =>
          rows[index]?.isVisible === false ? (
            <Badge variant="gray">
              <EyeOff aria-hidden="true" className="size-3.5" />
              Hidden
            </Badge>
          ) : (
            <Badge variant="success">
              <Eye aria-hidden="true" className="size-3.5" />
              Shown
            </Badge>
          )
        }
        empty={{
          icon: AtSign,
          title: 'No social media accounts yet',
          description: 'Add LinkedIn, Doximity or other professional accounts, in the order you want them shown.',
        }}
        cap="social_media"
        error={listErrorText(errors)}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              fieldClassName="sm:col-span-2"
              label="Platform"
              list="social-platforms"
              error={errors?.[index]?.platform?.message}
              {...form.register(`items.${index}.platform`)}
            />
            <TextField
              fieldClassName="sm:col-span-4"
              label="Username"
              optional
              placeholder="@handle"
              error={errors?.[index]?.username?.message}
              {...form.register(`items.${index}.username`)}
            />
            <TextField
              fieldClassName="sm:col-span-6"
              type="url"
              label="Profile URL"
              optional
              placeholder="https://"
              error={errors?.[index]?.profileUrl?.message}
              {...form.register(`items.${index}.profileUrl`)}
            />
            <Controller
              control={form.control}
              name={`items.${index}.isVisible`}
              render={({ field }) => <Switch className="sm:col-span-6" checked={field.value} onChange={field.onChange} label="Show on my profile" />}
            />
          </div>
        )}
      />
    </EditorCard>
  );
}

export function SocialMediaEditor() {
  return (
    <SectionLoader sectionId="social_media" label="Loading your social media" rows={2}>
      {(data) => <SocialMediaFormCard data={data} />}
    </SectionLoader>
  );
}
