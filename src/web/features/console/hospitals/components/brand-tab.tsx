import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, FileText, Image as ImageIcon, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BRAND_FILE_ACCEPT, BRAND_FILE_TYPES, BRAND_LIMITS, brandSettingsSchema, brandWritingStandardsSchema } from '@shared/schemas/brand';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileDropZone } from '../../components/file-drop-zone';
import { IconButton, iconButtonClasses } from '../../components/icon-button';
import { EmptyState, ErrorPanel, LoadingPanel } from '../../components/query-states';
import { FormActions, SectionCard } from '../../components/section-card';
import { Switch } from '../../components/switch';
import { CharacterCount, Textarea } from '../../components/textarea';
import { formatDate } from '@web/lib/console-format';
import {
  brandDocumentFileUrl,
  useBrandDocuments,
  useBrandSettings,
  useDeleteBrandDocument,
  useMakeBrandDocumentPrimary,
  useSaveBrandSettings,
  useSaveWritingStandards,
  useUploadBrandDocument,
  useWritingStandards,
  type BrandDocumentDto,
  type BrandSettingsDto,
} from '../api/brand';
import { brandFileType, checkBrandFile, formatBytes } from '../lib/brand-files';

type SettingsInput = z.input<typeof brandSettingsSchema>;
type SettingsOutput = z.output<typeof brandSettingsSchema>;

function settingsValues(settings: BrandSettingsDto): SettingsInput {
  return {
    brandVoice: settings.brandVoice ?? '',
    toneGuidelines: settings.toneGuidelines ?? '',
    writingStyleNotes: settings.writingStyleNotes ?? '',
    autoApplyToPrompts: settings.autoApplyToPrompts,
  };
}

const TEXTS = [
  { name: 'brandVoice', label: 'Brand voice', hint: 'Who the hospital sounds like, in a few sentences.', max: BRAND_LIMITS.brandVoice, rows: 3 },
  {
    name: 'toneGuidelines',
    label: 'Tone guidelines',
    hint: 'Words to use and avoid, how formal to be, how to address patients.',
    max: BRAND_LIMITS.toneGuidelines,
    rows: 5,
  },
  {
    name: 'writingStyleNotes',
    label: 'Style notes',
    hint: 'House style: titles, abbreviations, numbers, punctuation.',
    max: BRAND_LIMITS.writingStyleNotes,
    rows: 5,
  },
] as const;

function BrandSettingsForm({ hospitalId, settings }: { hospitalId: string; settings: BrandSettingsDto }) {
  const save = useSaveBrandSettings(hospitalId);
  const form = useForm<SettingsInput, unknown, SettingsOutput>({ resolver: zodResolver(brandSettingsSchema), defaultValues: settingsValues(settings) });
  const { reset, formState, register, control, watch } = form;
  useEffect(() => {
    if (!formState.isDirty) reset(settingsValues(settings));
  }, [settings, reset, formState.isDirty]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(settingsValues(saved));
        toast.success('Brand settings saved.');
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <SectionCard id="brand-voice" title="Voice and tone" description="Guidance the biography writer follows for this hospital.">
        <div className="flex flex-col gap-5">
          {save.isError ? <Notice tone="error">{serverMessage(save.error, 'The brand settings could not be saved.')}</Notice> : null}
          {TEXTS.map(({ name, label, hint, max, rows }) => (
            <FormField key={name} label={label} hint={hint} error={formState.errors[name]?.message}>
              {({ id, describedBy, invalid }) => (
                <div className="flex flex-col gap-1">
                  <Textarea id={id} rows={rows} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register(name)} />
                  <CharacterCount value={watch(name)} max={max} />
                </div>
              )}
            </FormField>
          ))}
          <Controller
            control={control}
            name="autoApplyToPrompts"
            render={({ field }) => (
              <Switch
                checked={field.value ?? false}
                onCheckedChange={field.onChange}
                label="Apply to every biography automatically"
                description="Adds the voice, tone and style notes to the prompt of each AI-written biography."
              />
            )}
          />
        </div>
      </SectionCard>
      <FormActions dirty={formState.isDirty} pending={save.isPending} onDiscard={() => reset(settingsValues(settings))} saveLabel="Save brand settings" />
    </form>
  );
}

