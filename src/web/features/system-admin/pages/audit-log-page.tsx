import { ChevronDown, FileClock, Search, X } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Notice } from '@web/features/admin-auth/components/notice';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { roleLabel } from '@web/features/admin-auth/lib/roles';
import { cn } from '@web/lib/cn';
import { useAuditLog, type AuditEntry } from '../api/list-audit-log';
import { Pagination } from '../components/pagination';
import { formatDate, formatDateTime, formatTimeOfDay } from '../lib/format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const AUDIT_PAGE_SIZE = 25;

/** Suggestions for the action filter; the server filters by exact action, and later issues add more. */
const KNOWN_ACTIONS = [
  'admin.sign_in',
  'admin.sign_out',
  'admin.magic_link.sent',
  'admin.magic_link.rate_limited',
  'admin.magic_link.unknown_email',
  'admin.magic_link.inactive',
  'admin_user.create',
  'admin_user.update',
  'admin_user.deactivate',
  'admin_user.delete',
  'admin_user.password_change',
  'authz.denied',
  'hospital.create',
  'hospital.delete',
  'provider.sign_in',
  'provider.sign_in_failed',
  'rate_limit.exceeded',
  'sign_out',
];

function actorRoleLabel(role: string): string {
  if (role === 'anonymous') return 'Not signed in';
  if (role === 'provider') return 'Provider';
  if (role === 'system') return 'System';
  return roleLabel(role);
}

function summaryText(summary: unknown): string | null {
  if (summary === null || summary === undefined) return null;
  if (typeof summary === 'object' && Object.keys(summary).length === 0) return null;
  return JSON.stringify(summary, null, 2);
}

const cellClasses =
  'px-3 py-3 align-top max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-gray-500 max-md:before:content-[attr(data-label)]';

