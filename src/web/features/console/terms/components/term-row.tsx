import { Check, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { TERM_TYPES, type TermType } from '@shared/enums';
import { termUpdateSchema } from '@shared/schemas/terms';
import { Input } from '@web/components/ui/input';
import { selectClasses } from '@web/components/form/form-field';
import { serverMessage } from '@web/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { IconButton } from '../../components/icon-button';
import { useUpdateTerm, type TermRow as TermRowData, type TermScope, type TermUpdateBody } from '../api/terms';

/**
 * A term's row while it is edited: the term, type, specialty and active flag as inputs in the list's
 * own columns (the list has none to hide); only what changed is sent.
 */
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
        <Input
          aria-label={`Term (${row.termId})`}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={onKeyDown}
          autoFocus
          className="h-9!"
          aria-invalid={!term.trim() || undefined}
        />
      </div>
      <div role="cell" className="hidden min-w-0 truncate font-mono text-xs text-gray-600 md:block" title={row.termId}>
        {row.termId}
      </div>
      <div role="cell" className="min-w-0">
        <select
          aria-label="Term type"
          className={cn(selectClasses, 'h-9!')}
          value={termType}
          onChange={(event) => setTermType(event.target.value as TermType)}
          onKeyDown={onKeyDown}
        >
          {TERM_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div role="cell" className="min-w-0">
        <Input
          aria-label="Specialty"
          placeholder="All specialties"
          value={specialty}
          onChange={(event) => setSpecialty(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-9!"
        />
      </div>
      <div role="cell">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={isActive}
            onChange={(event) => setIsActive(event.target.checked)}
            onKeyDown={onKeyDown}
          />
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
