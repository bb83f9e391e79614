import { Download, ListChecks, Play, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ROSTER_MAX_ROWS } from '@shared/schemas/roster';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { readCsvFile } from '../../components/csv-tools';
import { FileDropZone } from '../../components/file-drop-zone';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { formatDateTime, formatNumber } from '@web/lib/console-format';
import {
  refusedRowsUrl,
  useRefreshRosterUpload,
  useRosterProgress,
  useRosterUpload,
  useRosterUploads,
  useStartDrafting,
  useUploadRoster,
  type RosterUploadDetailDto,
  type RosterUploadDto,
} from '../api/roster';
import { RosterPeople } from './roster-people';
import { SendInvitations } from './send-invitations';

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

const STATUS_WORDS: Record<RosterUploadDto['status'], string> = { checked: 'checked', drafting: 'pre-filling', drafted: 'pre-filled' };

/**
 * The pre-filling job of a checked upload: the button that starts it, then a progress bar that the
 * page polls while it runs (no reload). When the count of finished rows moves, the rows are read
 * again so each person's state below follows.
 */
function DraftingPanel({ hospitalId, upload }: { hospitalId: string; upload: RosterUploadDetailDto }) {
  const progress = useRosterProgress(hospitalId, upload.id);
  const start = useStartDrafting(hospitalId);
  const refresh = useRefreshRosterUpload(hospitalId);
  const data = progress.data;
  const done = data?.done ?? 0;
  const status = data?.status ?? upload.status;
  const seen = useRef({ done, status });
  useEffect(() => {
    if (seen.current.done === done && seen.current.status === status) return;
    seen.current = { done, status };
    refresh(upload.id);
  }, [done, status, refresh, upload.id]);

  if (upload.acceptedRows === 0) return null;
  const total = data?.total ?? upload.acceptedRows;
  const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
  return (
    <section aria-labelledby={`drafting-${upload.id}`} className="flex flex-col gap-3 rounded-xl border border-gray-200 px-4 py-3">
      <h4 id={`drafting-${upload.id}`} className="text-base font-semibold text-gray-900">
        Pre-filled profiles
      </h4>
      {status === 'checked' ? (
        <>
          <p className="text-sm text-gray-700">
            Each accepted person is looked up in the NPI registry (and your listing service, if you use one) and gets a draft profile with what they hold.
            Someone who already has a Vitae account is linked to it instead. Still no one is contacted.
          </p>
          <div>
            <Button onClick={() => start.mutate(upload.id)} loading={start.isPending}>
              <Play aria-hidden="true" className="size-4" />
              Start pre-filling {plural(upload.acceptedRows, 'profile', 'profiles')}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium text-gray-900">{status === 'drafted' ? 'Finished' : 'Pre-filling…'}</span>
            <span className="text-gray-700 tabular-nums">
              {formatNumber(done)} of {formatNumber(total)} done ({percent} %)
            </span>
          </div>
          <ProgressBar percent={percent} label="Pre-filling progress" />
          {data ? (
            <p className="text-sm text-gray-700" aria-live="polite">
              {plural(data.drafted, 'draft ready or linked', 'drafts ready or linked')} · {formatNumber(data.drafting + data.waiting)} still to do ·{' '}
              {plural(data.failed, 'not pre-filled', 'not pre-filled')}
            </p>
          ) : null}
        </div>
      )}
      {status === 'drafting' && data?.job?.status === 'failed' ? (
        <Notice tone="error" title="Pre-filling stopped">
          <p>
            It failed after {plural(data.job.attempts, 'attempt', 'attempts')}
            {data.job.lastError ? `: ${data.job.lastError}` : ''}. The people not done yet are still waiting; nothing was made twice.
          </p>
          <div className="mt-2">
            <Button variant="outline" size="sm" onClick={() => start.mutate(upload.id)} loading={start.isPending}>
              <Play aria-hidden="true" className="size-4" />
              Resume pre-filling
            </Button>
          </div>
        </Notice>
      ) : null}
      {status === 'drafting' && data?.job?.status === 'queued' && data.job.attempts > 0 && data.job.lastError ? (
        <Notice tone="warning">
          Trying again at {formatDateTime(data.job.runAt)} ({data.job.lastError}).
        </Notice>
      ) : null}
      {status !== 'checked' ? <SendInvitations hospitalId={hospitalId} upload={upload} /> : null}
      {start.isError ? <Notice tone="error">{serverMessage(start.error, 'Pre-filling could not be started.')}</Notice> : null}
      {progress.isError ? <Notice tone="error">{serverMessage(progress.error, 'The progress could not be read.')}</Notice> : null}
    </section>
  );
}

