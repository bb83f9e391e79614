import { Check, ChevronsUpDown, LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '@web/features/accounts/components/field';
import { cn } from '@web/lib/cn';

export interface ComboboxOption {
  value: string;
  label: string;
  description?: string;
  /** Shown at the right of the option (a badge, a count). */
  meta?: ReactNode;
  disabled?: boolean;
}

export interface ComboboxProps {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  placeholder?: string;
  className?: string;
  /** The text in the box. */
  inputValue: string;
  onInputChange: (text: string) => void;
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  onBlur?: () => void;
  loading?: boolean;
  /** Shown when the list is open and has no options. */
  emptyMessage?: string;
  /** Options marked as chosen (a check mark). */
  selectedValues?: readonly string[];
  /** Text typed before the list opens (0: opens on focus). */
  minChars?: number;
  /** Search look (magnifier) instead of a select look. */
  variant?: 'select' | 'search';
  /** Shown under the options, e.g. "Showing 20 of 143". */
  footer?: ReactNode;
  disabled?: boolean;
  name?: string;
  labelAction?: ReactNode;
  /**
   * The options answer an earlier text (a newer search is on its way): they stay visible, dimmed,
   * but cannot be picked, so Enter never takes a result that does not match what was typed.
   */
  stale?: boolean;
}

/**
 * An editable combobox with a list of options (WAI-ARIA combobox pattern): type to filter or search,
 * arrow keys move through the options, Enter picks one, Escape closes the list. Filtering and
 * fetching are the caller's: it passes the options that match `inputValue`.
 */
export function Combobox({
  id,
  label,
  hint,
  error,
  optional,
  placeholder,
  className,
  inputValue,
  onInputChange,
  options,
  onSelect,
  onBlur,
  loading = false,
  emptyMessage = 'No matches',
  selectedValues,
  minChars = 0,
  variant = 'select',
  footer,
  disabled,
  name,
  labelAction,
  stale = false,
}: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const enough = inputValue.trim().length >= minChars;
  const showList = open && enough && !disabled;
  const enabledIndexes = options.flatMap((option, index) => (stale || option.disabled ? [] : [index]));

  // A new set of options starts with the first one active, so Enter picks the best match.
  const isDisabled = (option: ComboboxOption) => stale || Boolean(option.disabled);
  const optionsKey = `${stale}|${options.map((option) => `${option.value}${option.disabled ? '!' : ''}`).join('\u0000')}`;
  const firstEnabled = options.findIndex((option) => !isDisabled(option));
  useEffect(() => {
    setActive(firstEnabled);
  }, [optionsKey, firstEnabled]);

  useEffect(() => {
    if (!showList || active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [active, showList]);

  const pick = (option: ComboboxOption | undefined) => {
    if (!option || stale || option.disabled) return;
    onSelect(option);
    setOpen(false);
  };

  const step = (direction: 1 | -1) => {
    if (enabledIndexes.length === 0) return;
    const position = enabledIndexes.indexOf(active);
    const next = position === -1 ? (direction === 1 ? 0 : enabledIndexes.length - 1) : (position + direction + enabledIndexes.length) % enabledIndexes.length;
    setActive(enabledIndexes[next]!);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else step(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else step(-1);
        break;
      case 'Home':
      case 'End':
        if (showList && enabledIndexes.length > 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? enabledIndexes[0]! : enabledIndexes.at(-1)!);
        }
        break;
      case 'Enter':
        if (showList && active >= 0) {
          event.preventDefault();
          pick(options[active]);
        } else if (showList) {
          event.preventDefault();
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const Icon = variant === 'search' ? Search : ChevronsUpDown;

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className} labelAction={labelAction}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          {variant === 'search' ? (
            <Icon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
          ) : null}
          <input
            id={inputId}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={inputValue}
            disabled={disabled}
            placeholder={placeholder}
            onChange={(event) => {
              onInputChange(event.target.value);
              setOpen(true);
            }}
            onFocus={() => {
              if (minChars === 0) setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              onBlur?.();
            }}
            onKeyDown={onKeyDown}
            className={cn(
              'block h-10 w-full rounded-lg border border-gray-300 bg-white text-sm text-gray-900 shadow-xs transition-colors placeholder:text-gray-500 hover:border-gray-400',
              'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
              'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 aria-invalid:border-red-600',
              variant === 'search' ? 'pr-9 pl-9' : 'pr-9 pl-3',
            )}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-gray-500">
            {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : variant === 'select' ? <Icon aria-hidden="true" className="size-4" /> : null}
          </span>
          <div
            className={cn(
              'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg',
              !showList && 'hidden',
            )}
          >
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={typeof label === 'string' ? label : undefined}
              aria-busy={stale || undefined}
              className="max-h-72 overflow-y-auto py-1"
            >
              {options.map((option, index) => {
                const selected = selectedValues?.includes(option.value) ?? false;
                return (
                  <li
                    key={`${option.value}-${index}`}
                    id={`${listId}-${index}`}
                    data-index={index}
                    role="option"
                    aria-selected={index === active}
                    aria-disabled={isDisabled(option) || undefined}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => !isDisabled(option) && active !== index && setActive(index)}
                    onClick={() => pick(option)}
                    className={cn(
                      'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                      index === active ? 'bg-brand-50 text-brand-900' : 'text-gray-800',
                      isDisabled(option) && 'cursor-default opacity-50',
                    )}
                  >
                    <Check aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0 text-brand-600', !selected && 'invisible')} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{option.label}</span>
                      {option.description ? <span className="block truncate text-xs text-gray-600">{option.description}</span> : null}
                    </span>
                    {option.meta ? <span className="shrink-0">{option.meta}</span> : null}
                  </li>
                );
              })}
            </ul>
            {options.length === 0 ? (
              <p className="px-3 py-2.5 text-sm text-gray-600" role="status">
                {loading ? 'Searching…' : emptyMessage}
              </p>
            ) : null}
            {footer && options.length > 0 ? <div className="border-t border-gray-100 px-3 py-2 text-xs text-gray-600">{footer}</div> : null}
          </div>
        </div>
      )}
    </Field>
  );
}

/** Case-insensitive filter of a static list: options whose label starts with the text first, then those containing it. */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], text: string, limit = 50): T[] {
  const query = text.trim().toLowerCase();
  if (!query) return options.slice(0, limit);
  const starts: T[] = [];
  const contains: T[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(query)) starts.push(option);
    else if (label.includes(query) || option.description?.toLowerCase().includes(query)) contains.push(option);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