export function WritingStandardsForm({ hospitalId, value }: { hospitalId: string; value: string }) {
  const save = useSaveWritingStandards(hospitalId);
  const form = useForm<{ writingStandards: string }>({ resolver: zodResolver(brandWritingStandardsSchema), defaultValues: { writingStandards: value } });
  const { reset, formState, register, watch } = form;
  useEffect(() => {
    if (!formState.isDirty) reset({ writingStandards: value });
  }, [value, reset, formState.isDirty]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values.writingStandards, {
      onSuccess: (saved) => {
        reset({ writingStandards: saved.writingStandards ?? '' });
        toast.success('Writing standards saved.');
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <SectionCard
        id="writing-standards"
        title="Writing standards"
        description="The hospital’s full writing standards, pasted as text; the biography writer reads them with the documents below."
        actions={
          <>
            <Button variant="ghost" size="sm" onClick={() => reset({ writingStandards: value })} disabled={!formState.isDirty || save.isPending}>
              Discard
            </Button>
            <Button type="submit" size="sm" loading={save.isPending} disabled={!formState.isDirty}>
              Save standards
            </Button>
          </>
        }
      >
        {save.isError ? (
          <Notice tone="error" className="mb-4">
            {serverMessage(save.error, 'The writing standards could not be saved.')}
          </Notice>
        ) : null}
        <FormField label="Writing standards" error={formState.errors.writingStandards?.message}>
          {({ id, describedBy, invalid }) => (
            <div className="flex flex-col gap-1">
              <Textarea id={id} rows={8} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('writingStandards')} />
              <CharacterCount value={watch('writingStandards')} max={BRAND_LIMITS.writingStandards} />
            </div>
          )}
        </FormField>
      </SectionCard>
    </form>
  );
}

function DocumentRow({ hospitalId, document, onDelete }: { hospitalId: string; document: BrandDocumentDto; onDelete: () => void }) {
  const makePrimary = useMakeBrandDocumentPrimary(hospitalId);
  const type = brandFileType(document.fileName);
  const Icon = type && ['png', 'jpeg', 'webp'].includes(type.kind) ? ImageIcon : FileText;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-gray-50 text-gray-500 ring-1 ring-gray-200">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
            <span className="truncate" title={document.fileName}>
              {document.fileName}
            </span>
            {document.isPrimary ? <Badge variant="brand">Primary</Badge> : null}
          </p>
          <p className="text-xs text-gray-600">
            {type?.label ?? 'File'} · {formatBytes(document.sizeBytes)} · uploaded {formatDate(document.createdAt)}
          </p>
          {makePrimary.isError ? <p className="text-xs text-red-700">{serverMessage(makePrimary.error)}</p> : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 pl-13 sm:pl-0">
        <a
          href={brandDocumentFileUrl(hospitalId, document.id)}
          target="_blank"
          rel="noreferrer"
          className={iconButtonClasses}
          aria-label={`View ${document.fileName}`}
          title="View"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
        {document.isPrimary ? null : (
          <Button
            variant="ghost"
            size="sm"
            loading={makePrimary.isPending}
            onClick={() => makePrimary.mutate(document.id, { onSuccess: () => toast.success(`${document.fileName} is now the primary document.`) })}
          >
            <Star aria-hidden="true" className="size-4" />
            Make primary
          </Button>
        )}
        <IconButton icon={Trash2} tone="danger" label={`Delete ${document.fileName}`} onClick={onDelete} />
      </div>
    </li>
  );
}

function BrandDocuments({ hospitalId }: { hospitalId: string }) {
  const documents = useBrandDocuments(hospitalId);
  const upload = useUploadBrandDocument(hospitalId);
  const remove = useDeleteBrandDocument(hospitalId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [primary, setPrimary] = useState(false);
  const [deleting, setDeleting] = useState<BrandDocumentDto | null>(null);
  const primaryId = useId();

  const choose = (chosen: File) => {
    upload.reset();
    const problem = checkBrandFile(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(
      { file, isPrimary: primary },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.fileName} was uploaded${saved.isPrimary ? ' as the primary document' : ''}.`);
          setFile(null);
          setPrimary(false);
        },
      },
    );
  };

  const types = BRAND_FILE_TYPES.map((type) => type.label).join(', ');

  return (
    <SectionCard
      id="brand-documents"
      title="Brand documents"
      description="Brand books and style guides. The primary document is the one linked as the hospital’s brand guidelines."
    >
      <div className="flex flex-col gap-4">
        <FileDropZone
          accept={BRAND_FILE_ACCEPT}
          label="a brand document"
          hint={`${types}; up to 10 MB.`}
          fileName={file?.name}
          disabled={upload.isPending}
          onFile={choose}
        />
        {fileError ? <Notice tone="error">{fileError}</Notice> : null}
        {upload.isError ? <Notice tone="error">{serverMessage(upload.error, 'The document could not be uploaded.')}</Notice> : null}
        {file ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <label htmlFor={primaryId} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                id={primaryId}
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={primary}
                onChange={(event) => setPrimary(event.target.checked)}
              />
              Make it the primary document
            </label>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => setFile(null)} disabled={upload.isPending}>
                Cancel
              </Button>
              <Button onClick={send} loading={upload.isPending}>
                Upload {formatBytes(file.size)}
              </Button>
            </div>
          </div>
        ) : null}

        {documents.isPending ? (
          <LoadingPanel label="Loading brand documents" />
        ) : documents.isError ? (
          <ErrorPanel title="The brand documents could not be loaded." error={documents.error} onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <EmptyState>No brand documents yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-gray-100 border-t border-gray-100" aria-label="Brand documents">
            {documents.data.map((document) => (
              <DocumentRow
                key={document.id}
                hospitalId={hospitalId}
                document={document}
                onDelete={() => {
                  remove.reset();
                  setDeleting(document);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.fileName}?` : ''}
        description={
          <p>
            {deleting?.isPrimary
              ? 'This is the primary document; the hospital will have no brand guidelines link until another document is made primary. '
              : ''}
            The file is removed. This cannot be undone.
          </p>
        }
        confirmLabel="Delete document"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, 'The document could not be deleted.') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.fileName} was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </SectionCard>
  );
}

/** Brand settings, writing standards and guideline documents of one hospital. */
export function BrandTab({ hospitalId }: { hospitalId: string }) {
  const settings = useBrandSettings(hospitalId);
  const standards = useWritingStandards(hospitalId);
  return (
    <div className="flex flex-col gap-6">
      {settings.isPending ? (
        <LoadingPanel label="Loading brand settings" />
      ) : settings.isError ? (
        <ErrorPanel title="The brand settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <BrandSettingsForm hospitalId={hospitalId} settings={settings.data} />
      )}
      {standards.isPending ? (
        <LoadingPanel label="Loading writing standards" />
      ) : standards.isError ? (
        <ErrorPanel title="The writing standards could not be loaded." error={standards.error} onRetry={() => void standards.refetch()} />
      ) : (
        <WritingStandardsForm hospitalId={hospitalId} value={standards.data.writingStandards ?? ''} />
      )}
      <BrandDocuments hospitalId={hospitalId} />
    </div>
  );
}
