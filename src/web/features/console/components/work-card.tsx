import { ArrowRight, CalendarCheck, ClipboardList, Globe, Mail, MessageSquare, UserPlus, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { COMPLETION_REMINDER_INTERVAL_DAYS } from '@shared/schemas/admin-work';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { useAdminWork, useSendCompletionReminders, type AdminWorkView } from '../api/admin-work';
import { formatNumber } from '@web/lib/console-format';
import { ConfirmDialog } from './confirm-dialog';

interface WorkRow {
  key: keyof AdminWorkView;
  icon: LucideIcon;
  label: (count: number) => string;
  /** Where the admin acts on it. */
  to: (work: AdminWorkView) => string;
}

const directoryOf = (hospitalId: string | null) => (hospitalId ? `/system-admin/hospitals/${hospitalId}/directory` : '/system-admin/hospitals');

const ROWS: readonly WorkRow[] = [
  {
    key: 'listingsAwaitingApproval',
    icon: Globe,
    label: (n) => (n === 1 ? 'listing waits for approval' : 'listings wait for approval'),
    to: (work) => directoryOf(work.listingsAwaitingApproval.hospitalId),
  },
  {
    key: 'joinRequests',
    icon: UserPlus,
    label: (n) => (n === 1 ? 'provider asks to join' : 'providers ask to join'),
    to: () => '/system-admin/users#hospital-requests-heading',
  },
  {
    key: 'appointmentRequests',
    icon: CalendarCheck,
    label: (n) => (n === 1 ? 'new appointment request' : 'new appointment requests'),
    to: (work) => directoryOf(work.appointmentRequests.hospitalId),
  },
  {
    key: 'providersBelowThreshold',
    icon: ClipboardList,
    label: (n) => `${n === 1 ? 'provider' : 'providers'} below the completion threshold`,
    to: (work) => `/system-admin/users?completionBelow=${work.providersBelowThreshold.threshold}`,
  },
  { key: 'newFeedback', icon: MessageSquare, label: (n) => (n === 1 ? 'new feedback report' : 'new feedback reports'), to: () => '/admin/feedback' },
];

/** "Send a reminder" to the providers below the threshold, confirmed first: it e-mails real people. */
function ReminderButton({ work }: { work: AdminWorkView }) {
  const send = useSendCompletionReminders();
  const [open, setOpen] = useState(false);
  const { remindable, count, threshold } = work.providersBelowThreshold;
  if (count === 0) return null;
  if (remindable === 0) return <p className="text-xs text-gray-600">All were reminded in the last {COMPLETION_REMINDER_INTERVAL_DAYS} days.</p>;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          send.reset();
          setOpen(true);
        }}
      >
        <Mail aria-hidden="true" className="size-4" />
        Send a reminder
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`E-mail ${formatNumber(remindable)} ${remindable === 1 ? 'provider' : 'providers'}?`}
        description={
          <p>
            Each provider whose profile is below {threshold}% complete gets an e-mail with a link to their dashboard. Nobody gets more than one reminder in{' '}
            {COMPLETION_REMINDER_INTERVAL_DAYS} days.
          </p>
        }
        confirmLabel="Send the reminder"
        pending={send.isPending}
        error={send.isError ? serverMessage(send.error, 'The reminder could not be sent.') : null}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: (report) => {
              toast.success(`Reminder sent to ${formatNumber(report.sent)} ${report.sent === 1 ? 'provider' : 'providers'}.`, {
                description: report.remaining > 0 ? `${formatNumber(report.remaining)} more on the next send.` : undefined,
              });
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}

/** The console dashboard's work: what waits for the administrator, each a count and a link. */
export function WorkCard() {
  const work = useAdminWork();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-gray-900">Waiting for you</h2>
      {work.isError ? (
        <Notice tone="error" className="mt-3" title="The work list could not be loaded.">
          <p>{serverMessage(work.error)}</p>
        </Notice>
      ) : null}
      {work.data ? (
        <ul className="mt-3 divide-y divide-gray-100" aria-label="Waiting for you">
          {ROWS.map(({ key, icon: Icon, label, to }) => {
            const count = work.data[key].count;
            return (
              <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                <Link to={to(work.data)} className="group flex min-w-0 flex-1 items-center gap-3 hover:text-brand-700">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-gray-500 group-hover:text-brand-600" />
                  <span className={count > 0 ? 'text-xl font-bold text-gray-900 tabular-nums' : 'text-xl font-bold text-gray-400 tabular-nums'}>
                    {formatNumber(count)}
                  </span>
                  <span className="min-w-0 flex-1 text-sm text-gray-800 group-hover:text-brand-700">
                    {label(count)}
                    {key === 'providersBelowThreshold' ? <span className="text-gray-600"> ({work.data.providersBelowThreshold.threshold}%)</span> : null}
                  </span>
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-gray-400 group-hover:text-brand-600" />
                </Link>
                {key === 'providersBelowThreshold' ? (
                  <div className="w-full pl-8 sm:w-auto sm:pl-0">
                    <ReminderButton work={work.data} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : work.isPending ? (
        <p className="mt-3 text-sm text-gray-600" role="status">
          Loading what waits for you…
        </p>
      ) : null}
    </Card>
  );
}
