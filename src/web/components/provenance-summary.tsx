import { Lock } from 'lucide-react';
import type { ProvenanceSource } from '@shared/enums';
import { PROFILE_FIELD_LABELS, profileFieldLabel, type ProvenanceEntry } from '@shared/provenance';
import { Badge } from '@web/components/ui/badge';

export type ProvenanceAudience = 'provider' | 'admin';

/** Who wrote a value, as the provider reads it about themselves and as an admin reads it about them. */
const SOURCE_LABELS: Record<ProvenanceAudience, Record<ProvenanceSource, string>> = {
  provider: {
    provider: 'You',
    registry: 'NPI registry',
    listing_service: 'Hospital listing service',
    discovery: 'Discovery, approved by you',
    roster: 'Your hospital’s roster',
  },
  admin: {
    provider: 'Provider',
    registry: 'NPI registry',
    listing_service: 'Listing service',
    discovery: 'Discovery, approved by the provider',
    roster: 'Hospital roster',
  },
};

const SOURCE_BADGES: Record<ProvenanceSource, 'brand' | 'gray' | 'success' | 'coral'> = {
  provider: 'brand',
  registry: 'gray',
  listing_service: 'success',
  discovery: 'coral',
  roster: 'gray',
};

/** Readable names of the lists recorded as a whole (field `items`). */
const LIST_LABELS: Record<string, string> = {
  education_training: 'Education and training',
  locations: 'Locations',
  publications: 'Publications',
  clinical_trials: 'Clinical trials',
  media_press: 'Media and press',
  medical_expertise: 'Expertise terms',
  languages: 'Languages',
  board_certifications: 'Board certifications',
  hospital_affiliations: 'Hospital affiliations',
  awards: 'Awards',
  insurance: 'Insurance accepted',
  licenses: 'Licenses',
  social_media: 'Social media',
};

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function entryLabel(entry: Pick<ProvenanceEntry, 'sectionId' | 'field'>): string {
  return entry.field === 'items' ? (LIST_LABELS[entry.sectionId] ?? profileFieldLabel(entry.sectionId)) : profileFieldLabel(entry.field);
}

interface Group {
  source: ProvenanceSource;
  date: string;
  at: number;
  labels: string[];
}

/** Fields in the order the forms show them (the labels' order), lists after them. */
const FIELD_ORDER = new Map(Object.keys(PROFILE_FIELD_LABELS).map((field, index) => [field, index]));
const orderOf = (entry: ProvenanceEntry) => FIELD_ORDER.get(entry.field) ?? FIELD_ORDER.size;

/** Entries grouped by who wrote them on which day, the most recent first; fields in form order. */
export function groupProvenance(entries: readonly ProvenanceEntry[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of [...entries].sort((a, b) => orderOf(a) - orderOf(b))) {
    const at = Date.parse(entry.recordedAt);
    const date = day.format(at);
    const key = `${entry.source}|${date}`;
    const group = groups.get(key) ?? { source: entry.source, date, at, labels: [] };
    group.at = Math.max(group.at, at);
    group.labels.push(entryLabel(entry));
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.at - a.at);
}

/**
 * Where a section's values came from: each source with the fields it wrote and the day, and the
 * fields the provider typed over an import (which imports leave alone). Nothing when none is recorded.
 */
export function ProvenanceSummary({
  entries,
  overrides = [],
  audience,
  headingId,
}: {
  entries: readonly ProvenanceEntry[];
  overrides?: readonly string[];
  audience: ProvenanceAudience;
  headingId: string;
}) {
  if (entries.length === 0 && overrides.length === 0) return null;
  const groups = groupProvenance(entries);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-gray-50/70 px-4 py-3 text-sm">
      <h2 id={headingId} className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
        Where this information came from
      </h2>
      <ul className="mt-2 space-y-1.5">
        {groups.map((group) => (
          <li key={`${group.source}-${group.date}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <Badge variant={SOURCE_BADGES[group.source]}>{SOURCE_LABELS[audience][group.source]}</Badge>
            <span className="text-gray-800">{group.labels.join(', ')}</span>
            <span className="text-gray-600">
              · <time dateTime={new Date(group.at).toISOString()}>{group.date}</time>
            </span>
          </li>
        ))}
      </ul>
      {overrides.length > 0 ? (
        <p className="mt-2 flex items-start gap-1.5 text-gray-700">
          <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {audience === 'provider'
              ? 'Kept as you typed them; imports leave them alone: '
              : 'Typed over an import by the provider; imports leave them alone: '}
            {overrides.map(profileFieldLabel).join(', ')}.
          </span>
        </p>
      ) : null}
    </section>
  );
}
