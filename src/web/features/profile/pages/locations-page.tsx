import { Building2, ChevronDown, MapPin, MapPinned, Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { HospitalLocationDto } from '@shared/schemas/locations';
import { locationsSchema, US_STATE_CODES, type ProfileSectionData } from '@shared/schemas/profile';
import { Badge } from '@web/components/ui/badge';
import { useSession } from '@web/lib/session';
import { useHospitalLocations } from '../api/get-hospital-locations';
import type { SectionView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { ChoiceGroup, FormAlert, SelectField, Switch, TextareaField, TextField } from '../components/fields';
import { ListEditor } from '../components/list-editor';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { useSectionEditor } from '../hooks/use-section-editor';
import { fromTriState, text, triState, type TriState } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';

interface LocationRow {
  predefinedLocationId: string;
  locationName: string;
  address: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  floor: string;
  suiteOfficeNumber: string;
  phoneNumber: string;
  faxNumber: string;
  website: string;
  isPrimaryLocation: boolean;
  acceptingNewPatients: boolean | null;
  telehealthAvailable: boolean;
  specialNotes: string;
}
interface LocationsForm {
  items: LocationRow[];
}

const toFormValues = (data: SectionView<'locations'>): LocationsForm => ({
  items: data.items.map((item) => ({
    predefinedLocationId: text(item.predefinedLocationId),
    locationName: text(item.locationName),
    address: text(item.address),
    addressLine2: text(item.addressLine2),
    city: text(item.city),
    state: text(item.state),
    postalCode: text(item.postalCode),
    country: text(item.country) || 'US',
    floor: text(item.floor),
    suiteOfficeNumber: text(item.suiteOfficeNumber),
    phoneNumber: text(item.phoneNumber),
    faxNumber: text(item.faxNumber),
    website: text(item.website),
    isPrimaryLocation: item.isPrimaryLocation,
    acceptingNewPatients: item.acceptingNewPatients,
    telehealthAvailable: item.telehealthAvailable,
    specialNotes: text(item.specialNotes),
  })),
});

function blankRow(primary: boolean): LocationRow {
  return {
    predefinedLocationId: '',
    locationName: '',
    address: '',
    addressLine2: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'US',
    floor: '',
    suiteOfficeNumber: '',
    phoneNumber: '',
    faxNumber: '',
    website: '',
    isPrimaryLocation: primary,
    acceptingNewPatients: null,
    telehealthAvailable: false,
    specialNotes: '',
  };
}

/** A row filled from one of the hospital's locations (the server fills any blank left the same way). */
function fromHospitalLocation(site: HospitalLocationDto, primary: boolean): LocationRow {
  return {
    ...blankRow(primary),
    predefinedLocationId: site.id,
    locationName: site.name,
    address: text(site.addressLine1 ?? site.address),
    addressLine2: text(site.addressLine2),
    city: text(site.city),
    state: text(site.state),
    postalCode: text(site.postalCode ?? site.zipCode),
    country: text(site.country) || 'US',
    phoneNumber: text(site.mainPhone ?? site.phoneNumber),
    website: text(site.url),
  };
}

type Form = UseFormReturn<LocationsForm, unknown, ProfileSectionData<'locations'>>;

function LocationFields({ form, index, hospitalName, primaryGroup }: { form: Form; index: number; hospitalName?: string; primaryGroup: string }) {
  const errors = form.formState.errors.items?.[index];
  const rows = form.watch('items');
  const row = rows[index];
  const setPrimary = () => {
    rows.forEach((_, i) => form.setValue(`items.${i}.isPrimaryLocation`, i === index, { shouldDirty: true }));
  };
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      {row?.predefinedLocationId ? (
        <p className="flex items-center gap-2 text-sm text-gray-700 sm:col-span-6">
          <Building2 aria-hidden="true" className="size-4 text-brand-600" />
          One of {hospitalName ?? 'your hospital'}’s locations. Blank fields are filled from the hospital’s listing.
        </p>
      ) : null}
      <TextField fieldClassName="sm:col-span-4" label="Location name" error={errors?.locationName?.message} {...form.register(`items.${index}.locationName`)} />
      <div className="flex items-end sm:col-span-2">
        <label className="flex h-10 cursor-pointer items-center gap-2.5 rounded-lg border border-gray-200 px-3 text-sm font-medium text-gray-800 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50">
          <input type="radio" name={primaryGroup} checked={row?.isPrimaryLocation ?? false} onChange={setPrimary} className="size-4 accent-brand-600" />
          Primary location
        </label>
      </div>
      <TextField
        fieldClassName="sm:col-span-4"
        label="Street address"
        optional
        autoComplete="off"
        error={errors?.address?.message}
        {...form.register(`items.${index}.address`)}
      />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Address line 2"
        optional
        error={errors?.addressLine2?.message}
        {...form.register(`items.${index}.addressLine2`)}
      />
      <TextField fieldClassName="sm:col-span-3" label="City" optional error={errors?.city?.message} {...form.register(`items.${index}.city`)} />
      <SelectField fieldClassName="sm:col-span-1" label="State" optional error={errors?.state?.message} {...form.register(`items.${index}.state`)}>
        <option value="">—</option>
        {US_STATE_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <TextField
        fieldClassName="sm:col-span-2"
        label="ZIP code"
        optional
        inputMode="numeric"
        error={errors?.postalCode?.message}
        {...form.register(`items.${index}.postalCode`)}
      />
      <TextField fieldClassName="sm:col-span-2" label="Floor" optional error={errors?.floor?.message} {...form.register(`items.${index}.floor`)} />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Suite or office"
        optional
        error={errors?.suiteOfficeNumber?.message}
        {...form.register(`items.${index}.suiteOfficeNumber`)}
      />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Website"
        optional
        type="url"
        placeholder="https://"
        error={errors?.website?.message}
        {...form.register(`items.${index}.website`)}
      />
      <TextField
        fieldClassName="sm:col-span-3"
        label="Phone"
        optional
        type="tel"
        error={errors?.phoneNumber?.message}
        {...form.register(`items.${index}.phoneNumber`)}
      />
      <TextField
        fieldClassName="sm:col-span-3"
        label="Fax"
        optional
        type="tel"
        error={errors?.faxNumber?.message}
        {...form.register(`items.${index}.faxNumber`)}
      />
      <Controller
        control={form.control}
        name={`items.${index}.acceptingNewPatients`}
        render={({ field }) => (
          <ChoiceGroup<TriState>
            className="sm:col-span-6"
            legend="New patients at this location"
            name={`${primaryGroup}-accepting-${index}`}
            value={triState(field.value)}
            onChange={(next) => field.onChange(fromTriState(next))}
            options={[
              { value: 'yes', label: 'Accepting' },
              { value: 'no', label: 'Not accepting' },
              { value: 'unset', label: 'Same as my profile' },
            ]}
          />
        )}
      />
      <Controller
        control={form.control}
        name={`items.${index}.telehealthAvailable`}
        render={({ field }) => (
          <Switch className="sm:col-span-6" checked={field.value} onChange={field.onChange} label="Telehealth visits from this location" />
        )}
      />
      <TextareaField
        fieldClassName="sm:col-span-6"
        label="Special notes"
        optional
        rows={2}
        placeholder="Parking in the north garage; check in on the 3rd floor."
        error={errors?.specialNotes?.message}
        {...form.register(`items.${index}.specialNotes`)}
      />
    </div>
  );
}

function LocationsFormCard({ data }: { data: SectionView<'locations'> }) {
  const hospital = useHospitalLocations();
  const primaryGroup = useId();
  const form = useForm<LocationsForm, unknown, ProfileSectionData<'locations'>>({
    defaultValues: toFormValues(data),
    resolver: schemaResolver(locationsSchema),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const rows = form.watch('items');
  const editor = useSectionEditor({ sectionId: 'locations', form, toFormValues, successMessage: 'Locations saved' });
  const listError = form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message;
  const sites = hospital.data ?? [];
  const picked = new Set(rows.map((row) => row.predefinedLocationId).filter(Boolean));
  const available = sites.filter((site) => !picked.has(site.id));
  const noPrimary = !rows.some((row) => row.isPrimaryLocation);
  const hospitalName = useSession().data?.user?.hospitalName ?? undefined;

  const remove = (index: number) => {
    const wasPrimary = rows[index]?.isPrimaryLocation;
    items.remove(index);
    // Exactly one primary: the first remaining location takes over.
    if (wasPrimary && rows.length > 1) form.setValue('items.0.isPrimaryLocation', true, { shouldDirty: true });
  };

  const addFromHospital = (id: string) => {
    const site = sites.find((candidate) => candidate.id === id);
    if (site) items.append(fromHospitalLocation(site, noPrimary));
  };

  const hospitalPicker =
    sites.length > 0 ? (
      <div className="flex items-center gap-2">
        <label htmlFor={`${primaryGroup}-pick`} className="sr-only">
          Add one of your hospital’s locations
        </label>
        <div className="relative">
          <select
            id={`${primaryGroup}-pick`}
            value=""
            disabled={available.length === 0}
            onChange={(event) => addFromHospital(event.target.value)}
            className="h-10 w-full max-w-xs cursor-pointer appearance-none truncate rounded-lg border border-brand-300 bg-brand-50 pr-8 pl-8 text-sm font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-50"
          >
            <option value="">{available.length === 0 ? 'All hospital locations added' : 'Add hospital location…'}</option>
            {available.map((site) => (
              <option key={site.id} value={site.id}>
                {[site.name, site.city].filter(Boolean).join(' — ')}
              </option>
            ))}
          </select>
          <Plus aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-brand-700" />
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-brand-700" />
        </div>
      </div>
    ) : hospital.isSuccess ? (
      <p className="text-xs text-gray-600">Your hospital has not listed any locations to pick from yet.</p>
    ) : null;

  return (
    <EditorCard
      title="Practice locations"
      icon={MapPinned}
      description="Pick from your hospital’s locations or add your own. Mark one as primary: it is the one patients see first."
      editor={editor}
      saveLabel="Save locations"
    >
      {listError ? <FormAlert>{listError}</FormAlert> : null}
      <ListEditor
        fields={items.fields}
        onAdd={() => items.append(blankRow(noPrimary))}
        addLabel="Add a custom location"
        onRemove={remove}
        onMove={items.move}
        itemName="location"
        itemTitle={(index) => [rows[index]?.locationName, rows[index]?.city].filter(Boolean).join(', ')}
        renderItemMeta={(index) => (
          <>
            {rows[index]?.predefinedLocationId ? <Badge variant="gray">Hospital location</Badge> : null}
            {rows[index]?.isPrimaryLocation ? <Badge>Primary</Badge> : null}
          </>
        )}
        empty={{ icon: MapPin, title: 'No locations yet', description: 'Add the clinics and hospitals where patients can see you.' }}
        cap="locations"
        toolbar={hospitalPicker}
        renderItem={(index) => <LocationFields form={form} index={index} primaryGroup={primaryGroup} hospitalName={hospitalName} />}
      />
      {rows.length > 0 && noPrimary ? <p className="text-sm text-gray-600">No primary location chosen: the first one becomes primary when you save.</p> : null}
    </EditorCard>
  );
}

export function LocationsPage() {
  return (
    <SectionPage id="locations">
      <SectionLoader sectionId="locations" label="Loading your locations" rows={4}>
        {(data) => <LocationsFormCard data={data} />}
      </SectionLoader>
    </SectionPage>
  );
}

export { LocationsPage as Component };
