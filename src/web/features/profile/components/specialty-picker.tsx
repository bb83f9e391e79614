import { X } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Combobox, filterOptions, type ComboboxOption } from './combobox';

export interface SpecialtyChoice {
  name: string;
  /** Department › division, to tell similar names apart. */
  context?: string;
}

function toOptions(choices: readonly SpecialtyChoice[]): ComboboxOption[] {
  return choices.map((choice) => ({ value: choice.name, label: choice.name, description: choice.context }));
}

interface SingleSpecialtyPickerProps {
  label: ReactNode;
  choices: readonly SpecialtyChoice[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string;
  labelAction?: ReactNode;
  loading?: boolean;
  id?: string;
}

/** One specialty, searched in the hospital's taxonomy. Free text is kept too (a specialty not in the list). */
export function SingleSpecialtyPicker({ label, choices, value, onChange, onBlur, hint, error, labelAction, loading, id }: SingleSpecialtyPickerProps) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? value;
  const options = useMemo(() => filterOptions(toOptions(choices), text ?? ''), [choices, text]);
  return (
    <Combobox
      id={id}
      label={label}
      hint={hint}
      error={error}
      labelAction={labelAction}
      inputValue={shown}
      onInputChange={(next) => {
        setText(next);
        onChange(next);
      }}
      options={options}
      selectedValues={value ? [value] : []}
      onSelect={(option) => {
        setText(null);
        onChange(option.value);
      }}
      onBlur={() => {
        setText(null);
        onBlur?.();
      }}
      loading={loading}
      placeholder="Search specialties"
      emptyMessage="No specialty matches; what you typed is kept."
    />
  );
}

interface MultiSpecialtyPickerProps {
  label: ReactNode;
  choices: readonly SpecialtyChoice[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Names that cannot be picked here (the primary specialty). */
  exclude?: readonly string[];
  hint?: ReactNode;
  error?: string;
  loading?: boolean;
  max?: number;
}

/** Several specialties as chips, added one at a time through a searchable list. */
export function MultiSpecialtyPicker({ label, choices, value, onChange, exclude = [], hint, error, loading, max = 20 }: MultiSpecialtyPickerProps) {
  const [text, setText] = useState('');
  const options = useMemo(
    () => filterOptions(toOptions(choices.filter((choice) => !value.includes(choice.name) && !exclude.includes(choice.name))), text),
    [choices, value, exclude, text],
  );
  const full = value.length >= max;
  return (
    <div>
      <Combobox
        label={label}
        hint={hint}
        error={error}
        inputValue={text}
        onInputChange={setText}
        options={options}
        onSelect={(option) => {
          if (!full) onChange([...value, option.value]);
          setText('');
        }}
        loading={loading}
        disabled={full}
        placeholder={full ? `At most ${max}` : 'Search to add a specialty'}
        variant="search"
        minChars={1}
      />
      {value.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Chosen specialties">
          {value.map((name) => (
            <li key={name} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-100">
              {name}
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item !== name))}
                className="inline-flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                aria-label={`Remove ${name}`}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
