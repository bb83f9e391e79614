import type { ColumnSort } from '@tanstack/react-table';
import { Eye, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { adminUserFiltersSchema, type AdminUserFilters, type UserSort } from '@shared/schemas/admin-users';
import { USER_TIERS, type UserTier } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { selectClasses } from '@web/components/form/form-field';
import { serverMessage } from '@web/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConsoleTable, RowTitle, useConsoleList, type ConsoleColumn } from '../../components/console-table';
import { HospitalSelect } from '../../components/hospital-select';
import { formatDate } from '@web/lib/console-format';
import { useSetUserTier, useSyncAuthStatus, useUsers, type AdminUserRow, type useDeleteUser } from '../api/users';
import { displayName, USER_STATUS_LABELS, USER_TIER_LABELS } from '../lib/labels';
import { CompletionMeter } from './completion-meter';

export const USERS_PAGE_SIZE = 20;

function TierControl({ user, editable }: { user: AdminUserRow; editable: boolean }) {
  const setTier = useSetUserTier();
  if (!editable) return <Badge variant={user.tier === 'standard' ? 'gray' : 'brand'}>{USER_TIER_LABELS[user.tier]}</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <select
        aria-label={`Tier of ${displayName(user)}`}
        className={cn(selectClasses, 'h-9! w-auto! min-w-[6.5rem]')}
        value={user.tier}
        disabled={setTier.isPending}
        onChange={(event) =>
          setTier.mutate(
            { id: user.id, tier: event.target.value as UserTier },
            {
              onSuccess: ({ tier }) => toast.success(`${displayName(user)} is now in the ${USER_TIER_LABELS[tier].toLowerCase()} tier.`),
              onError: (error) => toast.error(serverMessage(error, 'The tier could not be changed.')),
            },
          )
        }
      >
        {USER_TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {USER_TIER_LABELS[tier]}
          </option>
        ))}
      </select>
      {setTier.isPending ? <Spinner size="sm" label="Saving" className="text-brand-600" /> : null}
    </span>
  );
}

function SyncButton({ user }: { user: AdminUserRow }) {
  const sync = useSyncAuthStatus();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={sync.isPending}
      aria-label={`Sync sign-in status of ${displayName(user)}`}
      title="Read the account's sign-in status again"
      onClick={() =>
        sync.mutate(user.id, {
          onSuccess: (after) =>
            toast.success(
              after.status === user.status
                ? `${displayName(after)} is ${USER_STATUS_LABELS[after.status].toLowerCase()}; nothing changed.`
                : `${displayName(after)} is now ${USER_STATUS_LABELS[after.status].toLowerCase()}.`,
            ),
          onError: (error) => toast.error(serverMessage(error, 'Unable to sync auth status - admin privileges or database function required')),
        })
      }
    >
      <RefreshCw aria-hidden="true" className={cn('size-4', sync.isPending && 'animate-spin')} />
      Sync status
    </Button>
  );
}

/** The listing's state in words, as the Status column shows it. */
const LISTING_BADGES: Record<string, { label: string; variant: 'success' | 'coral' | 'gray' }> = {
  published: { label: 'Published', variant: 'success' },
  pending: { label: 'Waiting for approval', variant: 'coral' },
  withdrawn: { label: 'Withdrawn', variant: 'gray' },
  removed: { label: 'Taken down', variant: 'gray' },
};

/** A column's id → the server's sort key. */
const SORT_KEYS: Record<string, UserSort> = { provider: 'name', completion: 'completion', status: 'lastSignIn' };
const DEFAULT_SORT: ColumnSort = { id: 'provider', desc: false };

interface UsersListProps {
  /** Show one hospital's providers only (the hospital page); otherwise a system admin may filter. */
  hospitalId?: string;
  system: boolean;
}

