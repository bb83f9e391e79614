import { Pencil, Plus, Power, PowerOff, Search, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Tooltip } from '@web/components/ui/tooltip';
import type { AdminUser } from '@web/features/admin-auth/api/get-admin-me';
import { Notice } from '@web/features/admin-auth/components/notice';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { roleLabel } from '@web/features/admin-auth/lib/roles';
import { useDeleteAdmin } from '../api/delete-admin';
import { useAdmins, type AdminDto } from '../api/list-admins';
import { useUpdateAdmin } from '../api/update-admin';
import { AdminFormDialog } from '../components/admin-form-dialog';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Pagination } from '../components/pagination';
import { formatDate, formatTimeOfDay } from '../lib/format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const ADMINS_PAGE_SIZE = 20;

type PendingAction = { kind: 'deactivate' | 'reactivate' | 'delete'; admin: AdminDto };

/** Table cells that become labelled rows on phones, where seven columns cannot fit. */
const cellClasses = 'px-3 py-3 align-middle max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-gray-500 max-md:before:content-[attr(data-label)]';

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={`${cellClasses} ${className ?? ''}`}>
      {children}
    </td>
  );
}

function StatusBadges({ admin }: { admin: AdminDto }) {
  return (
    <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
      {admin.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Deactivated</Badge>}
      {admin.must_change_password ? <Badge variant="coral">Setup pending</Badge> : null}
    </span>
  );
}

