import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ApiError } from '@web/lib/api-client';
import { ErrorReport, readCsvFile, TemplateDownloadLink } from '../../components/csv-tools';
import { FileDropZone } from '../../components/file-drop-zone';
import { formatNumber } from '@web/lib/console-format';
import { TERMS_TEMPLATE_URL, useReplaceTerms, type TermScope } from '../api/terms';
import { precheckTermsCsv, replaceErrors } from '../lib/terms-csv';

type HospitalScope = Extract<TermScope, { kind: 'hospital' }>;
type Chosen = { fileName: string; text: string; rows: number } | { fileName: string; error: string };

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

  const onFile = async (file: File) => {
    replace.reset();
    const read = await readCsvFile(file);
    if ('error' in read) return setChosen({ fileName: file.name, error: read.error });
    const check = await precheckTermsCsv(read.text);
    return setChosen(check.error ? { fileName: file.name, error: check.error } : { fileName: file.name, text: read.text, rows: check.rowCount });
  };
  const send = () => {
    if (!chosen || 'error' in chosen) return;
    onPendingChange(true);
    replace.mutate(chosen.text, {
      onSuccess: ({ created }) => {
        toast.success(`Replaced the hospital’s terms with ${formatNumber(created)} from ${chosen.fileName}.`);
        onDone();
      },
      onSettled: () => onPendingChange(false),
    });
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
        {chosen && 'rows' in chosen && !replace.isError ? (
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
      </div>
      <DialogActions
        submitLabel="Replace all terms"
        onSubmit={send}
        disabled={!chosen || 'error' in chosen || replace.isError}
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
