import { Pencil, Plus, Search, Trash2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionsCell, Cell, DataRow, DataTable, TitleCell } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorPanel, LoadingPanel } from '../../components/query-states';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDeleteLocation, useLocations, type HospitalLocationDto } from '../api/locations';
import { LocationDialog } from './location-dialog';
import { LocationsBulkDialog } from './locations-bulk-dialog';

export const LOCATIONS_PAGE_SIZE = 20;

function addressLines(location: HospitalLocationDto): string[] {
  const street = [location.addressLine1 ?? location.address, location.addressLine2].filter(Boolean).join(', ');
  const place = [location.city, [location.state, location.zipCode ?? location.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean);
}

export function LocationsTab({ hospitalId }: { hospitalId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const locations = useLocations(hospitalId, { q, page, pageSize: LOCATIONS_PAGE_SIZE });
  const remove = useDeleteLocation(hospitalId);
  const [editing, setEditing] = useState<HospitalLocationDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleting, setDeleting] = useState<HospitalLocationDto | null>(null);

  const emptyPage = locations.data !== undefined && locations.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

  const openForm = (location: HospitalLocationDto | null) => {
    setEditing(location);
    setFormOpen(true);
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex items-center gap-3">
            <div className="relative w-full lg:w-80">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
              <Input
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
                placeholder="Search by name, city or department"
                aria-label="Search locations"
                className="pl-9"
              />
            </div>
            {locations.isFetching && !locations.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setBulkOpen(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Upload CSV
            </Button>
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden="true" className="size-4" />
              Add location
            </Button>
          </div>
        </div>

        <div className="p-4 md:p-0">
          {locations.isPending ? (
            <LoadingPanel label="Loading locations" />
          ) : locations.isError ? (
            <div className="md:p-4">
              <ErrorPanel title="The locations could not be loaded." error={locations.error} onRetry={() => void locations.refetch()} />
            </div>
          ) : locations.data.items.length === 0 ? (
            <EmptyState>{q ? `No location matches “${q}”.` : 'No locations yet. Add one, or upload a CSV file with many.'}</EmptyState>
          ) : (
            <div className="md:overflow-x-auto">
              <DataTable caption="Locations" columns={['Location', 'Address', 'Phone', 'Status', { label: 'Actions', srOnly: true }]}>
                {locations.data.items.map((location) => (
                  <DataRow key={location.id}>
                    <TitleCell className="max-w-[16rem]">
                      <p className="truncate font-medium text-gray-900" title={location.name}>
                        {location.name}
                      </p>
                      {location.cDepartmentSpecialty ? <p className="truncate text-xs text-gray-600">{location.cDepartmentSpecialty}</p> : null}
                    </TitleCell>
                    <Cell label="Address" className="text-gray-700 max-md:text-right">
                      {addressLines(location).length > 0 ? (
                        <div className="min-w-0">
                          {addressLines(location).map((line) => (
                            <span key={line} className="block">
                              {line}
                            </span>
                          ))}
                        </div>
                      ) : (
                        <span className="text-gray-500">—</span>
                      )}
                    </Cell>
                    <Cell label="Phone" className="whitespace-nowrap text-gray-700">
                      {location.phoneNumber ?? location.mainPhone ?? <span className="text-gray-500">—</span>}
                    </Cell>
                    <Cell label="Status">
                      <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
                        {location.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
                        {location.isYextSourced ? <Badge variant="coral">Yext</Badge> : null}
                      </span>
                    </Cell>
                    <ActionsCell>
                      <IconButton icon={Pencil} label={`Edit ${location.name}`} onClick={() => openForm(location)} />
                      <IconButton
                        icon={Trash2}
                        tone="danger"
                        label={`Delete ${location.name}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(location);
                        }}
                      />
                    </ActionsCell>
                  </DataRow>
                ))}
              </DataTable>
            </div>
          )}
        </div>

        {locations.data && locations.data.totalCount > 0 ? (
          <div className="border-t border-gray-200 px-4 py-3">
            <Pagination page={page} pageSize={LOCATIONS_PAGE_SIZE} totalCount={locations.data.totalCount} onPageChange={setPage} noun="locations" />
          </div>
        ) : null}
      </Card>

      <LocationDialog hospitalId={hospitalId} open={formOpen} onOpenChange={setFormOpen} location={editing} />
      <LocationsBulkDialog hospitalId={hospitalId} open={bulkOpen} onOpenChange={setBulkOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.name}?` : ''}
        description={<p>It is no longer offered to the hospital’s providers. This cannot be undone.</p>}
        confirmLabel="Delete location"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, 'The location could not be deleted.') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
