/**
 * Where the floating "Send Feedback" button sits (access spec §2 and §9).
 *
 * The position is an offset of the button's bottom-right corner from the viewport's bottom-right
 * corner, `{ right, bottom }` in CSS pixels, because that is where the button starts (24 px from
 * the bottom and the right) and where it should stay when the window is resized.
 *
 * - Near edges (right, bottom): the button stays at least EDGE_MARGIN (10 px) inside them.
 * - Far edges (left, top, the ones the offset is *not* measured from): the button's anchor corner
 *   stays at least FAR_EDGE_MARGIN (100 px) away from them, and the whole button stays at least
 *   EDGE_MARGIN inside them. The 100 px keeps a short button clear of the sticky page header at the
 *   top; the size term keeps a wide one from sliding off the left side.
 *
 * A viewport too small for both rules gets the near-edge margin: the button never leaves the corner.
 */

export const DRAG_THRESHOLD_PX = 5;
export const DEFAULT_OFFSET_PX = 24;
export const EDGE_MARGIN_PX = 10;
export const FAR_EDGE_MARGIN_PX = 100;
/** One arrow-key press; with Shift, NUDGE_LARGE_PX. */
export const NUDGE_PX = 10;
export const NUDGE_LARGE_PX = 50;

export const POSITION_STORAGE_KEY = 'vitae.feedback-widget.position';

export interface WidgetPosition {
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

export const DEFAULT_POSITION: WidgetPosition = { right: DEFAULT_OFFSET_PX, bottom: DEFAULT_OFFSET_PX };

function clampAxis(value: number, viewport: number, size: number): number {
  const min = EDGE_MARGIN_PX;
  const max = viewport - Math.max(FAR_EDGE_MARGIN_PX, size + EDGE_MARGIN_PX);
  if (!Number.isFinite(value)) return min;
  if (max < min) return min;
  return Math.round(Math.min(max, Math.max(min, value)));
}

/** The nearest allowed position to `position` in a viewport of `viewport`, for a button of `button`. */
export function clampPosition(position: WidgetPosition, viewport: Size, button: Size = { width: 0, height: 0 }): WidgetPosition {
  return {
    right: clampAxis(position.right, viewport.width, button.width),
    bottom: clampAxis(position.bottom, viewport.height, button.height),
  };
}

/** A pointer that travelled more than 5 px since it went down is dragging; less is a click. */
export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > DRAG_THRESHOLD_PX;
}

/**
 * The position after the pointer moved by (dx, dy) from where the drag started. Moving right or
 * down brings the button closer to the right and bottom edges, so the offsets shrink.
 */
export function dragTo(start: WidgetPosition, dx: number, dy: number, viewport: Size, button?: Size): WidgetPosition {
  return clampPosition({ right: start.right - dx, bottom: start.bottom - dy }, viewport, button);
}

const NUDGES: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The position after an arrow key, or null for any other key. */
export function nudge(position: WidgetPosition, key: string, large: boolean, viewport: Size, button?: Size): WidgetPosition | null {
  const direction = NUDGES[key];
  if (!direction) return null;
  const step = large ? NUDGE_LARGE_PX : NUDGE_PX;
  return dragTo(position, direction.dx * step, direction.dy * step, viewport, button);
}

function isPosition(value: unknown): value is WidgetPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { right, bottom } = value as Record<string, unknown>;
  return typeof right === 'number' && Number.isFinite(right) && typeof bottom === 'number' && Number.isFinite(bottom);
}

/** The remembered position, or the default when there is none or it cannot be read. */
export function loadPosition(storage: Pick<Storage, 'getItem'> | null = safeStorage()): WidgetPosition {
  try {
    const raw = storage?.getItem(POSITION_STORAGE_KEY);
    if (!raw) return DEFAULT_POSITION;
    const parsed: unknown = JSON.parse(raw);
    return isPosition(parsed) ? { right: parsed.right, bottom: parsed.bottom } : DEFAULT_POSITION;
  } catch {
    return DEFAULT_POSITION;
  }
}

export function savePosition(position: WidgetPosition, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(POSITION_STORAGE_KEY, JSON.stringify({ right: position.right, bottom: position.bottom }));
  } catch {
    // Private browsing or a full quota: the button simply forgets where it was.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
