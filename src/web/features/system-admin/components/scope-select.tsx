import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { selectClasses } from '@web/features/admin-auth/components/form-field';
import { cn } from '@web/lib/cn';

/** A labelled native select over a fixed list of choices. */
export function ScopeSelect({ label, value, onChange, options, className }: { label: string; value: string; onChange: (value: string) => void; options: ReadonlyArray<{ value: string; label: string }>; className?: string }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