function RowActions({ admin, self, onEdit, onAction }: { admin: AdminDto; self: boolean; onEdit: () => void; onAction: (action: PendingAction) => void }) {
  const iconButton =
    'inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';
  const who = admin.full_name || admin.email;
  return (
    <div className="flex items-center justify-end gap-1">
      <Tooltip content="Edit">
        <button type="button" className={iconButton} onClick={onEdit} aria-label={`Edit ${who}`}>
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      </Tooltip>
      {/* The server refuses both for your own account; offering them would only produce an error. */}
      {self ? null : (
        <>
          {admin.is_active ? (
            <Tooltip content="Deactivate">
              <button type="button" className={iconButton} onClick={() => onAction({ kind: 'deactivate', admin })} aria-label={`Deactivate ${who}`}>
                <PowerOff aria-hidden="true" className="size-4" />
              </button>
            </Tooltip>
          ) : (
            <Tooltip content="Reactivate">
              <button type="button" className={iconButton} onClick={() => onAction({ kind: 'reactivate', admin })} aria-label={`Reactivate ${who}`}>
                <Power aria-hidden="true" className="size-4" />
              </button>
            </Tooltip>
          )}
          <Tooltip content="Delete">
            <button
              type="button"
              className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
              onClick={() => onAction({ kind: 'delete', admin })}
              aria-label={`Delete ${who}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        </>
      )}
    </div>
  );
}

function AdminsTable({ items, actor, onEdit, onAction }: { items: AdminDto[]; actor: AdminUser; onEdit: (admin: AdminDto) => void; onAction: (action: PendingAction) => void }) {
  return (
    <table className="w-full text-left text-sm max-md:block">
      <caption className="sr-only">Administrators</caption>
      <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:sr-only">
        <tr>
          <th scope="col" className="px-3 py-3">
            Administrator
          </th>
          <th scope="col" className="px-3 py-3">
            Role
          </th>
          <th scope="col" className="px-3 py-3">
            Hospital
          </th>
          <th scope="col" className="px-3 py-3">
            Status
          </th>
          <th scope="col" className="px-3 py-3">
            Last sign-in
          </th>
          <th scope="col" className="px-3 py-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
        {items.map((admin) => {
          const self = admin.id === actor.id;
          return (
            <tr key={admin.id} className="align-middle max-md:block max-md:rounded-xl max-md:border max-md:border-gray-200 max-md:px-4 max-md:py-3">
              <td className="max-w-[16rem] px-3 py-3 max-md:block max-md:max-w-none max-md:px-0 max-md:pt-0 max-md:pb-2">
                <p className="flex items-center gap-2 font-medium text-gray-900">
                  <span className="truncate">{admin.full_name || '—'}</span>
                  {self ? <Badge variant="gray">You</Badge> : null}
                </p>
                <p className="truncate text-gray-600" title={admin.email}>
                  {admin.email}
                </p>
              </td>
              <Cell label="Role">{roleLabel(admin.role)}</Cell>
              <Cell label="Hospital">{admin.hospital_name ?? (admin.role === 'system_admin' ? <span className="text-gray-500">All hospitals</span> : '—')}</Cell>
              <Cell label="Status">
                <StatusBadges admin={admin} />
              </Cell>
              <Cell label="Last sign-in" className="text-gray-700">
                {admin.last_login_at ? (
                  <time dateTime={admin.last_login_at} className="whitespace-nowrap md:flex md:flex-col">
                    <span>{formatDate(admin.last_login_at)}</span>
                    <span className="max-md:ml-1 md:text-xs md:text-gray-500">{formatTimeOfDay(admin.last_login_at)}</span>
                  </time>
                ) : (
                  <span className="text-gray-500">Never</span>
                )}
              </Cell>
              <td className="px-3 py-2 max-md:block max-md:border-t max-md:border-gray-100 max-md:px-0 max-md:pt-2 max-md:pb-0">
                <RowActions admin={admin} self={self} onEdit={() => onEdit(admin)} onAction={onAction} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const CONFIRM_COPY = {
  deactivate: {
    title: (who: string) => `Deactivate ${who}?`,
    body: 'They are signed out at once and cannot sign in until an administrator reactivates the account.',
    confirm: 'Deactivate',
    done: (who: string) => `${who} was deactivated.`,
  },
  reactivate: {
    title: (who: string) => `Reactivate ${who}?`,
    body: 'They can sign in again with a magic link.',
    confirm: 'Reactivate',
    done: (who: string) => `${who} was reactivated.`,
  },
  delete: {
    title: (who: string) => `Delete ${who}?`,
    body: 'The administrator and their sign-in account are removed. This cannot be undone; to keep the account for later, deactivate it instead.',
    confirm: 'Delete administrator',
    done: (who: string) => `${who} was deleted.`,
  },
} as const;

export function AdministratorsPage() {
  const actor = useConsoleAdmin();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const admins = useAdmins({ q, page, pageSize: ADMINS_PAGE_SIZE });
  const emptyPage = admins.data !== undefined && admins.data.items.length === 0 && page > 1;

  // Deleting the last row of the last page would leave an empty page behind.
  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminDto | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const update = useUpdateAdmin();
  const remove = useDeleteAdmin();

  if (!actor) return null;

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (admin: AdminDto) => {
    setEditing(admin);
    setFormOpen(true);
  };
  const openAction = (action: PendingAction) => {
    update.reset();
    remove.reset();
    setPending(action);
  };

  const confirm = () => {
    if (!pending) return;
    const who = pending.admin.full_name || pending.admin.email;
    const onSuccess = () => {
      toast.success(CONFIRM_COPY[pending.kind].done(who));
      setPending(null);
    };
    if (pending.kind === 'delete') remove.mutate(pending.admin.id, { onSuccess });
    else update.mutate({ id: pending.admin.id, body: { isActive: pending.kind === 'reactivate' } }, { onSuccess });
  };

  const actionMutation = pending?.kind === 'delete' ? remove : update;
  const actionError = pending && actionMutation.isError ? serverMessage(actionMutation.error, pending.kind === 'delete' ? ADMIN_MESSAGES.deleteFailed : ADMIN_MESSAGES.updateFailed) : null;
  const pendingWho = pending ? pending.admin.full_name || pending.admin.email : '';
  const system = actor.role === 'system_admin';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={ShieldCheck}
        title="Administrators"
        description={system ? 'Everyone who can manage Vitae, across all hospitals.' : 'The administrators of your hospital.'}
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" className="size-4" />
            Add administrator
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <Input
              type="search"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder="Search by name or e-mail"
              aria-label="Search administrators"
              className="pl-9"
            />
          </div>
          {admins.isFetching && !admins.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
        </div>

        <div className="p-4 md:p-0">
          {admins.isPending ? (
            <div className="flex justify-center py-16 text-brand-600">
              <Spinner label="Loading administrators" />
            </div>
          ) : admins.isError ? (
            <div className="p-4">
              <Notice tone="error" title="The administrators could not be loaded.">
                <p>{serverMessage(admins.error)}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void admins.refetch()}>
                  Try again
                </Button>
              </Notice>
            </div>
          ) : admins.data.items.length === 0 ? (
            <p className="px-4 py-16 text-center text-sm text-gray-600">{q ? `No administrator matches “${q}”.` : 'No administrators yet.'}</p>
          ) : (
            <div className="md:overflow-x-auto">
              <AdminsTable items={admins.data.items} actor={actor} onEdit={openEdit} onAction={openAction} />
            </div>
          )}
        </div>

        {admins.data && admins.data.totalCount > 0 ? (
          <div className="border-t border-gray-200 px-4 py-3">
            <Pagination page={page} pageSize={ADMINS_PAGE_SIZE} totalCount={admins.data.totalCount} onPageChange={setPage} noun="administrators" />
          </div>
        ) : null}
      </Card>

      <AdminFormDialog open={formOpen} onOpenChange={setFormOpen} actor={actor} admin={editing} />

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending ? CONFIRM_COPY[pending.kind].title(pendingWho) : ''}
        description={
          pending ? (
            <>
              <p>{CONFIRM_COPY[pending.kind].body}</p>
              <p className="mt-2 text-gray-700">{pending.admin.email}</p>
            </>
          ) : null
        }
        confirmLabel={pending ? CONFIRM_COPY[pending.kind].confirm : ''}
        onConfirm={confirm}
        pending={actionMutation.isPending}
        error={actionError}
        destructive={pending?.kind !== 'reactivate'}
      />
    </div>
  );
}

export { AdministratorsPage as Component };
