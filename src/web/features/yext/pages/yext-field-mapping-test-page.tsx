import { Table2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isValidNpi, NPI_FORMAT_MESSAGE } from '@shared/npi';
import { SYNC_SECTION_IDS, SYNC_SECTION_LABELS, type YextPreviewResult } from '@shared/schemas/yext';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Notice } from '@web/components/ui/notice';
import { useYextPreview, yextErrorMessage } from '../api/yext';
import { HospitalPicker, useChosenHospital } from '../components/hospital-picker';
import { ValueView } from '../components/value-view';

const STRATEGY_LABELS: Record<string, string> = {
  entity_id: 'Direct entity ID lookup',
  npi_filter: 'Filter on the NPI field',
  entity_ids: 'entityIds parameter',
  broad_filter: 'Broad filter (NPI, ID or name)',
};

function Preview({ preview }: { preview: YextPreviewResult }) {
  if (!preview.found) return <Notice tone="warning">No provider found in YEXT for NPI: {preview.npi}</Notice>;
  const errors = Object.entries(preview.mappingErrors ?? {});
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-gray-500">Provider</dt>
          <dd className="font-medium text-gray-900">{preview.providerName ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">Entity ID</dt>
          <dd className="font-mono text-xs text-gray-900">{preview.entityId ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">Found by</dt>
          <dd className="text-gray-900">{preview.strategy ? (STRATEGY_LABELS[preview.strategy] ?? preview.strategy) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">Mappings</dt>
          <dd className="text-gray-900">
            {preview.usesHospitalMappings
              ? 'Hospital’s field mappings, built-in defaults for the rest'
              : 'Built-in defaults (no active YEXT data source mappings)'}
          </dd>
        </div>
      </dl>

      {errors.length > 0 ? (
        <Notice tone="warning" title="Mapping errors">
          <ul className="list-disc pl-5">
            {errors.map(([section, message]) => (
              <li key={section}>
                <strong>{SYNC_SECTION_LABELS[section as keyof typeof SYNC_SECTION_LABELS] ?? section}:</strong> {message}
              </li>
            ))}
          </ul>
        </Notice>
      ) : (
        <Notice tone="success">No mapping errors.</Notice>
      )}

      <section aria-labelledby="mapped-sections" className="flex flex-col gap-3">
        <h3 id="mapped-sections" className="text-sm font-semibold text-gray-900">
          Mapped sections
        </h3>
        <div className="grid gap-3 lg:grid-cols-2">
          {SYNC_SECTION_IDS.map((section) => (
            <section key={section} aria-label={SYNC_SECTION_LABELS[section]} className="rounded-xl p-4 text-sm ring-1 ring-gray-200">
              <h4 className="flex items-center justify-between gap-2 font-medium text-gray-900">
                {SYNC_SECTION_LABELS[section]}
                {preview.mappedSections.includes(section) ? <Badge variant="success">Mapped</Badge> : <Badge variant="gray">Nothing to import</Badge>}
              </h4>
              {preview.sections[section] !== undefined ? (
                <div className="mt-2 text-gray-800">
                  <ValueView value={preview.sections[section]} />
                </div>
              ) : null}
            </section>
          ))}
        </div>
      </section>

      {preview.missingTerms.length > 0 ? (
        <Notice tone="info" title="Terms a sync would add to the hospital">
          <ul className="list-disc pl-5">
            {preview.missingTerms.map((term) => (
              <li key={term.id}>
                {term.name ?? term.id} <span className="font-mono text-xs text-gray-600">({term.id})</span>
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}

      <section aria-labelledby="field-sources" className="flex flex-col gap-2">
        <h3 id="field-sources" className="text-sm font-semibold text-gray-900">
          Where each field came from
        </h3>
        <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs font-medium text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Profile field
                </th>
                <th scope="col" className="px-3 py-2">
                  Source path
                </th>
                <th scope="col" className="px-3 py-2">
                  Mapping
                </th>
                <th scope="col" className="px-3 py-2">
                  Value
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 align-top">
              {preview.fields.map((field) => (
                <tr key={`${field.section}.${field.field}`}>
                  <td className="px-3 py-2 font-mono text-xs">
                    {field.section}.{field.field}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{field.path === 'default' ? 'default value' : field.path}</td>
                  <td className="px-3 py-2">{field.origin === 'hospital' ? 'Hospital' : 'Built-in'}</td>
                  <td className="px-3 py-2">
                    <ValueView value={field.value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export function YextFieldMappingTestPage() {
  const { hospitalId, setHospitalId } = useChosenHospital();
  const [npiInput, setNpiInput] = useState('');
  const [npi, setNpi] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const preview = useYextPreview(hospitalId, npi);
  const npiId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = npiInput.trim();
    if (!isValidNpi(value)) {
      setInputError(NPI_FORMAT_MESSAGE);
      return;
    }
    setInputError(null);
    if (value === npi) void preview.refetch();
    else setNpi(value);
  };

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={Table2}
        title="Field Mapping Test"
        description={
          <p>
            Run a hospital’s field mappings against a provider’s listing-service entity and see which profile section and field each value lands in, including
            fallbacks and defaults. Nothing is saved.
          </p>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Mapping preview</CardTitle>
          <CardDescription>The provider is found by NPI the same way a sync finds them.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
            <HospitalPicker value={hospitalId} onChange={setHospitalId} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={npiId}>Provider NPI</Label>
              <Input
                id={npiId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                value={npiInput}
                onChange={(event) => setNpiInput(event.target.value)}
                aria-invalid={inputError ? true : undefined}
                aria-describedby={inputError ? `${npiId}-error` : undefined}
                className="w-44"
              />
            </div>
            <Button type="submit" disabled={!hospitalId} loading={preview.isFetching}>
              Preview mapping
            </Button>
          </form>
          {inputError ? (
            <p id={`${npiId}-error`} className="-mt-4 text-sm text-red-700">
              {inputError}
            </p>
          ) : null}
          {preview.isFetching && !preview.data ? <Spinner label="Mapping the provider" /> : null}
          {preview.isError ? <Notice tone="error">{yextErrorMessage(preview.error)}</Notice> : null}
          {preview.data && !preview.isError ? <Preview preview={preview.data} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}

export { YextFieldMappingTestPage as Component };