export function UsersList({ hospitalId, system }: UsersListProps) {
  const [params] = useSearchParams();
  const [hospitalFilter, setHospitalFilter] = useState('');
  // The dashboard's "providers below the completion threshold" link lands here filtered.
  const [filters, setFilters] = useState<FilterValues>(() => filtersFrom(params));
  const [sort, setSort] = useState<ColumnSort>(() => (params.get('completionBelow') ? { id: 'completion', desc: false } : DEFAULT_SORT));
  const list = useConsoleList();
  const { q, page, setPage } = list;
  const fixed = hospitalId !== undefined;
  const users = useUsers({
    q,
    hospitalId: hospitalId ?? hospitalFilter,
    page,
    pageSize: USERS_PAGE_SIZE,
    sort: SORT_KEYS[sort.id] ?? 'name',
    dir: sort.desc ? 'desc' : 'asc',
    ...filterQuery(filters),
  });
  const filtered = Boolean(q || hospitalFilter || Object.values(filters).some(Boolean));

  const showHospital = system && !fixed;
  const columns: Array<ConsoleColumn<AdminUserRow>> = [
    {
      id: 'provider',
      header: 'Provider',
      kind: 'title',
      sortLabel: 'Name',
      className: 'md:max-w-[14rem]',
      cell: (user) => (
        <RowTitle
          to={`/system-admin/users/${user.id}`}
          detail={
            <>
              <p className="truncate text-gray-600" title={user.email}>
                {user.email}
              </p>
              {user.npiNumber ? <p className="font-mono text-xs text-gray-500">NPI {user.npiNumber}</p> : null}
            </>
          }
        >
          {user.fullName || '—'}
        </RowTitle>
      ),
    },
    ...(showHospital
      ? [
          {
            id: 'hospital',
            header: 'Hospital',
            hideable: true,
            className: 'text-gray-700 md:max-w-[9rem]',
            cell: (user: AdminUserRow) => <span className="block truncate">{user.hospitalName ?? <span className="text-gray-500">None</span>}</span>,
          },
        ]
      : []),
    {
      id: 'completion',
      header: 'Completion',
      hideable: true,
      sortLabel: 'Completion',
      cell: (user) => <CompletionMeter value={user.profileCompletionPercentage} />,
    },
    {
      id: 'status',
      header: 'Status and last sign-in',
      label: 'Status',
      sortLabel: 'Last sign-in',
      cell: (user) => (
        <div className="flex flex-col gap-1 max-md:items-end">
          <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
            {user.status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="coral">Pending</Badge>}
            {user.emailVerified ? null : <Badge variant="gray">E-mail unconfirmed</Badge>}
            {user.listingStatus && LISTING_BADGES[user.listingStatus] ? (
              <Badge variant={LISTING_BADGES[user.listingStatus]!.variant}>{LISTING_BADGES[user.listingStatus]!.label}</Badge>
            ) : (
              <Badge variant="gray">Not published</Badge>
            )}
          </span>
          <span className="text-xs whitespace-nowrap text-gray-500">{user.lastLoginAt ? `Signed in ${formatDate(user.lastLoginAt)}` : 'Never signed in'}</span>
        </div>
      ),
    },
    { id: 'tier', header: 'Tier', hideable: true, cell: (user) => <TierControl user={user} editable={system} /> },
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      // Labelled actions; deleting a provider is on their profile page, away from the list, and confirmed there.
      cell: (user) => (
        <span className="inline-flex flex-wrap justify-end gap-1">
          <Link
            to={`/system-admin/users/${user.id}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`View the profile of ${displayName(user)}`}
          >
            <Eye aria-hidden="true" className="size-4" />
            View profile
          </Link>
          <SyncButton user={user} />
        </span>
      ),
    },
  ];

  return (
    <>
      <ConsoleTable
        caption="Users"
        columns={columns}
        query={users}
        list={list}
        pageSize={USERS_PAGE_SIZE}
        search={{ placeholder: 'Search by name, e-mail or NPI', label: 'Search users' }}
        sorting={{
          value: sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
        }}
        // Their own row above the search: beside it the selects were squeezed and the sort buttons pushed out of the card.
        filtersAbove={
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {showHospital ? (
              <HospitalSelect
                className="w-full"
                label="Hospital"
                value={hospitalFilter}
                leading={{ value: '', label: 'All hospitals' }}
                onChange={(value) => {
                  setHospitalFilter(value);
                  setPage(1);
                }}
              />
            ) : null}
            {FILTER_KEYS.map((key) => (
              <FilterSelect
                key={key}
                label={FILTER_CONTROLS[key].label}
                value={filters[key]}
                onChange={(value) => {
                  setFilters((before) => ({ ...before, [key]: value }));
                  setPage(1);
                }}
                options={[{ value: '', label: FILTER_CONTROLS[key].any }, ...FILTER_CONTROLS[key].options]}
              />
            ))}
          </div>
        }
        empty={filtered ? (q ? `No provider matches “${q}” with these filters.` : 'No provider matches these filters.') : 'No providers have signed up yet.'}
        loadingLabel="Loading users"
        errorTitle="The users could not be loaded."
      />
    </>
  );
}

/**
 * The list's filters as the console offers them: one select each, typed over the shared schema's filters so a
 * new filter does not compile until it has its control. Each option's value is what the schema reads.
 */
const FILTER_CONTROLS: { [K in keyof AdminUserFilters]-?: { label: string; any: string; options: Array<{ value: string; label: string }> } } = {
  completionBelow: { label: 'Completion', any: 'Any completion', options: [25, 50, 80].map((value) => ({ value: String(value), label: `Below ${value}%` })) },
  signIn: {
    label: 'Last sign-in',
    any: 'Any time',
    options: [
      { value: 'within_30_days', label: 'In the last 30 days' },
      { value: 'over_30_days', label: 'More than 30 days ago' },
      { value: 'never', label: 'Never signed in' },
    ],
  },
  publishing: {
    label: 'Publishing',
    any: 'Any status',
    options: [
      { value: 'published', label: 'Published' },
      { value: 'pending', label: 'Waiting for approval' },
      { value: 'not_published', label: 'Not published' },
    ],
  },
};
const FILTER_KEYS = Object.keys(FILTER_CONTROLS) as Array<keyof AdminUserFilters>;
/** What each select shows: '' is "any". */
type FilterValues = Record<keyof AdminUserFilters, string>;

/** The filters a link brought (an option the select offers, else any). */
function filtersFrom(params: URLSearchParams): FilterValues {
  return Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const value = params.get(key) ?? '';
      return [key, FILTER_CONTROLS[key].options.some((option) => option.value === value) ? value : ''];
    }),
  ) as FilterValues;
}

/** The selects' values as the shared schema reads them (the query string's types). */
function filterQuery(values: FilterValues): AdminUserFilters {
  const chosen = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const parsed = adminUserFiltersSchema.safeParse(chosen);
  return parsed.success ? parsed.data : {};
}

/** One of the list's filters: a labelled select. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-gray-700">
        {label}
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

export function DeleteUserDialog({
  user,
  onClose,
  mutation,
  onDeleted,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  mutation: ReturnType<typeof useDeleteUser>;
  onDeleted?: () => void;
}) {
  const who = user ? displayName(user) : '';
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={user ? `Delete ${who}?` : ''}
      description={
        user ? (
          <>
            <p>{who}’s profile — every section — and their sign-in account are removed. This cannot be undone.</p>
            <p className="mt-2 text-gray-700">
              {user.email}
              {user.npiNumber ? ` · NPI ${user.npiNumber}` : ''}
            </p>
          </>
        ) : null
      }
      confirmLabel="Delete user"
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? serverMessage(mutation.error, 'Failed to delete user') : null}
      onConfirm={() =>
        user &&
        mutation.mutate(user.id, {
          onSuccess: () => {
            toast.success(`${who} was deleted.`);
            onClose();
            onDeleted?.();
          },
        })
      }
    />
  );
}
