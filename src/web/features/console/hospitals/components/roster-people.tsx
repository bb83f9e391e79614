import { ArrowDownWideNarrow, ArrowUpNarrowWide, BellRing, Download, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  ROSTER_PERSON_STATE_LABELS,
  ROSTER_PERSON_STATES,
  ROSTER_PEOPLE_PAGE_SIZE,
  type RosterPeopleSort,
  type RosterPersonDto,
  type RosterPersonState,
} from '@shared/schemas/roster-people';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { Pagination } from '../../components/pagination';
import { ErrorPanel } from '../../components/query-states';
import { formatDateTime, formatNumber } from '@web/lib/console-format';
import { rosterPeopleCsvUrl, useRosterPeople, useSendRosterReminders, type RosterUploadDetailDto } from '../api/roster';

type Variant = 'brand' | 'gray' | 'success' | 'coral';
const STATE_VARIANTS: Record<RosterPersonState, Variant> = {
  waiting: 'gray',
  drafting: 'brand',
  failed: 'coral',
  draft_ready: 'gray',
  linked: 'success',
  join_requested: 'success',
  invited: 'brand',
  opened: 'brand',
  bounced: 'coral',
  unsubscribed: 'coral',
  claimed: 'success',
  sections_complete: 'success',
  published: 'success',
};

const SORTS: Array<{ value: RosterPeopleSort; label: string }> = [
  { value: 'line', label: 'Order in the file' },
  { value: 'name', label: 'Name' },
  { value: 'state', label: 'State' },
  { value: 'last_email', label: 'Last e-mail' },
  { value: 'completion', label: 'Completion' },
];

/** Who can be reminded now (the server refuses the others with why; the box is still offered for them). */
const REMINDABLE: ReadonlySet<RosterPersonState> = new Set(['invited', 'opened', 'claimed', 'sections_complete']);

const EMAIL_KIND_WORDS = { invitation: 'invitation', reminder: 'reminder' } as const;
const EMAIL_STATUS_WORDS = { sending: 'sending…', sent: 'sent', failed: 'not sent' } as const;

/** The person's e-mails in words: "2 e-mails · last: reminder, Nov 27, 2026, 9:00 PM (sent)". */
function emailsInWords(person: RosterPersonDto) {
  if (person.emailCount === 0 || !person.lastEmailAt) return 'No e-mail yet';
  const last = `${EMAIL_KIND_WORDS[person.lastEmailKind ?? 'invitation']} ${formatDateTime(person.lastEmailAt)}${person.lastEmailStatus && person.lastEmailStatus !== 'sent' ? ` (${EMAIL_STATUS_WORDS[person.lastEmailStatus]})` : ''}`;
  return `${formatNumber(person.emailCount)} ${person.emailCount === 1 ? 'e-mail' : 'e-mails'} · last: ${last}`;
}

