import { X } from 'lucide-react';
import { useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '@web/components/form/field';
import { cn } from '@web/lib/cn';

export { CheckboxField } from '@web/components/form/checkbox-field';
export { Field } from '@web/components/form/field';
export { FormAlert } from '@web/components/form/form-alert';
export { SelectField } from '@web/components/form/select-field';
export { TextField } from '@web/components/form/text-field';

const controlBorder =
  'rounded-lg border border-gray-300 bg-white text-sm text-gray-900 shadow-xs transition-colors placeholder:text-gray-500 hover:border-gray-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 aria-invalid:border-red-600';

interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  fieldClassName?: string;
  /** Shown at the right of the label, such as a live word count. */
  labelAction?: ReactNode;
}

export function TextareaField({ id, label, error, hint, optional, fieldClassName, labelAction, className, rows = 4, ...props }: TextareaFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={fieldClassName} labelAction={labelAction}>
      {({ inputId, describedBy, invalid }) => (
        <textarea
          id={inputId}
          rows={rows}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={cn('block w-full resize-y px-3 py-2 leading-6', controlBorder, className)}
          {...props}
        />
      )}
    </Field>
  );
}

interface TagsFieldProps {
  label: ReactNode;
  value: readonly string[] | null | undefined;
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  /** Suggestions offered in a datalist while typing. */
  suggestions?: readonly string[];
  /** The noun for one entry, used in the remove buttons' names ("Remove title Professor"). */
  itemName?: string;
}

/**
 * A list of short texts typed one at a time: Enter or a comma adds the entry, Backspace in the empty
 * box removes the last one, each chip has its own remove button.
 */
export function TagsField({ label, value, onChange, onBlur, placeholder, hint, error, optional, className, suggestions, itemName = 'entry' }: TagsFieldProps) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const tags = value ?? [];

  const add = (text: string) => {
    const parts = text
      .split(/[,;\n]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const next = [...tags];
    for (const part of parts) if (!next.some((tag) => tag.toLowerCase() === part.toLowerCase())) next.push(part);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      if (draft.trim()) {
        event.preventDefault();
        add(draft);
      } else if (event.key === 'Enter') {
        event.preventDefault();
      }
    } else if (event.key === 'Backspace' && !draft && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <Field label={label} hint={hint} error={error} optional={optional} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div
          className={cn(
            'flex min-h-10 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/30',
            controlBorder,
            invalid && 'border-red-600',
          )}
        >
          {tags.map((tag, index) => (
            <span
              key={`${tag}-${index}`}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-brand-50 py-0.5 pr-1 pl-2 text-sm text-brand-900 ring-1 ring-brand-100"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                onClick={() => onChange(tags.filter((_, i) => i !== index))}
                className="inline-flex size-5 items-center justify-center rounded text-brand-700 hover:bg-brand-100 hover:text-brand-900"
                aria-label={`Remove ${itemName} ${tag}`}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ))}
          <input
            id={inputId}
            value={draft}
            list={suggestions?.length ? listId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (draft.trim()) add(draft);
              onBlur?.();
            }}
            placeholder={tags.length === 0 ? placeholder : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm text-gray-900 placeholder:text-gray-500 focus:outline-none"
          />
          {suggestions?.length ? (
            <datalist id={listId}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          ) : null}
        </div>
      )}
    </Field>
  );
}

interface CheckboxGroupProps {
  legend: ReactNode;
  options: ReadonlyArray<{ value: string; label: string; description?: string }>;
  value: readonly string[] | null | undefined;
  onChange: (next: string[]) => void;
  hint?: ReactNode;
  error?: string;
  columns?: 1 | 2 | 3;
  className?: string;
}

/** Checkboxes for a list of values; values not among the options (typed elsewhere) are kept. */
export function CheckboxGroup({ legend, options, value, onChange, hint, error, columns = 2, className }: CheckboxGroupProps) {
  const selected = value ?? [];
  const hintId = useId();
  const toggle = (option: string, checked: boolean) => {
    if (checked) {
      // Keep the options' order for the ones offered, then anything else that was there.
      const set = new Set([...selected, option]);
      onChange([...options.map((o) => o.value).filter((v) => set.has(v)), ...selected.filter((v) => !options.some((o) => o.value === v))]);
    } else {
      onChange(selected.filter((v) => v !== option));
    }
  };
  return (
    <fieldset className={className} aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs leading-5 text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className={cn('mt-2 grid gap-2', columns === 2 && 'sm:grid-cols-2', columns === 3 && 'sm:grid-cols-3')}>
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                checked ? 'border-brand-300 bg-brand-50/60' : 'border-gray-200 bg-white hover:border-gray-300',
              )}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600"
              />
              <span className="min-w-0">
                <span className="font-medium text-gray-900">{option.label}</span>
                {option.description ? <span className="block text-xs leading-5 text-gray-600">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? <p className="mt-1.5 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: ReactNode;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; description?: string }>;
  value: T;
  onChange: (next: T) => void;
  hint?: ReactNode;
  className?: string;
  /** Lay the options out in a row on wider screens. */
  inline?: boolean;
}

/** Radio buttons drawn as selectable cards. */
export function ChoiceGroup<T extends string>({ legend, name, options, value, onChange, hint, className, inline = true }: ChoiceGroupProps<T>) {
  const hintId = useId();
  return (
    <fieldset className={className} aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs leading-5 text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className={cn('mt-2 grid gap-2', inline && 'sm:auto-cols-fr sm:grid-flow-col')}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-400 bg-brand-50 ring-1 ring-brand-400' : 'border-gray-200 bg-white hover:border-gray-300',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600"
              />
              <span className="min-w-0">
                <span className="font-medium text-gray-900">{option.label}</span>
                {option.description ? <span className="block text-xs leading-5 text-gray-600">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A switch for booleans: a checkbox with role=switch, drawn as a toggle. */
export function Switch({
  checked,
  onChange,
  label,
  description,
  className,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-gray-300',
        )}
      >
        <span className={cn('inline-block size-4 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-4.5' : 'translate-x-0.5')} />
      </button>
      <div className="min-w-0 text-sm leading-6">
        <label htmlFor={id} className="cursor-pointer font-medium text-gray-800">
          {label}
        </label>
        {description ? <p className="text-xs leading-5 text-gray-600">{description}</p> : null}
      </div>
    </div>
  );
}
