import { ChevronDown, Download, FileClock, X } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@shared/audit-actions';
import { Navigate } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { roleLabel } from '@web/lib/admin-roles';
import { cn } from '@web/lib/cn';
import { auditExportUrl, useAuditLog, type AuditEntry } from '../api/list-audit-log';
import { ConsoleTable, useConsoleList, type ConsoleColumn } from '../components/console-table';
import { formatDate, formatDateTime, formatTimeOfDay } from '@web/lib/console-format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const AUDIT_PAGE_SIZE = 25;

/** Suggestions for the action filter, by their plain words; `family.*` matches every action of a family. */
const KNOWN_ACTIONS = Object.entries(AUDIT_ACTION_LABELS).sort(([a], [b]) => a.localeCompare(b));

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
          <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-gray-900 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-gray-100 [overflow-wrap:anywhere]">
            {summary}
          </pre>
        ) : (
          <p className="mt-1 text-xs text-gray-600">No details were recorded.</p>
        )}
      </div>
    </div>
  );
}

function DetailsToggle({ entry, expanded, onToggle, detailsId }: { entry: AuditEntry; expanded: boolean; onToggle: () => void; detailsId: string }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={expanded ? detailsId : undefined}
      className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 max-md:w-full max-md:justify-center"
    >
      <span className="md:sr-only">{expanded ? 'Hide details' : 'Show details'}</span>
      <span className="sr-only max-md:hidden">{` of ${auditActionLabel(entry.action)} at ${formatDateTime(entry.createdAt)}`}</span>
      <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
    </button>
  );
}

