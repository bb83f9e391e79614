import { MessageSquarePlus } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { cn } from '@web/lib/cn';
import { dragTo, isDrag, nudge, type Size, type WidgetPosition } from './position';
import { WIDGET_ATTRIBUTE } from './screenshot';

interface DragState {
  pointerId: number;
  startX: number;
  startY: number;
  start: WidgetPosition;
  dragging: boolean;
}

interface FeedbackButtonProps {
  /** Where it is drawn (already clamped to the viewport). */
  position: WidgetPosition;
  viewport: () => Size;
  /** `done` is true when a drag or a key press has finished: time to remember the place. */
  onMove: (position: WidgetPosition, done: boolean) => void;
  onOpen: () => void;
  /** The pointer is over the button or it has focus: a good moment to load the panel. */
  onIntent?: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

function sizeOf(element: Element): Size {
  const { width, height } = element.getBoundingClientRect();
  return { width, height };
}

/**
 * The "Send Feedback" tab, docked to the right edge of a wide window in a strip the page's content
 * keeps clear of (the member layout's right padding), so it covers nothing (issue T3 4/7 item 2).
 * Drag it up or down with a mouse, pen or finger: a pointer that travels more than 5 px is dragging
 * and does not open the panel. From the keyboard, Enter or Space opens it and the up and down arrow
 * keys move it (Shift for bigger steps). Phones have the header's feedback button instead.
 */
export function FeedbackButton({ position, viewport, onMove, onOpen, onIntent, buttonRef }: FeedbackButtonProps) {
  const drag = useRef<DragState | null>(null);
  // The click that follows the pointerup of a drag must not open the panel.
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    swallowClick.current = false;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, start: position, dragging: false };
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment supports capture; the drag still works while the pointer stays on the button.
    }
  };

  const follow = (event: PointerEvent<HTMLButtonElement>, state: DragState) =>
    dragTo(state.start, 0, event.clientY - state.startY, viewport(), sizeOf(event.currentTarget));

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    if (!state.dragging && !isDrag(event.clientX - state.startX, event.clientY - state.startY)) return;
    state.dragging = true;
    onMove(follow(event, state), false);
  };

  const finish = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return;
    swallowClick.current = true;
    onMove(follow(event, state), true);
    // If the browser sends no click after this drag, the next real click must still work.
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Docked to the edge: only up and down move it.
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const next = nudge(position, event.key, event.shiftKey, viewport(), sizeOf(event.currentTarget));
    if (!next) return;
    event.preventDefault();
    onMove(next, true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        {...{ [WIDGET_ATTRIBUTE]: '' }}
        aria-describedby="feedback-widget-button-hint"
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if (swallowClick.current) {
            swallowClick.current = false;
            event.preventDefault();
            return;
          }
          onOpen();
        }}
        style={{ right: 0, bottom: position.bottom }}
        className={cn(
          'fixed z-40 hidden w-10 cursor-grab touch-none flex-col items-center gap-2 rounded-l-lg bg-brand-600 py-3 text-sm font-semibold text-white shadow-lg shadow-brand-900/20 select-none lg:inline-flex',
          'ring-1 ring-brand-700/40 transition-colors hover:bg-brand-700 active:cursor-grabbing',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        )}
      >
        <MessageSquarePlus aria-hidden="true" className="size-5 shrink-0" />
        <span className="[writing-mode:vertical-rl]">Send Feedback</span>
      </button>
      {/* Read as the button's description; `hidden` keeps it out of the page and out of its name. */}
      <span id="feedback-widget-button-hint" hidden>
        Opens the feedback form. Drag it up or down, or use the up and down arrow keys, to move it.
      </span>
    </>
  );
}
