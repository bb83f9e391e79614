import { CheckCircle2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DataSource } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { IconButton } from '../../components/icon-button';
import { EmptyState, ErrorPanel, LoadingPanel } from '../../components/query-states';
import { formatDateTime } from '@web/lib/console-format';
import { useDataSources, useDeleteDataSource, useSaveDataSource, type DataSourceConfigDto } from '../api/data-sources';
import { DATA_SOURCE_LABELS } from '../lib/labels';
import { DataSourceDialog } from './data-source-dialog';

const LISTING_TESTS = [
  { to: '/yext-test', label: 'Connection' },
  { to: '/yext-expertise-test', label: 'Expertise sync' },
  { to: '/yext-field-mapping-test', label: 'Field mapping' },
] as const;

function ActivateButton({ hospitalId, config }: { hospitalId: string; config: DataSourceConfigDto }) {
  const save = useSaveDataSource(hospitalId);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        loading={save.isPending}
        onClick={() =>
          save.mutate({ id: config.id, body: { isActive: true } }, { onSuccess: () => toast.success(`${config.sourceName} is now the active data source.`) })
        }
      >
        <CheckCircle2 aria-hidden="true" className="size-4" />
        Activate
      </Button>
      {save.isError ? <p className="text-xs text-red-700">{serverMessage(save.error)}</p> : null}
    </div>
  );
}

export function DataSourcesTab({ hospitalId, hospitalDataSource }: { hospitalId: string; hospitalDataSource: DataSource }) {
  const configs = useDataSources(hospitalId);
  const remove = useDeleteDataSource(hospitalId);
  const [editing, setEditing] = useState<DataSourceConfigDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<DataSourceConfigDto | null>(null);

  const openForm = (config: DataSourceConfigDto | null) => {
    setEditing(config);
    setFormOpen(true);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm leading-6 text-gray-600">
          Configurations tell the directory import where to find each provider and how source fields map to profile fields. The active one is used.
        </p>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" className="size-4" />
          Add data source
        </Button>
      </div>

      {configs.isPending ? (
        <LoadingPanel label="Loading data sources" />
      ) : configs.isError ? (
        <ErrorPanel title="The data sources could not be loaded." error={configs.error} onRetry={() => void configs.refetch()} />
      ) : configs.data.length === 0 ? (
        <Card>
          <EmptyState>No data source configurations yet.</EmptyState>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Data source configurations">
          {configs.data.map((config) => (
            <li key={config.id}>
              <Card className={config.isActive ? 'p-4 ring-1 ring-emerald-300 sm:p-5' : 'p-4 sm:p-5'}>
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-gray-900">{config.sourceName}</span>
                      <Badge variant={config.sourceType === 'yext' ? 'coral' : 'brand'}>{DATA_SOURCE_LABELS[config.sourceType]}</Badge>
                      {config.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
                    </p>
                    <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
                      <div className="flex gap-1.5">
                        <dt className="text-gray-500">Lookup</dt>
                        <dd className="text-gray-800">{config.providerLookupStrategy ?? '—'}</dd>
                      </div>
                      <div className="flex gap-1.5">
                        <dt className="text-gray-500">Sync</dt>
                        <dd className="text-gray-800">{config.syncEnabled ? 'On' : 'Off'}</dd>
                      </div>
                      <div className="flex gap-1.5">
                        <dt className="text-gray-500">Mappings</dt>
                        <dd className="text-gray-800 tabular-nums">{config.fieldMappings.length}</dd>
                      </div>
                      <div className="col-span-2 flex gap-1.5">
                        <dt className="text-gray-500">Updated</dt>
                        <dd className="text-gray-800">{formatDateTime(config.updatedAt)}</dd>
                      </div>
                    </dl>
                    {/* The listing service's test pages live here, not in everyone's navigation (issue T3 4/7 item 3). */}
                    {config.sourceType === 'yext' ? (
                      <nav aria-label={`Test ${config.sourceName}`} className="mt-3 flex flex-wrap items-center gap-x-1 gap-y-1 text-sm">
                        <span className="text-gray-500">Test the listing service:</span>
                        {LISTING_TESTS.map((test) => (
                          <Link
                            key={test.to}
                            to={`${test.to}?hospital=${hospitalId}`}
                            className="inline-flex min-h-6 items-center rounded px-1.5 font-medium text-brand-700 hover:bg-brand-50 hover:underline"
                          >
                            {test.label}
                          </Link>
                        ))}
                      </nav>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 items-start gap-1">
                    {config.isActive ? null : <ActivateButton hospitalId={hospitalId} config={config} />}
                    <IconButton icon={Pencil} label={`Edit ${config.sourceName}`} onClick={() => openForm(config)} />
                    <IconButton
                      icon={Trash2}
                      tone="danger"
                      label={`Delete ${config.sourceName}`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(config);
                      }}
                    />
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <DataSourceDialog hospitalId={hospitalId} hospitalDataSource={hospitalDataSource} open={formOpen} onOpenChange={setFormOpen} config={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.sourceName}?` : ''}
        description={<p>The configuration and its {deleting?.fieldMappings.length ?? 0} field mappings are removed. This cannot be undone.</p>}
        confirmLabel="Delete data source"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, 'The data source could not be deleted.') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.sourceName} was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
