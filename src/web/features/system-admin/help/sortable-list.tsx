import { GripVertical } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** How the item is named to a screen reader ("Getting started"). */
  getLabel: (item: T) => string;
  /** Called once, on drop, with the new order (only when it changed). */
  onReorder: (ids: string[]) => void;
  renderItem: (item: T, parts: { handle: ReactNode; dragging: boolean }) => ReactNode;
  /** Names the list, e.g. "Help categories". */
  label: string;
  disabled?: boolean;
  className?: string;
}

const move = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id!);
  return next;
};

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * A list reordered by dragging a handle with a mouse, pen or finger, or from the keyboard: focus a
 * handle, Space or Enter picks the item up, the arrow keys (and Home/End) move it, Space or Enter
 * drops it and Escape puts it back. Each step is announced in a live region. The list shows the
 * new order while it is being changed and reports it once, on drop.
 */
export function SortableList<T>({ items, getId, getLabel, onReorder, renderItem, label, disabled = false, className }: SortableListProps<T>) {
  const itemIds = items.map(getId);
  const [order, setOrder] = useState<string[] | null>(null);
  const [active, setActive] = useState<{ id: string; mode: 'pointer' | 'keyboard' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const startOrder = useRef<string[]>([]);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const byId = new Map(items.map((item) => [getId(item), item]));
  const instructionsId = useId();
  // While nothing is being moved, the list simply follows the items it is given.
  const ids = (order ?? itemIds).filter((id) => byId.has(id));

  const nameOf = (id: string) => {
    const item = byId.get(id);
    return item ? getLabel(item) : '';
  };
  const position = (list: string[], id: string) => `position ${list.indexOf(id) + 1} of ${list.length}`;

  const finish = useCallback(
    (commit: boolean) => {
      if (!active) return;
      const final = order ?? startOrder.current;
      const name = nameOf(active.id);
      if (commit && !same(final, startOrder.current)) {
        setAnnouncement(`${name} dropped at ${position(final, active.id)}.`);
        onReorder(final);
      } else if (commit) {
        setAnnouncement(`${name} dropped; the order did not change.`);
      } else {
        setAnnouncement(`Reordering cancelled. ${name} is back at ${position(startOrder.current, active.id)}.`);
      }
      setActive(null);
      setOrder(null);
    },
    // nameOf/position read the current render's items; the effect-free callback is rebuilt every render anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [active, order, onReorder],
  );

  // Keep the moved item's handle focused after React moves its row.
  useLayoutEffect(() => {
    if (active?.mode === 'keyboard') handles.current.get(active.id)?.focus();
  }, [active, order]);

  // Pointer dragging: follow the pointer anywhere on the page until it is released.
  useEffect(() => {
    if (active?.mode !== 'pointer') return;
    const onMove = (event: PointerEvent) => {
      event.preventDefault();
      setOrder((current) => {
        const list = current ?? startOrder.current;
        const from = list.indexOf(active.id);
        // The new index is the number of other rows whose middle is above the pointer.
        const to = list.filter((id) => {
          if (id === active.id) return false;
          const rect = rows.current.get(id)?.getBoundingClientRect();
          return rect ? event.clientY > rect.top + rect.height / 2 : false;
        }).length;
        return from === to ? list : move(list, from, to);
      });
    };
    const onUp = () => finish(true);
    const onCancel = () => finish(false);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') finish(false);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
    };
  }, [active, finish]);

  const pickUp = (id: string, mode: 'pointer' | 'keyboard') => {
    startOrder.current = itemIds;
    setOrder(itemIds);
    setActive({ id, mode });
    setAnnouncement(
      mode === 'keyboard'
        ? `Picked up ${nameOf(id)}, ${position(itemIds, id)}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`
        : `Dragging ${nameOf(id)}.`,
    );
  };

  const onPointerDown = (id: string) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button > 0) return;
    event.preventDefault();
    pickUp(id, 'pointer');
  };

  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    const grabbed = active?.id === id && active.mode === 'keyboard';
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (grabbed) finish(true);
      else if (!active) pickUp(id, 'keyboard');
      return;
    }
    if (!grabbed) return;
    const list = order ?? startOrder.current;
    const from = list.indexOf(id);
    const targets: Record<string, number> = { ArrowUp: from - 1, ArrowDown: from + 1, Home: 0, End: list.length - 1 };
    if (event.key in targets) {
      event.preventDefault();
      const to = Math.max(0, Math.min(list.length - 1, targets[event.key]!));
      if (to === from) return;
      const next = move(list, from, to);
      setOrder(next);
      setAnnouncement(`${nameOf(id)} moved to ${position(next, id)}.`);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    } else if (event.key === 'Tab') {
      finish(false);
    }
  };

  return (
    <>
      <ul aria-label={label} className={cn('flex flex-col gap-2', className)}>
        {ids.map((id) => {
          const item = byId.get(id)!;
          const dragging = active?.id === id;
          const handle = (
            <button
              type="button"
              ref={(node) => {
                if (node) handles.current.set(id, node);
                else handles.current.delete(id);
              }}
              aria-label={`Reorder ${getLabel(item)}`}
              aria-describedby={instructionsId}
              aria-pressed={dragging && active.mode === 'keyboard' ? true : undefined}
              disabled={disabled}
              onPointerDown={onPointerDown(id)}
              onKeyDown={onKeyDown(id)}
              onBlur={() => {
                if (dragging && active.mode === 'keyboard') finish(false);
              }}
              className={cn(
                'inline-flex size-9 shrink-0 touch-none items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900',
                'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40',
                dragging ? 'cursor-grabbing bg-brand-50 text-brand-700' : 'cursor-grab',
              )}
            >
              <GripVertical aria-hidden="true" className="size-4" />
            </button>
          );
          return (
            <li
              key={id}
              ref={(node) => {
                if (node) rows.current.set(id, node);
                else rows.current.delete(id);
              }}
              data-dragging={dragging || undefined}
              className={cn('rounded-xl transition-shadow', dragging && 'relative z-10 shadow-lg ring-2 ring-brand-300')}
            >
              {renderItem(item, { handle, dragging })}
            </li>
          );
        })}
      </ul>
      <p id={instructionsId} hidden>
        Drag to reorder, or press Space to pick up, the arrow keys to move, Space to drop, Escape to cancel.
      </p>
      <p aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
