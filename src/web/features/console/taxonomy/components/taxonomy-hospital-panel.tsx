import { Copy, History, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { TAXONOMY_SOURCES, type TaxonomySource } from '@shared/enums';
import { TAXONOMY_TEMPLATE_FILE_NAME } from '@shared/schemas/taxonomy';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ApiError } from '@web/lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorReport, readCsvFile, TemplateDownloadLink } from '../../components/csv-tools';
import { FileDropZone } from '../../components/file-drop-zone';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { Switch } from '../../components/switch';
import { formatDateTime, formatNumber } from '@web/lib/console-format';
import {
  TAXONOMY_TEMPLATE_URL,
  useCopyDefaultTaxonomy,
  useResetTaxonomy,
  useSaveTaxonomyConfig,
  useTaxonomyConfig,
  useTaxonomyUploads,
  useUploadTaxonomy,
  type TaxonomyConfigDto,
  type TaxonomyScope,
  type TaxonomyUploadDto,
} from '../api/taxonomy';
import { precheckTaxonomyCsv, type TaxonomyPrecheck } from '../lib/taxonomy-form';

type HospitalScope = Extract<TaxonomyScope, { kind: 'hospital' }>;

const SOURCE_LABELS: Record<TaxonomySource, string> = {
  default: 'Default taxonomy',
  uploaded: 'Uploaded file',
  copied: 'Copied from the defaults',
  yext_sync: 'Yext sync',
};

function ConfigCard({ scope, config }: { scope: HospitalScope; config: TaxonomyConfigDto }) {
  const save = useSaveTaxonomyConfig(scope);
  const reset = useResetTaxonomy(scope);
  const copy = useCopyDefaultTaxonomy(scope);
  const [confirmCopy, setConfirmCopy] = useState(false);
  const [draft, setDraft] = useState<{ usesDefaultTaxonomy: boolean; taxonomySource: TaxonomySource } | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const sourceId = useId();
  const current = draft ?? { usesDefaultTaxonomy: config.usesDefaultTaxonomy, taxonomySource: config.taxonomySource };
  const dirty = current.usesDefaultTaxonomy !== config.usesDefaultTaxonomy || current.taxonomySource !== config.taxonomySource;

  return (
    <SectionCard
      id="taxonomy-config"
      title="Configuration"
      description={
        <span className="flex flex-wrap items-center gap-2">
          Providers see:
          {config.effectiveSource === 'hospital' ? (
            <Badge variant="brand">This hospital’s taxonomy · {formatNumber(config.activeHospitalRowCount)} active</Badge>
          ) : (
            <Badge variant="gray">The default taxonomy</Badge>
          )}
        </span>
      }
    >
      <div className="flex flex-col gap-5">
        <Switch
          checked={current.usesDefaultTaxonomy}
          onCheckedChange={(usesDefaultTaxonomy) => setDraft({ ...current, usesDefaultTaxonomy })}
          label="Use the default taxonomy"
          description="Off: providers see this hospital’s own specialties (when it has active ones)."
        />
        <div className="flex flex-col gap-1.5 sm:max-w-xs">
          <Label htmlFor={sourceId}>Source of the hospital’s taxonomy</Label>
          <select
            id={sourceId}
            className={selectClasses}
            value={current.taxonomySource}
            onChange={(event) => setDraft({ ...current, taxonomySource: event.target.value as TaxonomySource })}
          >
            {TAXONOMY_SOURCES.map((source) => (
              <option key={source} value={source}>
                {SOURCE_LABELS[source]}
              </option>
            ))}
          </select>
        </div>
        {save.isError ? <Notice tone="error">{serverMessage(save.error, 'Failed to update taxonomy')}</Notice> : null}
        <div className="flex flex-col gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:flex-wrap sm:justify-between">
          <Button
            variant="outline"
            className="text-red-700! hover:bg-red-50!"
            onClick={() => {
              reset.reset();
              setConfirmReset(true);
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset to defaults
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              copy.reset();
              setConfirmCopy(true);
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            Copy default taxonomy
          </Button>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" disabled={!dirty || save.isPending} onClick={() => setDraft(null)}>
              Discard
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(current, {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success('Taxonomy configuration saved.');
                  },
                })
              }
            >
              Save configuration
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmCopy}
        onOpenChange={setConfirmCopy}
        title="Copy the default taxonomy to this hospital?"
        description={
          <p>
            Every active specialty of the default taxonomy that this hospital does not have yet is added to its own taxonomy, which its providers then see.
            Specialties it already has are left as they are.
          </p>
        }
        confirmLabel="Copy default taxonomy"
        pending={copy.isPending}
        error={copy.isError ? serverMessage(copy.error, 'Failed to update taxonomy') : null}
        onConfirm={() =>
          copy.mutate(undefined, {
            onSuccess: ({ created_count }) => {
              setConfirmCopy(false);
              setDraft(null);
              toast.success(`${formatNumber(created_count)} ${created_count === 1 ? 'specialty was' : 'specialties were'} copied from the default taxonomy.`);
            },
          })
        }
      />
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset to the default taxonomy?"
        description={
          <p>
            All {formatNumber(config.activeHospitalRowCount)} active specialties of this hospital’s own taxonomy — and any inactive ones — are deleted, and its
            providers see the default taxonomy again. This cannot be undone.
          </p>
        }
        confirmLabel="Reset to defaults"
        destructive
        pending={reset.isPending}
        error={reset.isError ? serverMessage(reset.error, 'Failed to update taxonomy') : null}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: ({ deletedRowCount }) => {
              setConfirmReset(false);
              setDraft(null);
              toast.success(`Back to the default taxonomy; ${formatNumber(deletedRowCount)} ${deletedRowCount === 1 ? 'row was' : 'rows were'} deleted.`);
            },
          })
        }
      />
    </SectionCard>
  );
}

