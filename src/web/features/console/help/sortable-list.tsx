import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
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

const INSTRUCTIONS = 'Drag to reorder, or press Space to pick up, the arrow keys (or Home and End) to move, Space to drop, Escape to cancel.';

/**
 * The keyboard moves an item one place with the arrow keys (dnd-kit's sortable coordinates) and to
 * either end with Home and End: the item is taken to the first or last row's place.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code !== 'Home' && event.code !== 'End') return sortableKeyboardCoordinates(event, args);
  const { collisionRect, droppableRects } = args.context;
  const tops = [...droppableRects.values()].map((rect) => rect.top);
  if (!collisionRect || tops.length === 0) return undefined;
  event.preventDefault();
  return { x: collisionRect.left, y: event.code === 'Home' ? Math.min(...tops) : Math.max(...tops) };
};

/**
 * A list reordered by dragging a handle with a mouse, pen or finger, or from the keyboard, on
 * dnd-kit: focus a handle, Space or Enter picks the item up, the arrow keys (and Home/End) move it,
 * Space or Enter drops it and Escape or Tab puts it back. Each step is announced in a live region.
 * The list shows the new place while the item moves and reports the new order once, on drop.
 */
export function SortableList<T>({ items, getId, getLabel, onReorder, renderItem, label, disabled = false, className }: SortableListProps<T>) {
  const ids = items.map(getId);
  const sensors = useSensors(
    // A press that does not move is not a drag (and announces nothing).
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space', 'Enter'], end: ['Space', 'Enter'], cancel: ['Escape', 'Tab'] },
    }),
  );

  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => getId(candidate) === id);
    return item ? getLabel(item) : '';
  };
  const position = (index: number) => `position ${index + 1} of ${ids.length}`;
  const indexOf = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)));

  // dnd-kit reports each place the item passes over, its own first: only a new place is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, ${position(indexOf(active.id))}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return `${nameOf(active.id)} moved to ${position(indexOf(over.id))}.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} dropped at ${position(indexOf(over.id))}.`
        : `${nameOf(active.id)} dropped; the order did not change.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} is back at ${position(indexOf(active.id))}.`,
  };

  // A keyboard drop keeps the focus on the moved item's handle, also once the list comes back in its
  // new order (moving a row in the document takes the focus from the button inside it).
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const order = ids.join('\u0000');
  useEffect(() => {
    if (refocus.current === null) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [order]);

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    const from = indexOf(active.id);
    const to = indexOf(over?.id);
    if (from < 0 || to < 0 || from === to) return;
    if (activatorEvent instanceof KeyboardEvent) refocus.current = String(active.id);
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul aria-label={label} className={cn('flex flex-col gap-2', className)}>
          {items.map((item) => (
            <SortableRow key={getId(item)} id={getId(item)} name={getLabel(item)} disabled={disabled} handles={handles.current}>
              {(handle, dragging) => renderItem(item, { handle, dragging })}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  name: string;
  disabled: boolean;
  /** Where the row registers its handle (for the focus after a keyboard drop). */
  handles: Map<string, HTMLButtonElement>;
  children: (handle: ReactNode, dragging: boolean) => ReactNode;
}

function SortableRow({ id, name, disabled, handles, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={(node) => {
        setActivatorNodeRef(node);
        if (node) handles.set(id, node);
        else handles.delete(id);
      }}
      {...attributes}
      {...listeners}
      // A real button: its role and focusability are the element's own, not the generic ones dnd-kit gives any element.
      role={undefined}
      tabIndex={undefined}
      aria-label={`Reorder ${name}`}
      aria-pressed={isDragging || undefined}
      // Disabled (while a new order is being saved) but still focusable: the focus stays where it was.
      aria-disabled={disabled || undefined}
      className={cn(
        'inline-flex size-9 shrink-0 touch-none items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900',
        'focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
        isDragging ? 'cursor-grabbing bg-brand-50 text-brand-700' : 'cursor-grab',
      )}
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      className={cn('rounded-xl transition-shadow', isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-300')}
    >
      {children(handle, isDragging)}
    </li>
  );
}