export function AuditLogPage() {
  const actor = useConsoleAdmin();
  const actionId = useId();
  const detailsId = useId();
  const list = useConsoleList();
  const actorId = useId();
  const targetId = useId();
  const fromId = useId();
  const toId = useId();
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [expanded, setExpanded] = useState<string | null>(null);
  const actionFilter = useDebouncedValue(action.trim());
  const whoFilter = useDebouncedValue(who.trim());
  const targetFilter = useDebouncedValue(target.trim());
  const system = actor?.role === 'system_admin';
  const filters = { q: list.q, action: actionFilter, actor: whoFilter, target: targetFilter, from, to };
  const log = useAuditLog({ ...filters, page: list.page, pageSize: AUDIT_PAGE_SIZE }, system);

  if (!actor) return null;
  // The server refuses hospital administrators too; this only spares them the error.
  if (!system) return <Navigate to="/system-admin" replace />;

  const filtered = Boolean(list.search || action || who || target || from || to);
  /** A filter input that sends the list back to its first page. */
  const filterInput = (
    id: string,
    label: string,
    value: string,
    set: (value: string) => void,
    props: { placeholder?: string; type?: string; className?: string } = {},
  ) => (
    <div className={cn('flex w-full flex-col gap-1.5', props.type === 'date' ? 'sm:w-40' : 'sm:w-52')}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={props.type ?? 'text'}
        value={value}
        onChange={(event) => {
          set(event.target.value);
          list.setPage(1);
        }}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        className={props.className}
      />
    </div>
  );
  const columns: Array<ConsoleColumn<AuditEntry>> = [
    {
      id: 'time',
      header: 'Time',
      className: 'text-gray-700',
      cell: (entry) => (
        <time dateTime={entry.createdAt} className="whitespace-nowrap md:flex md:flex-col">
          <span>{formatDate(entry.createdAt)}</span>
          <span className="max-md:ml-1 md:text-xs md:text-gray-500">{formatTimeOfDay(entry.createdAt)}</span>
        </time>
      ),
    },
    {
      id: 'actor',
      header: 'Who',
      cell: (entry) => (
        <span className="flex min-w-0 flex-col items-end md:items-start">
          <span className="max-w-[13rem] truncate text-gray-900" title={entry.actorEmail ?? undefined}>
            {entry.actorEmail ?? '—'}
          </span>
          <span className="text-xs text-gray-500">{actorRoleLabel(entry.actorRole)}</span>
        </span>
      ),
    },
    {
      id: 'action',
      header: 'What',
      cell: (entry) => (
        <span className="flex min-w-0 flex-col items-end gap-0.5 md:items-start">
          <span className="text-gray-900">{auditActionLabel(entry.action)}</span>
          <code className="font-mono text-xs text-gray-500">
            {/* Long actions wrap at their dots rather than stretching the table. */}
            {entry.action.split('.').map((part, index) => (
              <Fragment key={index}>
                {index > 0 ? (
                  <>
                    .<wbr />
                  </>
                ) : null}
                {part}
              </Fragment>
            ))}
          </code>
        </span>
      ),
    },
    {
      id: 'target',
      header: 'Target',
      hideable: true,
      className: 'text-gray-700',
      cell: (entry) => (
        <span className="block max-w-[11rem] truncate" title={entry.targetId ?? undefined}>
          {entry.targetType ?? '—'}
          {entry.targetId ? <span className="block truncate font-mono text-xs text-gray-500">{entry.targetId}</span> : null}
        </span>
      ),
    },
    { id: 'ip', header: 'IP', hideable: true, className: 'font-mono text-xs whitespace-nowrap text-gray-700', cell: (entry) => entry.ip ?? '—' },
    {
      id: 'details',
      header: 'Details',
      kind: 'actions',
      cell: (entry) => (
        <DetailsToggle
          entry={entry}
          expanded={expanded === entry.id}
          detailsId={detailsId}
          onToggle={() => setExpanded((current) => (current === entry.id ? null : entry.id))}
        />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={FileClock}
        title="Audit log"
        description="Every sign-in, sign-up, refusal and change, newest first. Entries cannot be edited or removed."
        actions={
          <a href={auditExportUrl(filters)} download className={buttonClasses({ variant: 'outline' })}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />

      <ConsoleTable
        caption="Audit log entries, newest first"
        noun="entries"
        columns={columns}
        query={log}
        list={list}
        pageSize={AUDIT_PAGE_SIZE}
        search={{ placeholder: 'E-mail, action or target', label: 'Search', shownLabel: 'Search' }}
        filters={
          <>
            <div className="flex w-full flex-col gap-1.5 sm:w-64">
              <Label htmlFor={actionId}>Action</Label>
              <Input
                id={actionId}
                list={`${actionId}-options`}
                value={action}
                onChange={(event) => {
                  setAction(event.target.value);
                  list.setPage(1);
                }}
                placeholder="All actions"
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-xs"
              />
              <datalist id={`${actionId}-options`}>
                {KNOWN_ACTIONS.map(([code, label]) => (
                  <option key={code} value={code} label={label} />
                ))}
              </datalist>
            </div>
            {filterInput(actorId, 'Who', who, setWho, { placeholder: 'E-mail or id' })}
            {filterInput(targetId, 'Target id or type', target, setTarget, { placeholder: 'user, hospital or an id', className: 'font-mono text-xs' })}
            {filterInput(fromId, 'From', from, setFrom, { type: 'date' })}
            {filterInput(toId, 'To', to, setTo, { type: 'date' })}
            <Button
              variant="ghost"
              size="sm"
              className="sm:mb-0.5"
              disabled={!filtered}
              onClick={() => {
                list.setSearch('');
                setAction('');
                setWho('');
                setTarget('');
                setFrom('');
                setTo('');
              }}
            >
              <X aria-hidden="true" className="size-4" />
              Clear
            </Button>
          </>
        }
        rowDetails={(entry) => (expanded === entry.id ? <EntryDetails entry={entry} id={detailsId} /> : null)}
        empty={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        loadingLabel="Loading the audit log"
        errorTitle="The audit log could not be loaded."
      />
    </div>
  );
}

export { AuditLogPage as Component };
