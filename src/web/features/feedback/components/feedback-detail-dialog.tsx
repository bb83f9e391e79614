import { ExternalLink, ImageOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '@shared/enums';
import { FEEDBACK_MESSAGES } from '@shared/schemas/feedback';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { selectClasses } from '@web/components/form/form-field';
import { serverMessage } from '@web/lib/admin-error-message';
import { formatDateTime } from '@web/lib/console-format';
import { useAdminFeedbackItem, useUpdateFeedbackStatus } from '../api/admin-feedback';
import type { FeedbackItem } from '../api/types';
import { SeverityBadge, StatusBadge } from './feedback-badges';
import { categoryLabel, statusLabel } from '../lib/labels';

/** One console or network entry as a line: the recorded shape, or whatever an older client sent. */
export function describeEntry(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return String(entry);
  const record = entry as Record<string, unknown>;
  if (typeof record.method === 'string' && typeof record.url === 'string') {
    const outcome = typeof record.status === 'number' ? String(record.status) : typeof record.error === 'string' ? record.error : 'failed';
    return `${record.method} ${record.url} → ${outcome}`;
  }
  if (typeof record.message === 'string') return record.message;
  if (typeof record.path === 'string') return record.path;
  try {
    return JSON.stringify(entry);
  } catch {
    return String(entry);
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wider text-gray-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function EntryList({ entries, empty }: { entries: unknown[] | undefined; empty: string }) {
  if (!entries || entries.length === 0) return <p className="text-sm text-gray-500">{empty}</p>;
  return (
    <ol className="flex flex-col gap-1 rounded-lg bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-800 ring-1 ring-gray-200 ring-inset">
      {entries.map((entry, index) => (
        <li key={index} className="break-all">
          {describeEntry(entry)}
        </li>
      ))}
    </ol>
  );
}

function Screenshot({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-4 text-sm text-gray-600 ring-1 ring-gray-200 ring-inset">
        <ImageOff aria-hidden="true" className="size-4" />
        The screenshot could not be loaded.
      </p>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="block overflow-hidden rounded-lg ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <img src={url} alt="Screenshot sent with the feedback" className="max-h-80 w-full bg-gray-50 object-contain object-top" onError={() => setFailed(true)} />
      <span className="sr-only"> (opens full size in a new tab)</span>
    </a>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface FeedbackDetailDialogProps {
  /** The list's copy, shown at once; the dialog then reads the current state. */
  item: FeedbackItem | null;
  onOpenChange: (open: boolean) => void;
}

/** A submission with its screenshot, context and tracker link; the status can be changed here. */
export function FeedbackDetailDialog({ item: listItem, onOpenChange }: FeedbackDetailDialogProps) {
  const detail = useAdminFeedbackItem(listItem?.id ?? null, listItem ?? undefined);
  const update = useUpdateFeedbackStatus();
  const statusId = useId();
  const item = detail.data ?? listItem;

  const changeStatus = (status: FeedbackStatus) => {
    if (!item || status === item.status) return;
    update.mutate(
      { id: item.id, status },
      {
        onSuccess: () => toast.success(`Status set to ${statusLabel(status)}`),
        onError: (error) => toast.error(FEEDBACK_MESSAGES.updateFailed, { description: serverMessage(error, FEEDBACK_MESSAGES.updateFailed) }),
      },
    );
  };

  const technical = item?.technicalContext ?? {};
  const route = item?.applicationContext?.currentRoute ?? item?.metadata.url;

  return (
    <Dialog open={listItem !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        {item ? (
          <div className="flex flex-col gap-6">
            <div className="pr-8">
              <DialogTitle className="break-words">{item.title}</DialogTitle>
              <DialogDescription asChild>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <StatusBadge status={item.status} />
                  <SeverityBadge severity={item.severity} />
                  <span className="text-sm text-gray-700">{categoryLabel(item.category)}</span>
                  {item.archivedAt ? <span className="text-sm text-gray-500">· Archived</span> : null}
                </div>
              </DialogDescription>
            </div>

            <div className="flex flex-col gap-3 rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 ring-inset sm:flex-row sm:items-end sm:justify-between">
              <div className="flex flex-col gap-1.5 sm:w-56">
                <label htmlFor={statusId} className="text-sm font-medium text-gray-800">
                  Status
                </label>
                <div className="flex items-center gap-2">
                  <select
                    id={statusId}
                    className={selectClasses}
                    value={item.status}
                    disabled={update.isPending}
                    onChange={(event) => changeStatus(event.target.value as FeedbackStatus)}
                  >
                    {FEEDBACK_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {statusLabel(status)}
                      </option>
                    ))}
                  </select>
                  {update.isPending ? <Spinner size="sm" label="Saving" className="text-brand-600" /> : null}
                </div>
              </div>
              {item.linkedIssue?.url ? (
                <a
                  href={item.linkedIssue.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
                >
                  {item.linkedIssue.identifier ? `Open ${item.linkedIssue.identifier} in the tracker` : 'Open in the tracker'}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <p className="text-sm text-gray-500">Not filed in the tracker yet.</p>
              )}
            </div>

            <Facts
              rows={[
                ['From', `${item.user.email} (${item.user.tier})`],
                ['Sent', formatDateTime(item.createdAt)],
                ['Updated', formatDateTime(item.updatedAt)],
              ]}
            />

            <Section title="Description">
              <p className="text-sm leading-6 break-words whitespace-pre-wrap text-gray-800">{item.description}</p>
            </Section>

            {item.reproductionSteps ? (
              <Section title="Steps to reproduce">
                <p className="text-sm leading-6 break-words whitespace-pre-wrap text-gray-800">{item.reproductionSteps}</p>
              </Section>
            ) : null}

            <Section title="Screenshot">
              {item.screenshotUrl ? <Screenshot url={item.screenshotUrl} /> : <p className="text-sm text-gray-500">No screenshot.</p>}
            </Section>

            <Section title="Context">
              <Facts
                rows={[
                  ['Browser', technical.browser ?? item.metadata.browser],
                  ['OS', technical.os ?? item.metadata.os],
                  ['Route', <span className="font-mono text-xs">{route ?? 'unknown'}</span>],
                  ['User agent', <span className="text-xs text-gray-700">{technical.userAgent ?? item.metadata.userAgent}</span>],
                ]}
              />
            </Section>

            <Section title="Console errors">
              <EntryList entries={technical.consoleErrors} empty="None recorded." />
            </Section>
            <Section title="Failed requests">
              <EntryList entries={technical.networkErrors} empty="None recorded." />
            </Section>
            <Section title="Pages visited">
              <EntryList entries={technical.navigation} empty="None recorded." />
            </Section>
          </div>
        ) : (
          <DialogTitle className="sr-only">Feedback</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  );
}
