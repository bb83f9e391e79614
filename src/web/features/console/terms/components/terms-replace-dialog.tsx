import { useState } from 'react';
import { toast } from 'sonner';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ApiError } from '@web/lib/api-client';
import { ErrorReport, readCsvFile, TemplateDownloadLink } from '../../components/csv-tools';
import { FileDropZone } from '../../components/file-drop-zone';
import { formatNumber } from '@web/lib/console-format';
import type { TermsImportDto } from '@shared/schemas/terms-import';
import { isTermsImport, TERMS_TEMPLATE_URL, useReplaceTerms, useTermsImport, type TermScope } from '../api/terms';
import { precheckTermsCsv, replaceErrors } from '../lib/terms-csv';

type HospitalScope = Extract<TermScope, { kind: 'hospital' }>;
type Chosen = { fileName: string; text: string; rows: number } | { fileName: string; error: string };

const PHASE_LABELS: Record<TermsImportDto['phase'], string> = {
  waiting: 'Waiting to start…',
  reading: 'Reading the file…',
  checking: 'Checking every row…',
  writing: 'Replacing the terms…',
  finished: 'Finished',
};

/**
 * A large file's import (a job on the server): its progress while it waits and runs, then how many
 * terms it imported, or why nothing changed with each refused row.
 */
function ImportProgress({ scope, jobId, fileName }: { scope: HospitalScope; jobId: string; fileName: string }) {
  const query = useTermsImport(scope, jobId);
  const data = query.data;
  if (!data) return <Notice tone="info">Import of {fileName} queued…</Notice>;
  if (data.status === 'done') {
    return (
      <Notice tone="success" title="Import finished">
        Replaced the hospital’s terms with {formatNumber(data.created ?? 0)} from {fileName}.
      </Notice>
    );
  }
  if (data.status === 'refused') return <ErrorReport title={data.message ?? 'The file was refused; nothing was changed.'} errors={data.errors} />;
  if (data.status === 'failed') {
    return (
      <Notice tone="error" title="The import failed">
        {data.message ?? 'Nothing was changed.'}
      </Notice>
    );
  }
  const total = data.total ?? 0;
  // Checking is most of the visible work; writing is one transaction, shown as the last step.
  const percent = data.phase === 'writing' ? 100 : total === 0 ? 0 : Math.floor((data.checked / total) * 100);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-gray-900">{PHASE_LABELS[data.phase]}</span>
        {total > 0 ? (
          <span className="text-gray-700 tabular-nums">
            {formatNumber(data.checked)} of {formatNumber(total)} rows checked
          </span>
        ) : null}
      </div>
      <ProgressBar percent={percent} label="Import progress" />
      <p className="text-sm text-gray-700">The current terms stay until every row is checked and the new ones are written. You can close this window.</p>
    </div>
  );
}

function ReplaceForm({
  scope,
  currentCount,
  onDone,
  onPendingChange,
}: {
  scope: HospitalScope;
  currentCount: number | null;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const replace = useReplaceTerms(scope);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [job, setJob] = useState<{ jobId: string; fileName: string } | null>(null);

  const onFile = async (file: File) => {
    replace.reset();
    setJob(null);
    const read = await readCsvFile(file);
    if ('error' in read) return setChosen({ fileName: file.name, error: read.error });
    const check = await precheckTermsCsv(read.text);
    return setChosen(check.error ? { fileName: file.name, error: check.error } : { fileName: file.name, text: read.text, rows: check.rowCount });
  };
  const send = () => {
    if (!chosen || 'error' in chosen) return;
    onPendingChange(true);
    replace.mutate(
      { csv: chosen.text, fileName: chosen.fileName },
      {
        onSuccess: (result) => {
          // A large file is imported by a job: the dialog shows its progress and result.
          if (isTermsImport(result)) return setJob({ jobId: result.jobId, fileName: chosen.fileName });
          toast.success(`Replaced the hospital’s terms with ${formatNumber(result.created)} from ${chosen.fileName}.`);
          onDone();
        },
        onSettled: () => onPendingChange(false),
      },
    );
  };
  const rowErrors = replace.error instanceof ApiError ? replaceErrors(replace.error.details) : [];

  return (
    <>
      <DialogTitle className="pr-8">Replace terms from CSV</DialogTitle>
      <DialogDescription>
        Every term of this hospital is replaced by the file’s. All rows are checked first; if one has a problem, nothing changes. Synonyms and keywords are
        separated by semicolons.
      </DialogDescription>
      <div className="mt-5 flex flex-col gap-4">
        <div>
          <TemplateDownloadLink href={TERMS_TEMPLATE_URL} fileName="expertise-terms-template.csv" />
        </div>
        <FileDropZone
          accept=".csv,text/csv"
          label="a CSV file"
          hint="Columns: term_id, term (required), term_type, specialty_name, synonyms, search_keywords, is_active."
          fileName={chosen?.fileName}
          disabled={replace.isPending}
          onFile={(file) => void onFile(file)}
        />
        {chosen && 'error' in chosen ? <Notice tone="error">{chosen.error}</Notice> : null}
        {chosen && 'rows' in chosen && !replace.isError && !job ? (
          <Notice tone="warning">
            {formatNumber(chosen.rows)} {chosen.rows === 1 ? 'term' : 'terms'} will replace{' '}
            {currentCount === null ? 'the current terms' : `the current ${formatNumber(currentCount)}`}.
          </Notice>
        ) : null}
        {replace.isError ? (
          rowErrors.length > 0 ? (
            <ErrorReport title={serverMessage(replace.error)} errors={rowErrors} />
          ) : (
            <Notice tone="error">{serverMessage(replace.error, 'Failed to update term')}</Notice>
          )
        ) : null}
        {job ? <ImportProgress scope={scope} jobId={job.jobId} fileName={job.fileName} /> : null}
      </div>
      <DialogActions
        submitLabel="Replace all terms"
        onSubmit={send}
        disabled={!chosen || 'error' in chosen || replace.isError || Boolean(job)}
        pending={replace.isPending}
        className="mt-6"
      />
    </>
  );
}

export function TermsReplaceDialog({
  scope,
  open,
  onOpenChange,
  currentCount,
}: {
  scope: HospitalScope;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentCount: number | null;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <ReplaceForm scope={scope} currentCount={currentCount} onDone={() => onOpenChange(false)} onPendingChange={setPending} />
      </DialogContent>
    </Dialog>
  );
}
