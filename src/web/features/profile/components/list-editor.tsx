import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { PROFILE_LIST_CAPS, type ProfileListId } from '@shared/limits';
import { listCapMessage } from '@shared/schemas/profile';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

export interface ListEditorProps {
  /** useFieldArray's `fields` (their `id` is the stable row key). */
  fields: ReadonlyArray<{ id: string }>;
  onAdd: () => void;
  /** Several add buttons (one per kind of entry) instead of the single one. */
  addActions?: ReadonlyArray<{ label: string; onAdd: () => void }>;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** One entry, in lower case: "publication", "language". */
  itemName: string;
  /** The row's heading; the entry's own title once typed. */
  itemTitle?: (index: number) => string | null | undefined;
  renderItem: (index: number) => ReactNode;
  /** Small text beside a row's heading (badges such as "Verified"). */
  renderItemMeta?: (index: number) => ReactNode;
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  addLabel?: string;
  /** The profile list whose cap (limits.ts) this editor stops at, with the server's message. */
  cap?: ProfileListId;
  /** A limit of the caller's own (a list outside the profile's caps). */
  max?: number;
  /** A message about the list as a whole (the schema's, or the server's refusal). */
  error?: string;
  sortable?: boolean;
  /** Shown next to the add button (quick-add chips and the like). */
  toolbar?: ReactNode;
  /** Rows laid out compactly (a single line of fields). */
  compact?: boolean;
}

/** The message about a field array as a whole (its zod issue at `items`, or the server's), if any. */
export function listErrorText(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message, root } = errors as { message?: unknown; root?: { message?: unknown } };
  const text = typeof message === 'string' ? message : root?.message;
  return typeof text === 'string' && text ? text : undefined;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A repeatable list inside a form: add, remove and reorder rows (up/down buttons, or drag by the
 * handle), with an empty state. Each row's fields are the caller's; the shared schema validates them.
 */
