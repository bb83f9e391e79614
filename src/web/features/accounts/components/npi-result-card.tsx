import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { NpiRecord } from '@shared/npi';
import { titleCase } from '../lib/title-case';

export function primarySpecialty(record: NpiRecord): string {
  return record.specialties.find((specialty) => specialty.is_primary)?.name ?? record.primary_taxonomy?.desc ?? record.specialties[0]?.name ?? '';
}

export function registryName(record: NpiRecord): string {
  return `${titleCase(record.first_name)} ${titleCase(record.last_name)}`.trim();
}

/** What the national registry returned for the NPI that was looked up. */
export function NpiResultCard({ record }: { record: NpiRecord & { source?: string } }) {
  const specialty = primarySpecialty(record);
  const place = record.primary_address;
  const location = place?.city ? `${titleCase(place.city)}${place.state ? `, ${place.state}` : ''}` : null;
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-emerald-800">
        <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
        {record.source === 'yext' ? 'Found in your hospital\u2019s directory' : 'Found in the NPI Registry'}
      </p>
      <dl className="mt-3 space-y-1 text-gray-700">
        <div>
          <dt className="sr-only">Name</dt>
          <dd className="text-base font-semibold text-gray-900">
            {registryName(record)}
            {record.credential ? <span className="font-normal text-gray-600">, {record.credential}</span> : null}
          </dd>
        </div>
        {specialty ? (
          <div>
            <dt className="sr-only">Specialty</dt>
            <dd>{specialty}</dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">Location and NPI</dt>
          <dd className="text-gray-600">
            {location ? `${location} · ` : ''}NPI {record.npi_number}
          </dd>
        </div>
      </dl>
      {record.status === 'deactivated' ? (
        <p className="mt-3 text-amber-800">The registry lists this NPI as deactivated. Check the number if that is not expected.</p>
      ) : null}
      <p className="mt-3 text-gray-600">We filled in your name, credential and specialty below. Check them before you continue.</p>
    </div>
  );
}

export function NpiLookupError({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div>
        <p className="font-semibold">{message}</p>
        <p className="mt-0.5 text-amber-800">Check the number, or leave it empty and fill in your details yourself. You can add your NPI later.</p>
      </div>
    </div>
  );
}