function EntryDetails({ entry, id }: { entry: AuditEntry; id: string }) {
  const summary = summaryText(entry.summary);
  return (
    <div id={id} className="flex flex-col gap-3 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-gray-500">Target</dt>
          <dd className="font-mono text-xs break-all text-gray-800">{[entry.targetType, entry.targetId].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-gray-500">Hospital</dt>
          <dd className="font-mono text-xs break-all text-gray-800">{entry.hospitalId ?? '—'}</dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs font-medium text-gray-500">Browser</dt>
          <dd className="text-xs text-gray-800 [overflow-wrap:anywhere]">{entry.userAgent ?? '—'}</dd>
        </div>
      </dl>
      <div>
        <p className="text-xs font-medium text-gray-500">Summary</p>
        {summary ? (
          <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-gray-900 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-gray-100 [overflow-wrap:anywhere]">{summary}</pre>
        ) : (
          <p className="mt-1 text-xs text-gray-600">No details were recorded.</p>
        )}
      </div>
    </div>
  );
}

function AuditRow({ entry, expanded, onToggle }: { entry: AuditEntry; expanded: boolean; onToggle: () => void }) {
  const detailsId = useId();
  return (
    <Fragment>
      <tr className={cn('max-md:block max-md:rounded-t-xl max-md:border max-md:border-gray-200 max-md:px-4 max-md:py-3', expanded ? 'bg-brand-50/40 max-md:mb-0 max-md:border-b-0' : 'max-md:rounded-b-xl')}>
        <td data-label="Time" className={cn(cellClasses, 'text-gray-700')}>
          <time dateTime={entry.createdAt} className="whitespace-nowrap md:flex md:flex-col">
            <span>{formatDate(entry.createdAt)}</span>
            <span className="max-md:ml-1 md:text-xs md:text-gray-500">{formatTimeOfDay(entry.createdAt)}</span>
          </time>
        </td>
        <td data-label="Actor" className={cellClasses}>
          <span className="flex min-w-0 flex-col items-end md:items-start">
            <span className="max-w-[13rem] truncate text-gray-900" title={entry.actorEmail ?? undefined}>
              {entry.actorEmail ?? '—'}
            </span>
            <span className="text-xs text-gray-500">{actorRoleLabel(entry.actorRole)}</span>
          </span>
        </td>
        <td data-label="Action" className={cellClasses}>
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-800">
            {/* Long actions wrap at their dots rather than stretching the table. */}
            {entry.action.split('.').map((part, index) => (
              <Fragment key={index}>
                {index > 0 ? <>.<wbr /></> : null}
                {part}
              </Fragment>
            ))}
          </code>
        </td>
        <td data-label="Target" className={cn(cellClasses, 'text-gray-700')}>
          <span className="block max-w-[11rem] truncate" title={entry.targetId ?? undefined}>
            {entry.targetType ?? '—'}
            {entry.targetId ? <span className="block truncate font-mono text-xs text-gray-500">{entry.targetId}</span> : null}
          </span>
        </td>
        <td data-label="IP" className={cn(cellClasses, 'font-mono text-xs whitespace-nowrap text-gray-700')}>
          {entry.ip ?? '—'}
        </td>
        <td className="px-2 py-2 text-right align-top max-md:block max-md:px-0 max-md:pt-2 max-md:pb-0">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 max-md:w-full max-md:justify-center"
          >
            <span className="md:sr-only">{expanded ? 'Hide details' : 'Show details'}</span>
            <span className="sr-only max-md:hidden">{` of ${entry.action} at ${formatDateTime(entry.createdAt)}`}</span>
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
          </button>
        </td>
      </tr>
      {expanded ? (
        <tr className="bg-brand-50/40 max-md:block max-md:rounded-b-xl max-md:border max-md:border-t-0 max-md:border-gray-200">
          <td colSpan={6} className="px-3 pt-1 pb-4 max-md:block">
            <EntryDetails entry={entry} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

export function AuditLogPage() {
  const actor = useConsoleAdmin();
  const searchId = useId();
  const actionId = useId();
  const [search, setSearch] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim());
  const actionFilter = useDebouncedValue(action.trim());
  const system = actor?.role === 'system_admin';
  const log = useAuditLog({ q, action: actionFilter, page, pageSize: AUDIT_PAGE_SIZE }, system);

  if (!actor) return null;
  // The server refuses hospital administrators too; this only spares them the error.
  if (!system) return <Navigate to="/system-admin" replace />;

  const filtered = Boolean(search || action);
  const update = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setPage(1);
    setExpanded(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={FileClock} title="Audit log" description="Every sign-in, refusal and change, newest first. Entries cannot be edited or removed." />

      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-gray-200 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={searchId}>Search</Label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
              <Input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => update(setSearch)(event.target.value)}
                placeholder="E-mail, action or target"
                className="pl-9"
              />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={actionId}>Action</Label>
            <Input
              id={actionId}
              list={`${actionId}-options`}
              value={action}
              onChange={(event) => update(setAction)(event.target.value)}
              placeholder="All actions"
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs"
            />
            <datalist id={`${actionId}-options`}>
              {KNOWN_ACTIONS.map((known) => (
                <option key={known} value={known} />
              ))}
            </datalist>
          </div>
          <div className="flex h-10 items-center gap-3">
            <Button
              variant="ghost"
              size="sm"
              disabled={!filtered}
              onClick={() => {
                update(setSearch)('');
                setAction('');
              }}
            >
              <X aria-hidden="true" className="size-4" />
              Clear
            </Button>
            {log.isFetching && !log.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
          </div>
        </div>

        <div className="p-4 md:p-0">
          {log.isPending ? (
            <div className="flex justify-center py-16 text-brand-600">
              <Spinner label="Loading the audit log" />
            </div>
          ) : log.isError ? (
            <div className="p-4">
              <Notice tone="error" title="The audit log could not be loaded.">
                <p>{serverMessage(log.error)}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void log.refetch()}>
                  Try again
                </Button>
              </Notice>
            </div>
          ) : log.data.items.length === 0 ? (
            <p className="px-4 py-16 text-center text-sm text-gray-600">{filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}</p>
          ) : (
            <div className="md:overflow-x-auto">
              <table className="w-full text-left text-sm max-md:block">
                <caption className="sr-only">Audit log entries, newest first</caption>
                <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:sr-only">
                  <tr>
                    <th scope="col" className="px-3 py-3">
                      Time
                    </th>
                    <th scope="col" className="px-3 py-3">
                      Actor
                    </th>
                    <th scope="col" className="px-3 py-3">
                      Action
                    </th>
                    <th scope="col" className="px-3 py-3">
                      Target
                    </th>
                    <th scope="col" className="px-3 py-3">
                      IP
                    </th>
                    <th scope="col" className="px-2 py-3">
                      <span className="sr-only">Details</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
                  {log.data.items.map((entry) => (
                    <AuditRow key={entry.id} entry={entry} expanded={expanded === entry.id} onToggle={() => setExpanded((current) => (current === entry.id ? null : entry.id))} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>

        {log.data && log.data.totalCount > 0 ? (
          <div className="border-t border-gray-200 px-4 py-3">
            <Pagination
              page={page}
              pageSize={AUDIT_PAGE_SIZE}
              totalCount={log.data.totalCount}
              onPageChange={(next) => {
                setPage(next);
                setExpanded(null);
              }}
              noun="entries"
            />
          </div>
        ) : null}
      </Card>
    </div>
  );
}

export { AuditLogPage as Component };