export function ListEditor({
  fields,
  onAdd,
  addActions,
  onRemove,
  onMove,
  itemName,
  itemTitle,
  renderItem,
  renderItemMeta,
  empty,
  addLabel = `Add ${itemName}`,
  cap,
  max: ownMax,
  error,
  sortable = true,
  toolbar,
  compact = false,
}: ListEditorProps) {
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<{ key: string; target: 'first-field' | 'up' | 'down' } | 'add' | null>(null);
  const previousLength = useRef(fields.length);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [draggableKey, setDraggableKey] = useState<string | null>(null);
  const max = cap ? PROFILE_LIST_CAPS[cap] : ownMax;
  const full = max !== undefined && fields.length >= max;
  const capText = cap ? listCapMessage(cap) : `At most ${max} entries`;

  // Focus after a change: the new row's first field, the moved row's button, or Add after a removal.
  useEffect(() => {
    const wanted = focusNext.current;
    if (fields.length > previousLength.current && wanted === null) {
      const last = fields.at(-1);
      if (last) focusNext.current = { key: last.id, target: 'first-field' };
    }
    previousLength.current = fields.length;
    const next = focusNext.current;
    focusNext.current = null;
    if (!next) return;
    if (next === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = rowRefs.current.get(next.key);
    if (!row) return;
    const selector =
      next.target === 'first-field'
        ? '[data-row-body] input:not([type=hidden]):not([disabled]), [data-row-body] select, [data-row-body] textarea, [data-row-body] button'
        : `[data-move="${next.target}"]:not([disabled])`;
    const element = row.querySelector<HTMLElement>(selector) ?? row.querySelector<HTMLElement>('[data-move]:not([disabled])');
    element?.focus();
  }, [fields]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const key = fields[from]?.id;
    if (key) focusNext.current = { key, target: to < from ? 'up' : 'down' };
    onMove(from, to);
  };

  const remove = (index: number) => {
    const neighbour = fields[index + 1] ?? fields[index - 1];
    focusNext.current = neighbour ? { key: neighbour.id, target: 'first-field' } : 'add';
    onRemove(index);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragFrom;
    setDragFrom(null);
    setDragOver(null);
    setDraggableKey(null);
    if (from !== null) move(from, to);
  };

  const addButton = addActions ? (
    <>
      {addActions.map((action, index) => (
        <Button key={action.label} ref={index === 0 ? addRef : undefined} variant="outline" onClick={action.onAdd} disabled={full}>
          <Plus aria-hidden="true" className="size-4" />
          {action.label}
        </Button>
      ))}
    </>
  ) : (
    <Button ref={addRef} variant="outline" onClick={onAdd} disabled={full}>
      <Plus aria-hidden="true" className="size-4" />
      {addLabel}
    </Button>
  );

  if (fields.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-gray-200 bg-gray-50/60 px-6 py-10 text-center">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-gray-200">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <p className="mt-4 text-sm font-semibold text-gray-900">{empty.title}</p>
        <div className="mt-1 max-w-md text-sm leading-6 text-gray-600">{empty.description}</div>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-2">
          {addButton}
          {toolbar}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ol className={cn(compact ? 'space-y-2' : 'space-y-4')} aria-label={`${capitalize(itemName)} list`}>
        {fields.map((field, index) => {
          const title = itemTitle?.(index)?.trim();
          const position = `${capitalize(itemName)} ${index + 1}`;
          const meta = renderItemMeta?.(index);
          return (
            <li
              key={field.id}
              ref={(element) => {
                if (element) rowRefs.current.set(field.id, element);
                else rowRefs.current.delete(field.id);
              }}
              draggable={sortable && draggableKey === field.id}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
                setDragFrom(index);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
                setDraggableKey(null);
              }}
              onDragOver={(event) => {
                if (dragFrom === null) return;
                event.preventDefault();
                if (dragOver !== index) setDragOver(index);
              }}
              onDrop={(event) => onDrop(event, index)}
              aria-label={title ? `${position}: ${title}` : position}
              className={cn(
                'rounded-xl border bg-white transition-shadow',
                dragOver === index && dragFrom !== null && dragFrom !== index ? 'border-brand-400 ring-2 ring-brand-200' : 'border-gray-200',
                dragFrom === index && 'opacity-60',
              )}
            >
              <div className={cn('flex items-start gap-2 border-b border-gray-100 px-3 py-2', compact && 'border-b-0 pb-0')}>
                {sortable ? (
                  <span
                    className="mt-1.5 hidden cursor-grab touch-none items-center text-gray-400 hover:text-gray-600 active:cursor-grabbing sm:inline-flex"
                    onPointerDown={() => setDraggableKey(field.id)}
                    onPointerUp={() => setDraggableKey(null)}
                    title="Drag to reorder"
                    aria-hidden="true"
                  >
                    <GripVertical className="size-4" />
                  </span>
                ) : null}
                <div className="min-w-0 flex-1 py-1">
                  <p className="line-clamp-2 text-sm break-words">
                    <span className="font-semibold text-gray-900">{title || position}</span>
                    {title ? <span className="ml-2 text-xs text-gray-500">#{index + 1}</span> : null}
                  </p>
                  {meta ? <div className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">{meta}</div> : null}
                </div>
                {meta ? <div className="hidden shrink-0 items-center gap-1.5 self-center sm:flex">{meta}</div> : null}
                <div className="flex shrink-0 items-center">
                  {sortable ? (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        data-move="up"
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        aria-label={`Move ${itemName} ${index + 1} up`}
                      >
                        <ArrowUp aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        data-move="down"
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={`Move ${itemName} ${index + 1} down`}
                      >
                        <ArrowDown aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-gray-500 hover:bg-red-50 hover:text-red-700"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${itemName} ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </div>
              <div data-row-body className={cn('p-4', compact && 'pt-3')}>
                {renderItem(index)}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        {addButton}
        {toolbar}
        {full ? <p className="text-sm text-gray-600">{capText}: remove one to add another.</p> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
