import { Eye, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { USER_TIERS, type UserTier } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { selectClasses } from '@web/features/admin-auth/components/form-field';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConsoleTable, RowTitle, useConsoleList, type ConsoleColumn } from '../../components/console-table';
import { HospitalSelect } from '../../components/hospital-select';
import { IconButton, iconButtonClasses } from '../../components/icon-button';
import { formatDate } from '../../lib/format';
import { useDeleteUser, useSetUserTier, useSyncAuthStatus, useUsers, type AdminUserRow } from '../api/users';
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
    <IconButton
      icon={RefreshCw}
      label={`Sync sign-in status of ${displayName(user)}`}
      disabled={sync.isPending}
      className={sync.isPending ? '[&_svg]:animate-spin' : undefined}
      onClick={() =>
        sync.mutate(user.id, {
          onSuccess: (after) =>
            toast.success(
              after.status === user.status ? `${displayName(after)} is ${USER_STATUS_LABELS[after.status].toLowerCase()}; nothing changed.` : `${displayName(after)} is now ${USER_STATUS_LABELS[after.status].toLowerCase()}.`,
            ),
          onError: (error) => toast.error(serverMessage(error, 'Unable to sync auth status - admin privileges or database function required')),
        })
      }
    />
  );
}

interface UsersListProps {
  /** Show one hospital's providers only (the hospital page); otherwise a system admin may filter. */
  hospitalId?: string;
  system: boolean;
}

export function UsersList({ hospitalId, system }: UsersListProps) {
  const [hospitalFilter, setHospitalFilter] = useState('');
  const list = useConsoleList();
  const { q, page, setPage } = list;
  const fixed = hospitalId !== undefined;
  const users = useUsers({ q, hospitalId: hospitalId ?? hospitalFilter, page, pageSize: USERS_PAGE_SIZE });
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  const showHospital = system && !fixed;
  const columns: Array<ConsoleColumn<AdminUserRow>> = [
    {
      id: 'provider',
      header: 'Provider',
      kind: 'title',
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
    { id: 'completion', header: 'Completion', hideable: true, cell: (user) => <CompletionMeter value={user.profileCompletionPercentage} /> },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <div className="flex flex-col gap-1 max-md:items-end">
          <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
            {user.status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="coral">Pending</Badge>}
            {user.emailVerified ? null : <Badge variant="gray">E-mail unconfirmed</Badge>}
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
      cell: (user) => (
        <>
          <Link to={`/system-admin/users/${user.id}`} className={iconButtonClasses} aria-label={`View the profile of ${displayName(user)}`} title="View profile">
            <Eye aria-hidden="true" className="size-4" />
          </Link>
          <SyncButton user={user} />
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Delete ${displayName(user)}`}
            onClick={() => {
              remove.reset();
              setDeleting(user);
            }}
          />
        </>
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
        filters={
          showHospital ? (
            <HospitalSelect
              className="sm:w-64"
              label="Hospital"
              value={hospitalFilter}
              leading={{ value: '', label: 'All hospitals' }}
              onChange={(value) => {
                setHospitalFilter(value);
                setPage(1);
              }}
            />
          ) : null
        }
        empty={q ? `No provider matches “${q}”.` : 'No providers have signed up yet.'}
        loadingLabel="Loading users"
        errorTitle="The users could not be loaded."
      />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} mutation={remove} />
    </>
  );
}

export function DeleteUserDialog({ user, onClose, mutation, onDeleted }: { user: AdminUserRow | null; onClose: () => void; mutation: ReturnType<typeof useDeleteUser>; onDeleted?: () => void }) {
  const who = user ? displayName(user) : '';
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={user ? `Delete ${who}?` : ''}
      description={
        user ? (
          <>
            <p>
              {who}’s profile — every section — and their sign-in account are removed. This cannot be undone.
            </p>
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
