import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import type { AdminUser } from '@web/lib/admin-session';
import { selectClasses } from '@web/components/form/form-field';
import { cn } from '@web/lib/cn';
import { useHospitalName } from '../api/get-hospital-options';
import { HospitalSelect } from './hospital-select';

/** A labelled native select over a fixed list of choices. */
export function ScopeSelect({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
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

/**
 * Whose data a console page shows (with useHospitalScope): a system administrator picks any
 * hospital or the defaults (`defaultValue`); a hospital administrator their own hospital or the
 * defaults, which they may only read.
 */
export function DefaultOrHospitalSelect({
  actor,
  label,
  value,
  onChange,
  defaultValue,
  defaults,
  className,
}: {
  actor: AdminUser;
  label: string;
  value: string;
  onChange: (value: string) => void;
  defaultValue: string;
  /** The defaults' name ("Default terms"): "(all hospitals)" follows it for a system administrator, "(view only)" for a hospital one. */
  defaults: string;
  className?: string;
}) {
  const ownName = useHospitalName(actor.role === 'hospital_admin' ? actor.hospital_id : null);
  if (actor.role === 'system_admin') {
    return (
      <HospitalSelect
        className={className}
        label={label}
        value={value}
        onChange={onChange}
        leading={{ value: defaultValue, label: `${defaults} (all hospitals)` }}
      />
    );
  }
  return (
    <ScopeSelect
      className={className}
      label={label}
      value={value}
      onChange={onChange}
      options={[
        { value: actor.hospital_id ?? '', label: ownName ?? 'Your hospital' },
        { value: defaultValue, label: `${defaults} (view only)` },
      ]}
    />
  );
}