/** `details.errors` of a refused upload: the server's line-numbered problems. */
function serverUploadErrors(error: unknown): { errors: string[]; total: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'TAXONOMY_UPLOAD_INVALID') return null;
  const details = (error.details ?? {}) as { errors?: unknown; errorCount?: unknown };
  const errors = Array.isArray(details.errors) ? details.errors.filter((item): item is string => typeof item === 'string') : [];
  return { errors, total: typeof details.errorCount === 'number' ? details.errorCount : errors.length };
}

type Chosen = { fileName: string; text: string; check: TaxonomyPrecheck } | { fileName: string; readError: string };

export function TaxonomyUploadCard({ scope, currentRows }: { scope: HospitalScope; currentRows: number }) {
  const upload = useUploadTaxonomy(scope);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  const onFile = async (file: File) => {
    upload.reset();
    const read = await readCsvFile(file);
    setChosen(
      'error' in read ? { fileName: file.name, readError: read.error } : { fileName: file.name, text: read.text, check: precheckTaxonomyCsv(read.text) },
    );
  };
  const ready = chosen && 'check' in chosen && chosen.check.errors.length === 0 ? chosen : null;
  const refused = serverUploadErrors(upload.error);

  return (
    <SectionCard
      id="taxonomy-upload"
      title="Upload a taxonomy"
      description="Replace this hospital’s taxonomy with a CSV file. Every row is checked first; if any row has a problem, nothing changes."
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span>Start from the template: one specialty per row.</span>
          <TemplateDownloadLink href={TAXONOMY_TEMPLATE_URL} fileName={TAXONOMY_TEMPLATE_FILE_NAME} />
        </div>
        <FileDropZone
          accept=".csv,text/csv"
          label="a CSV file"
          hint="Columns: specialty (required), department, division, section, specialty_code, search_keywords, common_abbreviations; or NUCC’s taxonomy file (nucc_taxonomy_*.csv) as published."
          fileName={chosen?.fileName}
          disabled={upload.isPending}
          onFile={(file) => void onFile(file)}
        />
        {chosen && 'readError' in chosen ? <Notice tone="error">{chosen.readError}</Notice> : null}
        {chosen && 'check' in chosen && chosen.check.errors.length > 0 ? (
          <ErrorReport title={chosen.check.message ?? 'The file cannot be used.'} errors={chosen.check.errors} />
        ) : null}
        {refused ? (
          <ErrorReport title={serverMessage(upload.error)} errors={refused.errors} total={refused.total} />
        ) : upload.isError ? (
          <Notice tone="error">{serverMessage(upload.error, 'Failed to update taxonomy')}</Notice>
        ) : null}
        {ready && !upload.isError ? (
          <div className="flex flex-col gap-3 rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-gray-800" role="status">
              <span className="font-semibold">{formatNumber(ready.check.rowCount)} specialties</span> checked, no problems found.
              {currentRows > 0 ? ` They replace the ${formatNumber(currentRows)} current ones.` : ''}
            </p>
            <Button
              loading={upload.isPending}
              onClick={() =>
                upload.mutate(
                  { fileName: ready.fileName, csv: ready.text },
                  {
                    onSuccess: ({ rowCount }) => {
                      setChosen(null);
                      toast.success(`Uploaded ${formatNumber(rowCount)} specialties; providers now see this hospital’s taxonomy.`);
                    },
                  },
                )
              }
            >
              Upload and replace
            </Button>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}

const STATUS_BADGES: Record<TaxonomyUploadDto['uploadStatus'], { label: string; variant: 'success' | 'gray' | 'coral' | 'brand' }> = {
  completed: { label: 'Completed', variant: 'success' },
  failed: { label: 'Failed', variant: 'coral' },
  pending: { label: 'Pending', variant: 'gray' },
  processing: { label: 'Processing', variant: 'brand' },
};

function UploadHistory({ scope }: { scope: HospitalScope }) {
  const uploads = useTaxonomyUploads(scope);
  return (
    <SectionCard id="taxonomy-history" title="Upload history" description="The latest files uploaded for this hospital.">
      {uploads.isPending ? (
        <LoadingPanel label="Loading the upload history" />
      ) : uploads.isError ? (
        <ErrorPanel title="The upload history could not be loaded." error={uploads.error} onRetry={() => void uploads.refetch()} />
      ) : uploads.data.items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <History aria-hidden="true" className="size-4" />
          No uploads yet.
        </p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Uploads">
          {uploads.data.items.map((item) => (
            <li key={item.id} className="py-3 first:pt-0 last:pb-0">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex min-w-0 items-center gap-2 text-sm">
                  <span className="truncate font-medium text-gray-900" title={item.fileName}>
                    {item.fileName}
                  </span>
                  <Badge variant={STATUS_BADGES[item.uploadStatus].variant}>{STATUS_BADGES[item.uploadStatus].label}</Badge>
                </p>
                <p className="shrink-0 text-xs text-gray-600">
                  {item.rowCount !== null && item.uploadStatus === 'completed' ? `${formatNumber(item.rowCount)} rows · ` : ''}
                  {formatDateTime(item.createdAt)}
                </p>
              </div>
              {item.errorMessage ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs font-medium text-red-700">Why it failed</summary>
                  <pre className="mt-1 max-h-40 overflow-auto rounded-lg bg-red-50 p-2 font-sans text-xs whitespace-pre-wrap text-red-900">
                    {item.errorMessage}
                  </pre>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** A hospital's taxonomy configuration, CSV upload, reset and upload history. */
export function TaxonomyHospitalPanel({ scope }: { scope: HospitalScope }) {
  const config = useTaxonomyConfig(scope);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 xl:grid-cols-2">
        {config.isPending ? (
          <LoadingPanel label="Loading the configuration" />
        ) : config.isError ? (
          <ErrorPanel title="Failed to retrieve taxonomy" error={config.error} onRetry={() => void config.refetch()} />
        ) : (
          <ConfigCard scope={scope} config={config.data} />
        )}
        <TaxonomyUploadCard scope={scope} currentRows={config.data?.activeHospitalRowCount ?? 0} />
      </div>
      <UploadHistory scope={scope} />
    </div>
  );
}
