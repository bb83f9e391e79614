import { Building2, ChevronRight, Plus, Power, PowerOff, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionsCell, Cell, DataRow, DataTable, TitleCell } from '../../components/data-table';
import { IconButton, iconButtonClasses } from '../../components/icon-button';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorPanel, LoadingPanel } from '../../components/query-states';
import { formatDate } from '../../lib/format';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { useDebouncedValue } from '../../lib/use-debounced-value';
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
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const system = actor?.role === 'system_admin';
  const hospitals = useHospitals({ q, page, pageSize: HOSPITALS_PAGE_SIZE });
  const [createOpen, setCreateOpen] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const deactivate = useDeactivateHospital();
  const update = useUpdateHospital();
  const remove = useDeleteHospital();

  const emptyPage = hospitals.data !== undefined && hospitals.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

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

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <Input
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="Search by name or code"
              aria-label="Search hospitals"
              className="pl-9"
            />
          </div>
          {hospitals.isFetching && !hospitals.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
        </div>

        <div className="p-4 md:p-0">
          {hospitals.isPending ? (
            <LoadingPanel label="Loading hospitals" />
          ) : hospitals.isError ? (
            <ErrorPanel title="The hospitals could not be loaded." error={hospitals.error} onRetry={() => void hospitals.refetch()} />
          ) : hospitals.data.items.length === 0 ? (
            <EmptyState>{q ? `No hospital matches “${q}”.` : 'No hospitals yet.'}</EmptyState>
          ) : (
            <div className="md:overflow-x-auto">
              <DataTable caption="Hospitals" columns={['Hospital', 'Status', 'Data source', 'Contact', 'Created', { label: 'Actions', srOnly: true }]}>
                {hospitals.data.items.map((hospital) => (
                  <DataRow key={hospital.id}>
                    <TitleCell className="max-w-[18rem]">
                      <Link to={`/system-admin/hospitals/${hospital.id}`} className="block truncate font-medium text-gray-900 hover:text-brand-700 hover:underline">
                        {hospital.name}
                      </Link>
                      <p className="truncate font-mono text-xs text-gray-600">{hospital.code}</p>
                    </TitleCell>
                    <Cell label="Status">
                      <HospitalStatusBadge active={hospital.isActive} />
                    </Cell>
                    <Cell label="Data source">
                      <Badge variant={hospital.dataSource === 'yext' ? 'coral' : 'brand'}>{DATA_SOURCE_LABELS[hospital.dataSource]}</Badge>
                    </Cell>
                    <Cell label="Contact" className="text-gray-700 md:max-w-[16rem]">
                      <div className="min-w-0 max-md:text-right">
                        <span className="block truncate" title={hospital.contactEmail ?? undefined}>
                          {hospital.contactEmail ?? <span className="text-gray-500">—</span>}
                        </span>
                        {hospital.contactPhone ? <span className="block truncate text-xs text-gray-500">{hospital.contactPhone}</span> : null}
                      </div>
                    </Cell>
                    <Cell label="Created" className="whitespace-nowrap text-gray-700">
                      {formatDate(hospital.createdAt)}
                    </Cell>
                    <ActionsCell>
                      {hospital.isActive ? (
                        <IconButton icon={PowerOff} label={`Deactivate ${hospital.name}`} onClick={() => open({ kind: 'deactivate', hospital })} />
                      ) : (
                        <IconButton icon={Power} label={`Reactivate ${hospital.name}`} onClick={() => open({ kind: 'reactivate', hospital })} />
                      )}
                      <IconButton icon={Trash2} tone="danger" label={`Delete ${hospital.name}`} onClick={() => open({ kind: 'delete', hospital })} />
                      <Link to={`/system-admin/hospitals/${hospital.id}`} className={iconButtonClasses} aria-label={`Open ${hospital.name}`}>
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Link>
                    </ActionsCell>
                  </DataRow>
                ))}
              </DataTable>
            </div>
          )}
        </div>

        {hospitals.data && hospitals.data.totalCount > 0 ? (
          <div className="border-t border-gray-200 px-4 py-3">
            <Pagination page={page} pageSize={HOSPITALS_PAGE_SIZE} totalCount={hospitals.data.totalCount} onPageChange={setPage} noun="hospitals" />
          </div>
        ) : null}
      </Card>

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
