import { Check, ChevronsUpDown, LoaderCircle, Search } from 'lucide-react';
import { useCombobox } from 'downshift';
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '@web/components/form/field';
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

const { stateChangeTypes: change } = useCombobox;

/**
 * An editable combobox with a list of options (WAI-ARIA combobox pattern, through Downshift's
 * `useCombobox`): type to filter or search, the arrow keys, Home, End, Page Up and Page Down move
 * through the options, Enter picks one, Escape closes the list. Filtering and fetching are the
 * caller's: it passes the options that match `inputValue`, and the text stays the caller's too — picking
 * an option reports it (`onSelect`) without writing its label into the box, and leaving the box never
 * picks anything.
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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-listbox`;
  // Downshift may ask about an index the new options no longer have.
  const isDisabled = (option: ComboboxOption | undefined) => stale || !option || Boolean(option.disabled);
  const enough = (text: string) => text.trim().length >= minChars;

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, setHighlightedIndex, openMenu } = useCombobox<ComboboxOption>({
    items: options as ComboboxOption[],
    itemToString: (option) => option?.label ?? '',
    itemToKey: (option: ComboboxOption | null) => option?.value,
    isItemDisabled: isDisabled,
    inputValue,
    // The caller keeps what is chosen: nothing stays selected here, so the same option can be picked again.
    selectedItem: null,
    inputId,
    labelId: `${inputId}-label`,
    menuId: listId,
    getItemId: (index) => `${listId}-${index}`,
    defaultHighlightedIndex: 0,
    onInputValueChange: ({ type, inputValue: text }) => {
      if (type === change.InputChange) onInputChange(text ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && !isDisabled(selectedItem)) onSelect(selectedItem);
    },
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case change.InputBlur:
          // Leaving the box closes the list and picks nothing.
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        case change.InputKeyDownEnter:
          // Enter without a pickable option keeps the list as it is.
          if (state.highlightedIndex < 0) return state;
          return { ...changes, inputValue: state.inputValue };
        case change.ItemClick:
          return { ...changes, inputValue: state.inputValue };
        case change.InputKeyDownEscape:
          // Escape closes the list; it never clears what was typed.
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        case change.InputClick:
          // A click opens the list (it does not toggle it shut, which a click that also focused would do).
          return state.isOpen ? state : { ...changes, isOpen: enough(state.inputValue) };
        default:
          return changes.isOpen && !enough(changes.inputValue ?? state.inputValue) ? { ...changes, isOpen: false } : changes;
      }
    },
  });

  const showList = isOpen && enough(inputValue) && !disabled;

  // A new set of options starts with the first pickable one active, so Enter picks the best match.
  const optionsKey = `${stale}|${options.map((option) => `${option.value}${option.disabled ? '!' : ''}`).join('\u0000')}`;
  const firstEnabled = options.findIndex((option) => !isDisabled(option));
  useEffect(() => {
    setHighlightedIndex(firstEnabled);
    // Only a new set of options resets the active one, not a render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionsKey, firstEnabled]);

  const Icon = variant === 'search' ? Search : ChevronsUpDown;

  return (
    <Field id={inputId} label={label} hint={hint} error={error} optional={optional} className={className} labelAction={labelAction}>
      {({ describedBy, invalid }) => (
        <div className="relative">
          {variant === 'search' ? (
            <Icon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
          ) : null}
          <input
            {...getInputProps({
              name,
              type: 'text',
              spellCheck: false,
              disabled,
              placeholder,
              'aria-expanded': showList,
              'aria-activedescendant': showList && highlightedIndex >= 0 ? `${listId}-${highlightedIndex}` : undefined,
              'aria-invalid': invalid,
              'aria-describedby': describedBy,
              onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                // An open list takes Escape (a dialog around it stays open) and Enter (no form is sent).
                if (showList && (event.key === 'Escape' || event.key === 'Enter')) {
                  event.stopPropagation();
                  if (event.key === 'Enter') event.preventDefault();
                }
              },
              onFocus: () => {
                if (minChars === 0 && !isOpen) openMenu();
              },
              onBlur: () => onBlur?.(),
              className: cn(
                'block h-10 w-full rounded-lg border border-gray-300 bg-white text-sm text-gray-900 shadow-xs transition-colors placeholder:text-gray-500 hover:border-gray-400',
                'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
                'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 aria-invalid:border-red-600',
                variant === 'search' ? 'pr-9 pl-9' : 'pr-9 pl-3',
              ),
            })}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-gray-500">
            {loading ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : variant === 'select' ? (
              <Icon aria-hidden="true" className="size-4" />
            ) : null}
          </span>
          {/* Above the floating feedback button (z-40), which sits where a list opens on a phone. */}
          <div
            className={cn(
              'absolute inset-x-0 top-full z-[45] mt-1 overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg',
              !showList && 'hidden',
            )}
          >
            <ul {...getMenuProps({ 'aria-busy': stale || undefined, className: 'max-h-72 overflow-y-auto py-1' })}>
              {options.map((option, index) => {
                const selected = selectedValues?.includes(option.value) ?? false;
                return (
                  <li
                    key={`${option.value}-${index}`}
                    {...getItemProps({ item: option, index, 'aria-disabled': isDisabled(option) || undefined })}
                    data-index={index}
                    className={cn(
                      'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                      index === highlightedIndex ? 'bg-brand-50 text-brand-900' : 'text-gray-800',
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