/** Typed text reaches the query a moment after the last key, not on every key. */
function useDebounced<T>(value: T, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The upload's people and where each one is, from pre-filling to published (docs/roster.md): a
 * state filter (with counts), a search by name, NPI or e-mail, a sort, pages, the CSV export of the
 * same view, and "Send a reminder" to the chosen people. Filter, sort, search and paging happen on
 * the server.
 */
export function RosterPeople({ hospitalId, upload }: { hospitalId: string; upload: RosterUploadDetailDto }) {
  const ids = { search: useId(), state: useId(), sort: useId(), heading: useId() };
  const [state, setState] = useState<RosterPersonState | ''>('');
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const [sort, setSort] = useState<RosterPeopleSort>('line');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const query = { uploadId: upload.id, state: state ? [state] : undefined, q, sort, dir, page, pageSize: ROSTER_PEOPLE_PAGE_SIZE };
  // The rows' states as the upload detail has them: when the pre-filling moves them, the list is read again.
  const stamp = upload.rows.map((row) => row.state[0]).join('');
  const people = useRosterPeople(hospitalId, query, { stamp, polling: upload.status === 'drafting' });
  const remind = useSendRosterReminders(hospitalId);
  useEffect(() => setPage(1), [state, q, sort, dir]);

  if (upload.acceptedRows === 0) return null;
  const data = people.data;
  const items = data?.items ?? [];
  const allCount = Object.values(data?.counts ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageIds = items.map((p) => p.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const send = () => remind.mutate([...chosen], { onSuccess: () => setChosen(new Set()) });

  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-3 rounded-xl border border-gray-200 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={ids.heading} className="text-base font-semibold text-gray-900">
          People ({formatNumber(allCount || upload.acceptedRows)})
        </h4>
        <a
          href={rosterPeopleCsvUrl(hospitalId, query)}
          download
          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Export this view (CSV)
        </a>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.search} className="font-medium text-gray-900">
            Search
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <input
              id={ids.search}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Name, NPI or e-mail"
              className="min-h-10 w-full rounded-lg border border-gray-300 py-2 pr-3 pl-9 text-gray-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.state} className="font-medium text-gray-900">
            State
          </label>
          <select id={ids.state} className={selectClasses} value={state} onChange={(event) => setState(event.target.value as RosterPersonState | '')}>
            <option value="">Everyone{data ? ` (${formatNumber(allCount)})` : ''}</option>
            {ROSTER_PERSON_STATES.filter((s) => (data?.counts[s] ?? 0) > 0 || s === state).map((s) => (
              <option key={s} value={s}>
                {ROSTER_PERSON_STATE_LABELS[s]} ({formatNumber(data?.counts[s] ?? 0)})
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.sort} className="font-medium text-gray-900">
            Sort by
          </label>
          <select id={ids.sort} className={selectClasses} value={sort} onChange={(event) => setSort(event.target.value as RosterPeopleSort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline"
          onClick={() => setDir(dir === 'asc' ? 'desc' : 'asc')}
          aria-label={dir === 'asc' ? 'Ascending order: change to descending' : 'Descending order: change to ascending'}
        >
          {dir === 'asc' ? <ArrowUpNarrowWide aria-hidden="true" className="size-4" /> : <ArrowDownWideNarrow aria-hidden="true" className="size-4" />}
          {dir === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-gray-50 px-3 py-2">
        <label className="inline-flex min-h-10 items-center gap-2 text-gray-800">
          <input
            type="checkbox"
            checked={allOnPage}
            disabled={pageIds.length === 0}
            onChange={(event) => pageIds.forEach((id) => toggle(id, event.target.checked))}
            className="size-4 accent-brand-600"
          />
          Choose everyone on this page
        </label>
        <span className="text-gray-700" aria-live="polite">
          {formatNumber(chosen.size)} chosen
        </span>
        <Button size="sm" onClick={send} disabled={chosen.size === 0} loading={remind.isPending} className="sm:ml-auto">
          <BellRing aria-hidden="true" className="size-4" />
          Send a reminder
        </Button>
      </div>
      {remind.data ? (
        <Notice
          tone={remind.data.refused.length === 0 ? 'success' : 'warning'}
          title={`${formatNumber(remind.data.sent)} ${remind.data.sent === 1 ? 'reminder' : 'reminders'} sent`}
        >
          {remind.data.refused.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {remind.data.refused.map((r) => (
                <li key={r.rowId}>
                  {r.name}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      {remind.isError ? <Notice tone="error">{serverMessage(remind.error, 'The reminders could not be sent.')}</Notice> : null}

      {people.isError ? <ErrorPanel title="The people could not be loaded." error={people.error} onRetry={() => void people.refetch()} /> : null}
      {data && items.length === 0 ? (
        <p className="py-2 text-gray-600">
          No one matches{q ? ` “${q}”` : ''}
          {state ? ` in “${ROSTER_PERSON_STATE_LABELS[state]}”` : ''}.
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-gray-100" aria-busy={people.isFetching}>
          {items.map((person) => {
            const name = person.profileName ?? person.name ?? person.email;
            return (
              <li key={person.id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 py-2.5 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
                <input
                  type="checkbox"
                  checked={chosen.has(person.id)}
                  onChange={(event) => toggle(person.id, event.target.checked)}
                  aria-label={`Choose ${name}`}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span className="min-w-0 [overflow-wrap:anywhere] text-gray-700">
                  <span className="block font-medium text-gray-900">{name}</span>
                  <span className="font-mono">{person.npi}</span> · {person.email}
                  {person.specialty ? ` · ${person.specialty}` : ''}
                  <span className="block text-gray-600">
                    {emailsInWords(person)}
                    {person.completion !== null ? ` · ${person.completion} % complete` : ''}
                  </span>
                  {person.failureReason || person.bounceReason ? (
                    <span className="block font-medium text-red-800">{person.failureReason ?? person.bounceReason}</span>
                  ) : null}
                </span>
                <span className="col-start-2 sm:col-start-auto sm:text-right">
                  <Badge variant={STATE_VARIANTS[person.state]} title={REMINDABLE.has(person.state) ? undefined : 'No reminder goes to this person'}>
                    {ROSTER_PERSON_STATE_LABELS[person.state]}
                  </Badge>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {data && data.total > data.pageSize ? (
        <Pagination page={data.page} pageSize={data.pageSize} totalCount={data.total} onPageChange={setPage} noun="people" />
      ) : null}
    </section>
  );
}
