import { useQuery } from '@tanstack/react-query';
import { Copy, Plus, Stethoscope, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { TERM_TYPES, type TermType } from '@shared/enums';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { apiFetch } from '@web/lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConsoleList } from '../../components/console-table';
import { DefaultOrHospitalSelect } from '../../components/scope-select';
import { useHospitalScope } from '../../components/use-hospital-scope';
import { formatNumber } from '@web/lib/console-format';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { termsPageQuery, useCopyDefaultTerms, useDeleteTerm, type TermFilters, type TermRow, type TermScope } from '../api/terms';
import { TermCreateDialog } from '../components/term-create-dialog';
import { TermsReplaceDialog } from '../components/terms-replace-dialog';
import { TermsTable } from '../components/terms-table';
import { TERM_TYPE_PLURALS } from '../lib/term-labels';

const DEFAULT_SCOPE = 'default';
const ALL: TermFilters = { q: '', termType: '', specialty: '', activeOnly: false };

/** The unfiltered count of a list: one row asked for, the total read. */
function useTermCount(scope: TermScope, activeOnly = false) {
  const query = useQuery(termsPageQuery(scope, { ...ALL, activeOnly }, 0, 1));
  return query.data?.totalCount ?? null;
}

function HospitalTermActions({ scope, count, onReplace }: { scope: Extract<TermScope, { kind: 'hospital' }>; count: number | null; onReplace: () => void }) {
  const copy = useCopyDefaultTerms(scope);
  const defaults = useTermCount({ kind: 'default' }, true);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={onReplace}>
        <Upload aria-hidden="true" className="size-4" />
        Replace from CSV
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          copy.reset();
          setConfirming(true);
        }}
      >
        <Copy aria-hidden="true" className="size-4" />
        Copy default terms
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Copy the default terms?"
        description={
          <p>
            The {defaults === null ? '' : `${formatNumber(defaults)} `}active default terms are added to this hospital’s{' '}
            {count === null ? '' : `${formatNumber(count)} `}terms. Terms it already has are left as they are.
          </p>
        }
        confirmLabel="Copy default terms"
        pending={copy.isPending}
        error={copy.isError ? serverMessage(copy.error, 'Failed to create term') : null}
        onConfirm={() =>
          copy.mutate(undefined, {
            onSuccess: ({ created_count }) => {
              setConfirming(false);
              toast.success(
                created_count === 0
                  ? 'The hospital already had every default term; nothing was copied.'
                  : `Copied ${formatNumber(created_count)} default terms.`,
              );
            },
          })
        }
      />
    </>
  );
}

/** The taxonomy's specialty names, A to Z, for the specialty picker (`GET /api/reference/specialties`). */
function useSpecialtyNames() {
  return useQuery({
    queryKey: ['reference', 'specialties', 'names'],
    queryFn: async ({ signal }) => {
      const { items } = await apiFetch<{ items: Array<{ specialty: string }> }>('/api/reference/specialties', { signal });
      return [...new Set(items.map((row) => row.specialty))].sort((a, b) => a.localeCompare(b));
    },
    staleTime: Infinity,
  });
}

export function TermsPage() {
  const actor = useConsoleAdmin();
  const [scopeValue, setScopeValue] = useHospitalScope(actor, DEFAULT_SCOPE);
  // The list scrolls rather than pages, so only the search text of useConsoleList is used.
  const list = useConsoleList();
  const [termType, setTermType] = useState<TermType | ''>('');
  const [specialty, setSpecialty] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const specialties = useSpecialtyNames();
  const [adding, setAdding] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [deleting, setDeleting] = useState<TermRow | null>(null);
  const typeId = useId();
  const specialtyId = useId();
  const activeId = useId();

  const system = actor?.role === 'system_admin';
  const scope: TermScope = scopeValue === DEFAULT_SCOPE ? { kind: 'default' } : { kind: 'hospital', hospitalId: scopeValue };
  const count = useTermCount(scope);
  const remove = useDeleteTerm(scope);
  if (!actor) return null;
  const editable = scope.kind === 'hospital' || system;
  const filters: TermFilters = { q: list.q, termType, specialty, activeOnly };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Stethoscope}
        title="Expertise terms"
        description="Conditions, procedures and reasons for visit that providers list under Medical Expertise."
      />

      <Card className="flex flex-col gap-4 p-4 lg:flex-row lg:items-end lg:justify-between">
        <DefaultOrHospitalSelect
          actor={actor}
          label="Terms of"
          defaults="Default terms"
          value={scopeValue}
          onChange={setScopeValue}
          defaultValue={DEFAULT_SCOPE}
          className="lg:w-80"
        />
        {editable ? (
          <div className="flex flex-wrap gap-2">
            {scope.kind === 'hospital' ? <HospitalTermActions key={scope.hospitalId} scope={scope} count={count} onReplace={() => setReplacing(true)} /> : null}
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add term
            </Button>
          </div>
        ) : null}
      </Card>

      {scope.kind === 'hospital' && count === 0 ? (
        <Notice tone="info" title="This hospital has no terms of its own yet.">
          Its providers see the default terms. Copy the default terms to start from them, or replace them with your own CSV file.
        </Notice>
      ) : null}

      <TermsTable
        key={scopeValue}
        scope={scope}
        filters={filters}
        editable={editable}
        onDelete={(row) => {
          remove.reset();
          setDeleting(row);
        }}
        toolbar={{
          list,
          search: { placeholder: 'Search terms', label: 'Search', shownLabel: 'Search' },
          filters: (
            <>
              <div className="flex w-full flex-col gap-1.5 sm:w-48">
                <Label htmlFor={typeId}>Type</Label>
                <select id={typeId} className={selectClasses} value={termType} onChange={(event) => setTermType(event.target.value as TermType | '')}>
                  <option value="">All types</option>
                  {TERM_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TERM_TYPE_PLURALS[type]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex w-full flex-col gap-1.5 sm:w-60">
                <Label htmlFor={specialtyId}>Specialty</Label>
                {/* A picker of the taxonomy's specialties, which the terms are filed under: no name to type exactly. */}
                <select id={specialtyId} className={selectClasses} value={specialty} onChange={(event) => setSpecialty(event.target.value)}>
                  <option value="">All specialties</option>
                  {(specialties.data ?? []).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <label htmlFor={activeId} className="flex h-10 shrink-0 items-center gap-2 text-sm whitespace-nowrap text-gray-800">
                <input
                  id={activeId}
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={activeOnly}
                  onChange={(event) => setActiveOnly(event.target.checked)}
                />
                Active only
              </label>
            </>
          ),
        }}
      />

      {editable ? <TermCreateDialog scope={scope} open={adding} onOpenChange={setAdding} /> : null}
      {scope.kind === 'hospital' ? <TermsReplaceDialog scope={scope} open={replacing} onOpenChange={setReplacing} currentCount={count} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? `Delete “${deleting.term}”?` : ''}
        description={
          <p>
            {deleting?.termId} is removed from {scope.kind === 'default' ? 'the default terms' : 'this hospital’s terms'}. Providers who chose it keep it on
            their profile. This cannot be undone; to hide it instead, make it inactive.
          </p>
        }
        confirmLabel="Delete term"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, 'Failed to delete term') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.term} was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

export { TermsPage as Component };
