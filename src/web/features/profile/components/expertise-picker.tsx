import { Lightbulb, Stethoscope, Syringe, Tag, X, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { TermType } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { TERM_SEARCH_PAGE_SIZE, useTermSearch, type TermTypeFilter } from '../api/search-terms';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { Combobox, type ComboboxOption } from './combobox';

export interface ExpertiseItem {
  termId: string;
  term: string;
  termType: TermType;
  specialtyName: string | null;
}

export const EXPERTISE_SEARCH_DEBOUNCE_MS = 200;

export const TERM_GROUPS: ReadonlyArray<{ type: TermType; title: string; icon: LucideIcon; empty: string }> = [
  { type: 'Condition', title: 'Conditions', icon: Stethoscope, empty: 'No conditions yet.' },
  { type: 'Procedure', title: 'Procedures', icon: Syringe, empty: 'No procedures yet.' },
  { type: 'Reason for Visit', title: 'Reasons for visit', icon: Lightbulb, empty: 'No reasons for visit yet.' },
  { type: 'Other', title: 'Other', icon: Tag, empty: '' },
];

const TYPE_FILTERS: ReadonlyArray<{ value: TermTypeFilter; label: string }> = [
  { value: 'all', label: 'All types' },
  { value: 'Condition', label: 'Conditions' },
  { value: 'Procedure', label: 'Procedures' },
  { value: 'Reason for Visit', label: 'Reasons for visit' },
];

const TYPE_BADGE: Record<TermType, 'brand' | 'coral' | 'success' | 'gray'> = {
  Condition: 'brand',
  Procedure: 'coral',
  'Reason for Visit': 'success',
  Other: 'gray',
};

/**
 * The server ranks matches by how well they match before their specialty; within a page, the term
 * itself comes first, then terms that start with the text, then those with a word starting with it,
 * then the rest (stable otherwise, so the server's order holds within each).
 */
export function rankByMatch<T extends { term: string }>(terms: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...terms];
  const rank = (term: string) => {
    const lower = term.toLowerCase();
    if (lower === needle) return 0;
    if (lower.startsWith(needle)) return 1;
    if (lower.split(/[\s(/-]+/).some((word) => word.startsWith(needle))) return 2;
    return 3;
  };
  return terms
    .map((term, index) => ({ term, index, rank: rank(term.term) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.term);
}

export interface SpecialtyChip {
  name: string;
  /** Where it comes from, shown on the chip: "from your NPI record". */
  note?: string;
  suggested?: boolean;
}

interface ExpertisePickerProps {
  value: readonly ExpertiseItem[];
  onChange: (next: ExpertiseItem[]) => void;
  /** The provider's specialties, to narrow the search to one. */
  specialties: readonly SpecialtyChip[];
}

/**
 * Picks expertise terms: optional specialty and type filters, a type-ahead over the term search
 * (debounced, keyboard-navigable results), and the selection grouped by type with remove buttons.
 */
export function ExpertisePicker({ value, onChange, specialties }: ExpertisePickerProps) {
  const idPrefix = useId();
  const [text, setText] = useState('');
  const [specialty, setSpecialty] = useState('');
  const [termType, setTermType] = useState<TermTypeFilter>('all');
  const query = useDebouncedValue(text.trim(), EXPERTISE_SEARCH_DEBOUNCE_MS);
  const search = useTermSearch(query, termType, specialty);
  const chosen = useMemo(() => new Set(value.map((item) => item.termId)), [value]);

  const results = useMemo(() => {
    if (!query) return [];
    const seen = new Set<string>();
    const unique = (search.data?.items ?? []).filter((term) => (seen.has(term.termId) ? false : (seen.add(term.termId), true)));
    return rankByMatch(unique, query);
  }, [search.data, query]);

  const options: ComboboxOption[] = useMemo(
    () =>
      results.map((term) => ({
        value: term.termId,
        label: term.term,
        description: term.specialtyName ?? undefined,
        disabled: chosen.has(term.termId),
        meta: chosen.has(term.termId) ? <Badge variant="gray">Added</Badge> : <Badge variant={TYPE_BADGE[term.termType] ?? 'gray'}>{term.termType}</Badge>,
      })),
    [results, chosen],
  );

  const add = (option: ComboboxOption) => {
    const term = results.find((candidate) => candidate.termId === option.value);
    if (!term || chosen.has(term.termId)) return;
    onChange([...value, { termId: term.termId, term: term.term, termType: term.termType, specialtyName: specialty || term.specialtyName }]);
    setText('');
  };

  const remove = (termId: string) => onChange(value.filter((item) => item.termId !== termId));
  const total = search.data?.totalCount ?? 0;
  const waiting = text.trim() !== query || search.isFetching;
  // Results of an earlier text are shown dimmed until the new ones arrive, and cannot be picked.
  const stale = text.trim() !== query || search.isPlaceholderData;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-gray-800" id={`${idPrefix}-specialty`}>
            Search within a specialty
          </p>
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby={`${idPrefix}-specialty`}>
            <FilterChip pressed={specialty === ''} onClick={() => setSpecialty('')}>
              All specialties
            </FilterChip>
            {specialties.map((chip) => (
              <FilterChip
                key={chip.name}
                pressed={specialty === chip.name}
                onClick={() => setSpecialty(specialty === chip.name ? '' : chip.name)}
                suggested={chip.suggested}
              >
                {chip.name}
                {chip.note ? <span className="text-xs font-normal opacity-75">{chip.note}</span> : null}
              </FilterChip>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 sm:inline-flex" role="group" aria-label="Term type">
          {TYPE_FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={termType === filter.value}
              onClick={() => setTermType(filter.value)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-semibold transition-colors',
                termType === filter.value ? 'bg-white text-brand-700 shadow-sm ring-1 ring-gray-200' : 'text-gray-600 hover:text-gray-900',
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <Combobox
          label="Find conditions, procedures and reasons for visit"
          variant="search"
          minChars={1}
          placeholder="Start typing, e.g. heart failure"
          inputValue={text}
          onInputChange={setText}
          options={options}
          onSelect={add}
          loading={waiting}
          stale={stale}
          selectedValues={[...chosen]}
          emptyMessage={search.isError ? 'Failed to load medical expertise terms' : waiting ? 'Searching…' : `No terms match “${text.trim()}”`}
          footer={
            total > results.length
              ? `Showing ${results.length} of ${search.data?.totalCountCapped ? `more than ${total.toLocaleString('en-US')}` : total} matches; keep typing to narrow them down.`
              : undefined
          }
          hint={`Use the arrow keys and Enter to add a term. Up to ${TERM_SEARCH_PAGE_SIZE} matches are shown at a time.`}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        {TERM_GROUPS.map((group) => {
          const items = value.filter((item) => (item.termType ?? 'Other') === group.type);
          if (group.type === 'Other' && items.length === 0) return null;
          const Icon = group.icon;
          const headingId = `${idPrefix}-${group.type.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <section key={group.type} aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-gray-50/50 p-4">
              <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-gray-900">
                <Icon aria-hidden="true" className="size-4 text-brand-600" />
                {group.title}
                <span className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-medium text-gray-700 ring-1 ring-gray-200">{items.length}</span>
              </h3>
              {items.length === 0 ? (
                <p className="mt-3 text-sm text-gray-600">{group.empty}</p>
              ) : (
                <ul className="mt-3 flex flex-wrap gap-1.5">
                  {items.map((item) => (
                    <li
                      key={item.termId}
                      className="inline-flex max-w-full items-center gap-1 rounded-full bg-white py-1 pr-1 pl-3 text-sm text-gray-900 shadow-xs ring-1 ring-gray-200"
                      title={item.specialtyName ? `${item.term} · ${item.specialtyName}` : item.term}
                    >
                      <span className="truncate">{item.term}</span>
                      <button
                        type="button"
                        onClick={() => remove(item.termId)}
                        className="inline-flex size-5 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-red-50 hover:text-red-700"
                        aria-label={`Remove ${item.term}`}
                      >
                        <X aria-hidden="true" className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function FilterChip({ pressed, onClick, suggested, children }: { pressed: boolean; onClick: () => void; suggested?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
        pressed
          ? 'border-brand-600 bg-brand-600 text-white'
          : suggested
            ? 'border-dashed border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100'
            : 'border-gray-200 bg-white text-gray-800 hover:border-gray-300',
      )}
    >
      {children}
    </button>
  );
}
