import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConsoleTable, RowTitle, useConsoleList, type ConsoleColumn } from '../../components/console-table';
import { IconButton } from '../../components/icon-button';
import { useDeleteLocation, useLocations, type HospitalLocationDto, type HospitalLocationListItem } from '../api/locations';
import { LocationDialog } from './location-dialog';
import { LocationsBulkDialog } from './locations-bulk-dialog';

export const LOCATIONS_PAGE_SIZE = 20;

function addressLines(location: HospitalLocationDto): string[] {
  const street = [location.addressLine1 ?? location.address, location.addressLine2].filter(Boolean).join(', ');
  const place = [location.city, [location.state, location.zipCode ?? location.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean);
}

/** The providers who practise at a location: a few names, and how many more. */
function ProvidersAt({ location }: { location: HospitalLocationListItem }) {
  if (location.providerCount === 0) return <span className="text-gray-500">None linked</span>;
  const shown = location.providers.slice(0, 3).map((provider) => provider.name);
  const more = location.providerCount - shown.length;
  return (
    <span className="block min-w-0" title={location.providers.map((provider) => provider.name).join(', ')}>
      <span className="font-medium text-gray-900">{location.providerCount === 1 ? '1 provider' : `${location.providerCount} providers`}</span>
      <span className="block text-xs text-gray-600">
        {shown.join(', ')}
        {more > 0 ? `, and ${more} more` : ''}
      </span>
    </span>
  );
}

export function LocationsTab({ hospitalId }: { hospitalId: string }) {
  const list = useConsoleList();
  const { q, page } = list;
  const locations = useLocations(hospitalId, { q, page, pageSize: LOCATIONS_PAGE_SIZE });
  const remove = useDeleteLocation(hospitalId);
  const [editing, setEditing] = useState<HospitalLocationDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleting, setDeleting] = useState<HospitalLocationDto | null>(null);

  const openForm = (location: HospitalLocationDto | null) => {
    setEditing(location);
    setFormOpen(true);
  };

  const columns: Array<ConsoleColumn<HospitalLocationListItem>> = [
    {
      id: 'location',
      header: 'Location',
      kind: 'title',
      className: 'max-w-[16rem]',
      cell: (location) => (
        <RowTitle
          title={location.name}
          detail={location.cDepartmentSpecialty ? <p className="truncate text-xs text-gray-600">{location.cDepartmentSpecialty}</p> : null}
        >
          {location.name}
        </RowTitle>
      ),
    },
    {
      id: 'address',
      header: 'Address',
      hideable: true,
      className: 'text-gray-700 max-md:text-right',
      cell: (location) =>
        addressLines(location).length > 0 ? (
          <div className="min-w-0">
            {addressLines(location).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </div>
        ) : (
          <span className="text-gray-500">—</span>
        ),
    },
    {
      id: 'providers',
      header: 'Providers here',
      label: 'Providers',
      hideable: true,
      className: 'text-gray-700 max-md:text-right',
      cell: (location) => <ProvidersAt location={location} />,
    },
    {
      id: 'phone',
      header: 'Phone',
      hideable: true,
      className: 'whitespace-nowrap text-gray-700',
      cell: (location) => location.phoneNumber ?? location.mainPhone ?? <span className="text-gray-500">—</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (location) => (
        <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
          {location.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
          {location.isYextSourced ? <Badge variant="coral">Yext</Badge> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (location) => (
        <>
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
        </>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ConsoleTable
        caption="Locations"
        columns={columns}
        query={locations}
        list={list}
        pageSize={LOCATIONS_PAGE_SIZE}
        search={{ placeholder: 'Search by name, city or department', label: 'Search locations' }}
        actions={
          <>
            <Button variant="outline" onClick={() => setBulkOpen(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Upload CSV
            </Button>
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden="true" className="size-4" />
              Add location
            </Button>
          </>
        }
        empty={q ? `No location matches “${q}”.` : 'No locations yet. Add one, or upload a CSV file with many.'}
        loadingLabel="Loading locations"
        errorTitle="The locations could not be loaded."
      />

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
