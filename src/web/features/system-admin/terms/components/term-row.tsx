import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { TERM_TYPES, type TermType } from '@shared/enums';
import { termUpdateSchema } from '@shared/schemas/terms';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { selectClasses } from '@web/features/admin-auth/components/form-field';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { IconButton } from '../../components/icon-button';
import { useUpdateTerm, type TermRow as TermRowData, type TermScope, type TermUpdateBody } from '../api/terms';
import { TERM_TYPE_BADGE } from '../lib/term-labels';

/** Desktop columns: term, id, type, specialty, status, actions. Phones: a two-line card. */
export const TERM_GRID = 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1.1fr)_9.5rem_minmax(0,1.5fr)_6rem_5.5rem]';

export function TermRowView({ row, editable, onEdit, onDelete }: { row: TermRowData; editable: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <div role="cell" className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900" title={row.term}>
          {row.term}
        </p>
        <p className="truncate text-xs text-gray-600 md:hidden">
          {row.termType} · {row.specialtyName ?? 'All specialties'} · <span className="font-mono">{row.termId}</span>
        </p>
      </div>
      <div role="cell" className="hidden min-w-0 truncate font-mono text-xs text-gray-600 md:block" title={row.termId}>
        {row.termId}
      </div>
      <div role="cell" className="hidden md:block">
        <Badge variant={TERM_TYPE_BADGE[row.termType] ?? 'gray'}>{row.termType}</Badge>
      </div>
      <div role="cell" className="hidden min-w-0 truncate text-sm text-gray-700 md:block" title={row.specialtyName ?? undefined}>
        {row.specialtyName ?? <span className="text-gray-500">All specialties</span>}
      </div>
      <div role="cell" className="hidden md:block">
        {row.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>}
      </div>
      <div role="cell" className="row-span-2 flex items-center justify-end gap-0.5 md:row-span-1">
        {!row.isActive ? (
          <Badge variant="gray" className="mr-1 md:hidden">
            Inactive
          </Badge>
        ) : null}
        {editable ? (
          <>
            <IconButton icon={Pencil} label={`Edit ${row.term}`} onClick={onEdit} />
            <IconButton icon={Trash2} tone="danger" label={`Delete ${row.term}`} onClick={onDelete} />
          </>
        ) : null}
      </div>
    </>
  );
}

/** The row's term, type, specialty and active flag as inputs; only what changed is sent. */
export function TermRowEditor({ scope, row, onDone }: { scope: TermScope; row: TermRowData; onDone: () => void }) {
  const update = useUpdateTerm(scope);
  const [term, setTerm] = useState(row.term);
  const [termType, setTermType] = useState<TermType>(row.termType);
  const [specialty, setSpecialty] = useState(row.specialtyName ?? '');
  const [isActive, setIsActive] = useState(row.isActive);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const body: TermUpdateBody = {};
    if (term.trim() !== row.term) body.term = term;
    if (termType !== row.termType) body.termType = termType;
    if ((specialty.trim() || null) !== row.specialtyName) body.specialtyName = specialty.trim() || null;
    if (isActive !== row.isActive) body.isActive = isActive;
    if (Object.keys(body).length === 0) return onDone();
    const parsed = termUpdateSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the values');
    setError(null);
    update.mutate(
      { id: row.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`Saved ${saved.term}.`);
          onDone();
        },
        onError: (failure) => setError(serverMessage(failure, 'Failed to update term')),
      },
    );
    return undefined;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <>
      <div role="cell" className="col-span-2 min-w-0 md:col-span-1">
        <Input aria-label={`Term (${row.termId})`} value={term} onChange={(event) => setTerm(event.target.value)} onKeyDown={onKeyDown} autoFocus className="h-9!" aria-invalid={!term.trim() || undefined} />
      </div>
      <div role="cell" className="hidden min-w-0 truncate font-mono text-xs text-gray-600 md:block" title={row.termId}>
        {row.termId}
      </div>
      <div role="cell" className="min-w-0">
        <select aria-label="Term type" className={cn(selectClasses, 'h-9!')} value={termType} onChange={(event) => setTermType(event.target.value as TermType)} onKeyDown={onKeyDown}>
          {TERM_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div role="cell" className="min-w-0">
        <Input aria-label="Specialty" placeholder="All specialties" value={specialty} onChange={(event) => setSpecialty(event.target.value)} onKeyDown={onKeyDown} className="h-9!" />
      </div>
      <div role="cell">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" className="size-4 accent-brand-600" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} onKeyDown={onKeyDown} />
          Active
        </label>
      </div>
      <div role="cell" className="flex items-center justify-end gap-0.5">
        <IconButton icon={Check} label={`Save ${row.term}`} onClick={save} disabled={update.isPending} className="text-brand-700!" />
        <IconButton icon={X} label="Cancel editing" onClick={onDone} disabled={update.isPending} />
      </div>
      {error ? (
        <p role="alert" className="col-span-full text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
