import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { selectClasses } from '@web/components/form/form-field';
import { cn } from '@web/lib/cn';
import { useHospitalChoices } from '../hospitals/api/hospitals';

interface HospitalSelectProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** An extra first choice, e.g. { value: 'default', label: 'Default taxonomy' } or { value: '', label: 'All hospitals' }. */
  leading?: { value: string; label: string };
  className?: string;
  /** Leave out the placeholder when a choice is required but none is made yet. */
  placeholder?: string;
}

/** A chooser of the hospitals this administrator may manage (inactive ones marked). */
export function HospitalSelect({ value, onChange, label = 'Hospital', leading, className, placeholder }: HospitalSelectProps) {
  const id = useId();
  const hospitals = useHospitalChoices();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {leading ? <option value={leading.value}>{leading.label}</option> : null}
        {!leading && placeholder ? (
          <option value="" disabled>
            {hospitals.isPending ? 'Loading hospitals…' : placeholder}
          </option>
        ) : null}
        {(hospitals.data ?? []).map((hospital) => (
          <option key={hospital.id} value={hospital.id}>
            {hospital.name}
            {hospital.isActive ? '' : ' (inactive)'}
          </option>
        ))}
      </select>
      {hospitals.isError ? <p className="text-xs text-red-700">The hospital list could not be loaded.</p> : null}
    </div>
  );
}
