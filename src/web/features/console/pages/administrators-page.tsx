import { Pencil, Plus, Power, PowerOff, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Tooltip } from '@web/components/ui/tooltip';
import { serverMessage } from '@web/lib/admin-error-message';
import { roleLabel } from '@web/lib/admin-roles';
import { useDeleteAdmin } from '../api/delete-admin';
import { useAdmins, type AdminDto } from '../api/list-admins';
import { useUpdateAdmin } from '../api/update-admin';
import { AdminFormDialog } from '../components/admin-form-dialog';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ConsoleTable, useConsoleList, type ConsoleColumn } from '../components/console-table';
import { formatDate, formatTimeOfDay } from '@web/lib/console-format';
import { useConsoleAdmin } from '../lib/use-console-admin';

export const ADMINS_PAGE_SIZE = 20;

type PendingAction = { kind: 'deactivate' | 'reactivate' | 'delete'; admin: AdminDto };

/** Table cells that become labelled rows on phones, where seven columns cannot fit. */
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
  const list = useConsoleList();
  const { q, page } = list;
  const admins = useAdmins({ q, page, pageSize: ADMINS_PAGE_SIZE });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminDto | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const update = useUpdateAdmin();
  const remove = useDeleteAdmin();

  if (!actor) return null;

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
  const actionError =
    pending && actionMutation.isError
      ? serverMessage(actionMutation.error, pending.kind === 'delete' ? ADMIN_MESSAGES.deleteFailed : ADMIN_MESSAGES.updateFailed)
      : null;
  const pendingWho = pending ? pending.admin.full_name || pending.admin.email : '';
  const system = actor.role === 'system_admin';

  const columns: Array<ConsoleColumn<AdminDto>> = [
    {
      id: 'administrator',
      header: 'Administrator',
      kind: 'title',
      className: 'max-w-[16rem] max-md:max-w-none',
      cell: (admin) => (
        <>
          <p className="flex items-center gap-2 font-medium text-gray-900">
            <span className="truncate">{admin.full_name || '—'}</span>
            {admin.id === actor.id ? <Badge variant="gray">You</Badge> : null}
          </p>
          <p className="truncate text-gray-600" title={admin.email}>
            {admin.email}
          </p>
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: (admin) => roleLabel(admin.role) },
    {
      id: 'hospital',
      header: 'Hospital',
      hideable: true,
      cell: (admin) => admin.hospital_name ?? (admin.role === 'system_admin' ? <span className="text-gray-500">All hospitals</span> : '—'),
    },
    { id: 'status', header: 'Status', cell: (admin) => <StatusBadges admin={admin} /> },
    {
      id: 'lastSignIn',
      header: 'Last sign-in',
      hideable: true,
      className: 'text-gray-700',
      cell: (admin) =>
        admin.last_login_at ? (
          <time dateTime={admin.last_login_at} className="whitespace-nowrap md:flex md:flex-col">
            <span>{formatDate(admin.last_login_at)}</span>
            <span className="max-md:ml-1 md:text-xs md:text-gray-500">{formatTimeOfDay(admin.last_login_at)}</span>
          </time>
        ) : (
          <span className="text-gray-500">Never</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (admin) => <RowActions admin={admin} self={admin.id === actor.id} onEdit={() => openEdit(admin)} onAction={openAction} />,
    },
  ];

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

      <ConsoleTable
        caption="Administrators"
        columns={columns}
        query={admins}
        list={list}
        pageSize={ADMINS_PAGE_SIZE}
        search={{ placeholder: 'Search by name or e-mail', label: 'Search administrators' }}
        empty={q ? `No administrator matches “${q}”.` : 'No administrators yet.'}
        loadingLabel="Loading administrators"
        errorTitle="The administrators could not be loaded."
      />

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
