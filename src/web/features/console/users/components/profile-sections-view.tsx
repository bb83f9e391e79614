import type { ProvenanceEntry } from '@shared/provenance';
import { ProvenanceSummary } from '@web/components/provenance-summary';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import type { ProfileRow } from '../api/users';
import { formatFieldValue, PROFILE_VIEW_SECTIONS, rowTitle, visibleFields } from '../lib/profile-view';

function FieldList({ row, skip = [] }: { row: ProfileRow; skip?: readonly string[] }) {
  const fields = visibleFields(row, skip);
  if (fields.length === 0) return <p className="text-sm text-gray-500">No details.</p>;
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
      {fields.map(({ key, label, value }) => (
        <div key={key} className={value.length > 90 ? 'min-w-0 sm:col-span-2 xl:col-span-3' : 'min-w-0'}>
          <dt className="text-xs font-medium text-gray-500">{label}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Expertise as chips, grouped by term type: dozens of rows read better that way. */
function ExpertiseChips({ rows }: { rows: ProfileRow[] }) {
  const groups = new Map<string, ProfileRow[]>();
  for (const row of rows) {
    const type = formatFieldValue(row.termType) ?? 'Other';
    groups.set(type, [...(groups.get(type) ?? []), row]);
  }
  return (
    <div className="flex flex-col gap-4">
      {[...groups.entries()].map(([type, items]) => (
        <div key={type}>
          <p className="text-xs font-medium text-gray-500">{type}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {items.map((row, index) => (
              <li key={String(row.id ?? index)}>
                <Badge variant="brand" title={formatFieldValue(row.termId) ?? undefined}>
                  {formatFieldValue(row.term) ?? formatFieldValue(row.termId)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function LanguageChips({ rows }: { rows: ProfileRow[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {rows.map((row, index) => (
        <li key={String(row.id ?? index)}>
          <Badge variant="gray">
            {formatFieldValue(row.languageName) ?? formatFieldValue(row.languageCode)}
            {row.proficiency ? <span className="text-gray-600">· {formatFieldValue(row.proficiency)}</span> : null}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** A provider's stored profile, read-only: each section with its rows and where its values came from. */
export function ProfileSectionsView({
  sections,
  provenance = [],
  overrides = [],
}: {
  sections: Record<string, ProfileRow[]>;
  provenance?: readonly ProvenanceEntry[];
  overrides?: readonly string[];
}) {
  return (
    <div className="flex flex-col gap-4">
      {PROFILE_VIEW_SECTIONS.map(({ key, sectionId, title, titleFields }) => {
        const rows = sections[key] ?? [];
        const headingId = `profile-section-${key}`;
        return (
          <Card key={key} className="p-5 sm:p-6">
            <section aria-labelledby={headingId}>
              <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-gray-900">
                {title}
                <span className="text-sm font-normal text-gray-500 tabular-nums">{rows.length > 1 ? `(${rows.length})` : ''}</span>
              </h2>
              <div className="mt-3">
                <ProvenanceSummary
                  entries={provenance.filter((entry) => entry.sectionId === sectionId)}
                  overrides={sectionId === 'professional_identity' ? overrides : []}
                  audience="admin"
                  headingId={`provenance-${key}`}
                />
              </div>
              <div className="mt-4">
                {rows.length === 0 ? (
                  <p className="text-sm text-gray-500">Nothing entered yet.</p>
                ) : key === 'userMedicalExpertise' ? (
                  <ExpertiseChips rows={rows} />
                ) : key === 'languagesSpoken' ? (
                  <LanguageChips rows={rows} />
                ) : rows.length === 1 && titleFields.length === 0 ? (
                  <FieldList row={rows[0]!} />
                ) : (
                  <ul className="flex flex-col divide-y divide-gray-100">
                    {rows.map((row, index) => {
                      const heading = rowTitle(row, titleFields);
                      return (
                        <li key={String(row.id ?? index)} className="py-4 first:pt-0 last:pb-0">
                          {heading ? <h3 className="mb-2 text-sm font-semibold text-gray-900">{heading.value}</h3> : null}
                          <FieldList row={row} skip={heading ? [heading.key] : []} />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            </section>
          </Card>
        );
      })}
    </div>
  );
}
