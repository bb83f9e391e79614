import { Building2, ChevronRight, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConsoleTable, RowTitle, useConsoleList, type ConsoleColumn } from '../../components/console-table';
import { IconButton, iconButtonClasses } from '../../components/icon-button';
import { formatDate } from '@web/lib/console-format';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { useDeactivateHospital, useDeleteHospital, useHospitals, useUpdateHospital, type HospitalDto } from '../api/hospitals';
import { HospitalCreateDialog } from '../components/hospital-create-dialog';
import { HospitalStatusBadge } from '../components/hospital-status-badge';
import { DATA_SOURCE_LABELS } from '../lib/labels';

export const HOSPITALS_PAGE_SIZE = 20;

type PendingAction = { kind: 'deactivate' | 'reactivate' | 'delete'; hospital: HospitalDto };

const COPY = {
  deactivate: {
    title: (name: string) => `Deactivate ${name}?`,
    body: 'Its providers can no longer choose it at sign-up and it disappears from hospital choosers. Its data stays and it can be reactivated.',
    confirm: 'Deactivate',
    done: (name: string) => `${name} was deactivated.`,
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}?`,
    body: 'The hospital is offered at sign-up again.',
    confirm: 'Reactivate',
    done: (name: string) => `${name} was reactivated.`,
  },
  delete: {
    title: (name: string) => `Delete ${name}?`,
    body: 'The hospital is removed with its settings, locations, taxonomy, expertise terms, brand documents and its hospital administrators. Its providers keep their accounts, without a hospital. This cannot be undone; to keep the data, deactivate it instead.',
    confirm: 'Delete hospital',
    done: (name: string) => `${name} was deleted.`,
  },
} as const;

export function HospitalsPage() {
  const actor = useConsoleAdmin();
  const list = useConsoleList();
  const { q, page } = list;
  const system = actor?.role === 'system_admin';
  const hospitals = useHospitals({ q, page, pageSize: HOSPITALS_PAGE_SIZE });
  const [createOpen, setCreateOpen] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const deactivate = useDeactivateHospital();
  const update = useUpdateHospital();
  const remove = useDeleteHospital();

  if (!actor) return null;
  // A hospital administrator has exactly one hospital: open it.
  if (!system) return actor.hospital_id ? <Navigate to={`/system-admin/hospitals/${actor.hospital_id}`} replace /> : null;

  const mutation = pending?.kind === 'delete' ? remove : pending?.kind === 'deactivate' ? deactivate : update;
  const open = (action: PendingAction) => {
    deactivate.reset();
    update.reset();
    remove.reset();
    setPending(action);
  };
  const confirm = () => {
    if (!pending) return;
    const { hospital, kind } = pending;
    const onSuccess = () => {
      toast.success(COPY[kind].done(hospital.name));
      setPending(null);
    };
    if (kind === 'delete') remove.mutate(hospital.id, { onSuccess });
    else if (kind === 'deactivate') deactivate.mutate(hospital.id, { onSuccess });
    else update.mutate({ id: hospital.id, body: { isActive: true } }, { onSuccess });
  };

  const columns: Array<ConsoleColumn<HospitalDto>> = [
    {
      id: 'hospital',
      header: 'Hospital',
      kind: 'title',
      className: 'max-w-[18rem]',
      cell: (hospital) => (
        <RowTitle to={`/system-admin/hospitals/${hospital.id}`} detail={<p className="truncate font-mono text-xs text-gray-600">{hospital.code}</p>}>
          {hospital.name}
        </RowTitle>
      ),
    },
    { id: 'status', header: 'Status', cell: (hospital) => <HospitalStatusBadge active={hospital.isActive} /> },
    {
      id: 'dataSource',
      header: 'Data source',
      hideable: true,
      cell: (hospital) => <Badge variant={hospital.dataSource === 'yext' ? 'coral' : 'brand'}>{DATA_SOURCE_LABELS[hospital.dataSource]}</Badge>,
    },
    {
      id: 'contact',
      header: 'Contact',
      hideable: true,
      className: 'text-gray-700 md:max-w-[16rem]',
      cell: (hospital) => (
        <div className="min-w-0 max-md:text-right">
          <span className="block truncate" title={hospital.contactEmail ?? undefined}>
            {hospital.contactEmail ?? <span className="text-gray-500">—</span>}
          </span>
          {hospital.contactPhone ? <span className="block truncate text-xs text-gray-500">{hospital.contactPhone}</span> : null}
        </div>
      ),
    },
    { id: 'created', header: 'Created', hideable: true, className: 'whitespace-nowrap text-gray-700', cell: (hospital) => formatDate(hospital.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (hospital) => (
        <>
          {hospital.isActive ? (
            <IconButton icon={PowerOff} label={`Deactivate ${hospital.name}`} onClick={() => open({ kind: 'deactivate', hospital })} />
          ) : (
            <IconButton icon={Power} label={`Reactivate ${hospital.name}`} onClick={() => open({ kind: 'reactivate', hospital })} />
          )}
          <IconButton icon={Trash2} tone="danger" label={`Delete ${hospital.name}`} onClick={() => open({ kind: 'delete', hospital })} />
          <Link to={`/system-admin/hospitals/${hospital.id}`} className={iconButtonClasses} aria-label={`Open ${hospital.name}`}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Building2}
        title="Hospitals"
        description="Every hospital on Vitae: settings, profile sections, locations, brand and data sources."
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add hospital
          </Button>
        }
      />

      <ConsoleTable
        caption="Hospitals"
        columns={columns}
        query={hospitals}
        list={list}
        pageSize={HOSPITALS_PAGE_SIZE}
        search={{ placeholder: 'Search by name or code', label: 'Search hospitals' }}
        empty={q ? `No hospital matches “${q}”.` : 'No hospitals yet.'}
        loadingLabel="Loading hospitals"
        errorTitle="The hospitals could not be loaded."
      />

      <HospitalCreateDialog open={createOpen} onOpenChange={setCreateOpen} />

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => (next ? undefined : setPending(null))}
        title={pending ? COPY[pending.kind].title(pending.hospital.name) : ''}
        description={pending ? <p>{COPY[pending.kind].body}</p> : null}
        confirmLabel={pending ? COPY[pending.kind].confirm : ''}
        onConfirm={confirm}
        pending={mutation.isPending}
        error={pending && mutation.isError ? serverMessage(mutation.error) : null}
        destructive={pending?.kind !== 'reactivate'}
      />
    </div>
  );
}

export { HospitalsPage as Component };
