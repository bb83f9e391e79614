import { useEffect, useState } from 'react';
import { CsvParseError, normalizeCsvHeader } from '@shared/csv';
import { parseCsvOffThread } from '@web/lib/csv/parse-csv-off-thread';
import { BULK_LOCATION_MAX_ROWS, LOCATION_MESSAGES } from '@shared/schemas/locations';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ErrorReport, readCsvFile, TemplateDownloadLink } from '../../components/csv-tools';
import { FileDropZone } from '../../components/file-drop-zone';
import { formatNumber } from '@web/lib/console-format';
import { LOCATION_TEMPLATE_URL, useBulkLocations, type BulkLocationReport } from '../api/locations';

const NAME_HEADERS = new Set(['name', 'locationname']);

/** What the browser can tell before sending: readable, a "name" column, some rows, not too many. */
export async function precheckLocationsCsv(text: string): Promise<{ rows: number } | { error: string }> {
  let records;
  try {
    records = await parseCsvOffThread(text);
  } catch (error) {
    if (error instanceof CsvParseError) return { error: `The CSV could not be read: ${error.message}` };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || !header.fields.some((cell) => NAME_HEADERS.has(normalizeCsvHeader(cell)))) return { error: LOCATION_MESSAGES.csvHeader };
  if (rows.length === 0) return { error: LOCATION_MESSAGES.csvEmpty };
  if (rows.length > BULK_LOCATION_MAX_ROWS) return { error: LOCATION_MESSAGES.csvTooManyRows(BULK_LOCATION_MAX_ROWS) };
  return { rows: rows.length };
}

type Chosen = { name: string; text: string; rows: number } | { name: string; error: string };

export function LocationsBulkDialog({ hospitalId, open, onOpenChange }: { hospitalId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const upload = useBulkLocations(hospitalId);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [report, setReport] = useState<BulkLocationReport | null>(null);
  const resetUpload = upload.reset;

  useEffect(() => {
    if (!open) return;
    setChosen(null);
    setReport(null);
    resetUpload();
  }, [open, resetUpload]);

  const onFile = async (file: File) => {
    upload.reset();
    setReport(null);
    const read = await readCsvFile(file);
    if ('error' in read) return setChosen({ name: file.name, error: read.error });
    const check = await precheckLocationsCsv(read.text);
    return setChosen('error' in check ? { name: file.name, error: check.error } : { name: file.name, text: read.text, rows: check.rows });
  };

  const send = () => {
    if (!chosen || 'error' in chosen) return;
    upload.mutate(chosen.text, { onSuccess: setReport });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (upload.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogTitle className="pr-8">Upload locations</DialogTitle>
        <DialogDescription>
          Add many locations from a CSV file with a header row. Only <span className="font-mono">name</span> is required; the template shows the other columns.
          Rows with problems are skipped and listed.
        </DialogDescription>
        <div className="mt-5 flex flex-col gap-4">
          <div>
            <TemplateDownloadLink href={LOCATION_TEMPLATE_URL} fileName="hospital-locations-template.csv" />
          </div>
          {report ? null : (
            <FileDropZone
              accept=".csv,text/csv"
              label="a CSV file"
              hint={`Up to ${formatNumber(BULK_LOCATION_MAX_ROWS)} locations, 10 MB.`}
              fileName={chosen?.name}
              disabled={upload.isPending}
              onFile={(file) => void onFile(file)}
            />
          )}
          {chosen && 'error' in chosen ? <Notice tone="error">{chosen.error}</Notice> : null}
          {chosen && 'rows' in chosen && !report ? (
            <p className="text-sm text-gray-700">
              {formatNumber(chosen.rows)} {chosen.rows === 1 ? 'row' : 'rows'} ready to upload.
            </p>
          ) : null}
          {upload.isError ? <Notice tone="error">{serverMessage(upload.error, 'The locations could not be uploaded.')}</Notice> : null}
          {report ? (
            <div className="flex flex-col gap-3" aria-live="polite">
              <Notice tone={report.created > 0 ? 'success' : 'warning'} title="Upload finished">
                <p>
                  {formatNumber(report.created)} {report.created === 1 ? 'location was' : 'locations were'} added
                  {report.failed > 0 ? `, ${formatNumber(report.failed)} ${report.failed === 1 ? 'row was' : 'rows were'} skipped` : ''}.
                </p>
                {report.ignoredColumns?.length ? (
                  <p className="mt-1 [overflow-wrap:anywhere]">
                    {report.ignoredColumns.length === 1
                      ? 'This column was not read'
                      : `These ${formatNumber(report.ignoredColumns.length)} columns were not read`}
                    : {report.ignoredColumns.join(', ')}.
                  </p>
                ) : null}
              </Notice>
              {report.errors.length > 0 ? <ErrorReport title="Skipped rows" errors={report.errors} total={report.failed} /> : null}
            </div>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {report ? (
            <>
              <Button
                variant="ghost"
                onClick={() => {
                  setReport(null);
                  setChosen(null);
                  upload.reset();
                }}
              >
                Upload another file
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </>
          ) : (
            <>
              <DialogClose asChild>
                <Button variant="ghost" disabled={upload.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button onClick={send} disabled={!chosen || 'error' in chosen} loading={upload.isPending}>
                Upload
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
