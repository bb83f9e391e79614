import { useId } from 'react';
import { cn } from '@web/lib/cn';

interface SegmentedControlProps<T extends string> {
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
}

/** Native radio buttons drawn as a segmented control: arrow keys and screen readers work as usual. */
export function SegmentedControl<T extends string>({ legend, value, options, onChange, className }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-gray-100 p-1">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex h-9 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
                checked ? 'bg-white text-brand-700 shadow-sm ring-1 ring-gray-200' : 'text-gray-600 hover:text-gray-900',
              )}
            >
              <input type="radio" name={name} value={option.value} checked={checked} onChange={() => onChange(option.value)} className="sr-only" />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
