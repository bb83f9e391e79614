import { ArrowRight, CircleCheck, PencilLine } from 'lucide-react';
import type { IdentityRefreshResult } from '../../api/refresh-identity';

export const IDENTITY_FIELD_LABELS: Record<string, string> = {
  npiNumber: 'NPI number',
  firstName: 'First name',
  lastName: 'Last name',
  fullLegalName: 'Full legal name',
  credentials: 'Credentials',
  primarySpecialty: 'Primary specialty',
  primarySpecialties: 'Primary specialties',
  licenses: 'Registry licenses',
};

/** A registry value for people: lists joined, credentials by name, licenses as "IL 036.123456". */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((entry: unknown) => {
        if (typeof entry === 'string') return entry;
        if (entry && typeof entry === 'object') {
          const record = entry as Record<string, unknown>;
          if (typeof record.name === 'string') return record.name;
          if (typeof record.number === 'string') return [record.state, record.number].filter(Boolean).join(' ');
        }
        return JSON.stringify(entry);
      })
      .join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a refresh from the NPI registry changed, and which of the provider's edits it left alone. */
export function NpiRefreshSummary({ result }: { result: IdentityRefreshResult }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50/70 p-4 text-sm text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheck aria-hidden="true" className="size-4.5 text-emerald-600" />
        {result.changes.length > 0
          ? `Updated ${result.changes.length} ${result.changes.length === 1 ? 'field' : 'fields'} from the NPI registry`
          : 'Your profile already matches the NPI registry'}
      </p>
      {result.changes.length > 0 ? (
        <dl className="mt-3 space-y-2">
          {result.changes.map((change) => (
            <div key={change.field} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-emerald-900">{IDENTITY_FIELD_LABELS[change.field] ?? change.field}</dt>
              <dd className="flex flex-wrap items-center gap-1.5 text-gray-800">
                <span className="text-gray-600 line-through decoration-gray-400">{describeValue(change.previous)}</span>
                <ArrowRight aria-label="changed to" className="size-3.5 text-gray-500" />
                <span className="font-medium">{describeValue(change.current)}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {result.skipped.length > 0 ? (
        <div className="mt-3 rounded-md bg-white/70 p-3 text-amber-950 ring-1 ring-amber-200">
          <p className="flex items-center gap-1.5 font-medium">
            <PencilLine aria-hidden="true" className="size-4 text-amber-700" />
            Kept your edits: {result.skipped.map((field) => IDENTITY_FIELD_LABELS[field] ?? field).join(', ')}
          </p>
          <p className="mt-1 text-xs leading-5 text-amber-900">
            The registry has other values for these, but you changed them by hand. To take the registry’s values, use the button on their “Edited by you” badge,
            save, and refresh again.
          </p>
        </div>
      ) : null}
    </div>
  );
}