/** The checked upload: counts, every refused row with its reason, the download, and the accepted rows waiting. */
function UploadReport({ hospitalId, upload }: { hospitalId: string; upload: RosterUploadDetailDto }) {
  const refused = upload.rows.filter((row) => row.state === 'refused');
  const accepted = upload.rows.filter((row) => row.state === 'accepted_waiting');
  const unconfirmed = upload.status === 'checked' ? accepted.filter((row) => !row.registryChecked).length : 0;
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <Notice tone={refused.length === 0 ? 'success' : 'warning'} title={`Checked ${formatDateTime(upload.createdAt)}`}>
        <p>
          {plural(upload.totalRows, 'row', 'rows')}: {plural(upload.acceptedRows, 'accepted', 'accepted')}, {plural(upload.refusedRows, 'refused', 'refused')}.
          No one has been contacted{upload.status === 'checked' ? ': accepted people wait to have their profile pre-filled' : ''}.
        </p>
        {unconfirmed > 0 ? (
          <p className="mt-1">
            The NPI registry could not be reached for {plural(unconfirmed, 'row', 'rows')}; whether the NPI is an individual’s will be checked again before
            anything is made.
          </p>
        ) : null}
      </Notice>
      {refused.length > 0 ? (
        <section aria-labelledby={`refused-${upload.id}`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 id={`refused-${upload.id}`} className="text-base font-semibold text-gray-900">
              Refused rows ({formatNumber(refused.length)})
            </h4>
            <a
              href={refusedRowsUrl(hospitalId, upload.id)}
              download
              className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              <Download aria-hidden="true" className="size-4" />
              Download refused rows (CSV)
            </a>
          </div>
          <ul className="flex flex-col divide-y divide-gray-200 rounded-xl border border-gray-200">
            {refused.map((row) => (
              <li key={row.id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,1.2fr)] sm:gap-4">
                <span className="text-gray-600">Line {row.line}</span>
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-mono text-gray-900">{row.npi || '(no NPI)'}</span>
                  <span className="block text-gray-700">{row.email || '(no e-mail)'}</span>
                  {row.name ? <span className="block text-gray-600">{row.name}</span> : null}
                </span>
                <span className="font-medium text-red-800">{row.refusalReason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DraftingPanel hospitalId={hospitalId} upload={upload} />
      <RosterPeople hospitalId={hospitalId} upload={upload} />
    </div>
  );
}

type Source = { kind: 'file'; name: string; text: string } | { kind: 'file-error'; name: string; error: string } | null;

/**
 * A hospital's roster: upload a CSV or paste a list (NPI, e-mail, optional name, department, location,
 * specialty); the server checks every row and keeps the upload; earlier uploads are listed below.
 */
export function RosterTab({ hospitalId }: { hospitalId: string }) {
  const uploads = useRosterUploads(hospitalId);
  const send = useUploadRoster(hospitalId);
  const [source, setSource] = useState<Source>(null);
  const [pasted, setPasted] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const detail = useRosterUpload(hospitalId, selected);

  const onFile = async (file: File) => {
    send.reset();
    const read = await readCsvFile(file);
    setSource('error' in read ? { kind: 'file-error', name: file.name, error: read.error } : { kind: 'file', name: file.name, text: read.text });
  };
  const text = source?.kind === 'file' ? source.text : pasted.trim() ? pasted : null;
  const check = () => {
    if (!text) return;
    send.mutate(text, { onSuccess: (upload) => setSelected(upload.id) });
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Upload a roster</CardTitle>
          <CardDescription>
            A CSV file or a pasted list with a header row: <span className="font-mono">NPI</span> and <span className="font-mono">Email</span>, and if you have
            them <span className="font-mono">Name</span>, <span className="font-mono">Department</span>, <span className="font-mono">Location</span>,{' '}
            <span className="font-mono">Specialty</span>. Every row is checked first; nothing is sent to anyone.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FileDropZone
            accept=".csv,text/csv"
            label="a CSV file"
            hint={`Up to ${formatNumber(ROSTER_MAX_ROWS)} people.`}
            fileName={source && 'name' in source ? source.name : null}
            disabled={send.isPending}
            onFile={(file) => void onFile(file)}
          />
          {source?.kind === 'file-error' ? <Notice tone="error">{source.error}</Notice> : null}
          {source?.kind === 'file' ? null : (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="roster-paste" className="text-sm font-medium text-gray-900">
                Or paste the list
              </label>
              <textarea
                id="roster-paste"
                rows={5}
                value={pasted}
                onChange={(event) => setPasted(event.target.value)}
                placeholder={'NPI,Email,Name\n1234567893,name@hospital.org,Jane Doe'}
                spellCheck={false}
                className="w-full rounded-lg border border-gray-300 px-3 py-2 font-mono text-sm text-gray-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
              />
            </div>
          )}
          {send.isError ? <Notice tone="error">{serverMessage(send.error, 'The roster could not be checked.')}</Notice> : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={check} disabled={!text} loading={send.isPending}>
              <Upload aria-hidden="true" className="size-4" />
              Check the roster
            </Button>
            {source ? (
              <Button variant="ghost" onClick={() => setSource(null)} disabled={send.isPending}>
                Use a pasted list instead
              </Button>
            ) : null}
          </div>
          {selected && detail.data ? <UploadReport hospitalId={hospitalId} upload={detail.data} /> : null}
          {selected && detail.isPending ? <LoadingPanel label="Loading the upload" /> : null}
          {selected && detail.isError ? (
            <ErrorPanel title="The upload could not be loaded." error={detail.error} onRetry={() => void detail.refetch()} />
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Roster uploads</CardTitle>
        </CardHeader>
        <CardContent>
          {uploads.isPending ? <LoadingPanel label="Loading the roster uploads" /> : null}
          {uploads.isError ? <ErrorPanel title="The roster uploads could not be loaded." error={uploads.error} onRetry={() => void uploads.refetch()} /> : null}
          {uploads.data && uploads.data.items.length === 0 ? <p className="text-sm text-gray-600">No roster has been uploaded yet.</p> : null}
          {uploads.data && uploads.data.items.length > 0 ? (
            <ul className="flex flex-col divide-y divide-gray-200">
              {uploads.data.items.map((upload) => (
                <li key={upload.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-gray-900">{formatDateTime(upload.createdAt)}</span>
                    <span className="text-gray-700">
                      {plural(upload.totalRows, 'row', 'rows')} · {formatNumber(upload.acceptedRows)} accepted · {formatNumber(upload.refusedRows)} refused ·{' '}
                      {STATUS_WORDS[upload.status]}
                    </span>
                  </span>
                  <Button variant="outline" size="sm" onClick={() => setSelected(upload.id)} aria-pressed={selected === upload.id}>
                    <ListChecks aria-hidden="true" className="size-4" />
                    Show rows
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
