import { describe, expect, it } from 'vitest';
import {
  clampPosition,
  DEFAULT_POSITION,
  dragTo,
  EDGE_MARGIN_PX,
  FAR_EDGE_MARGIN_PX,
  isDrag,
  loadPosition,
  nudge,
  POSITION_STORAGE_KEY,
  savePosition,
} from './position';

const desktop = { width: 1280, height: 800 };
const button = { width: 150, height: 44 };

describe('isDrag', () => {
  it('treats movement up to 5 px as a click and anything beyond as a drag', () => {
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(5, 0)).toBe(false);
    expect(isDrag(3, 4)).toBe(false); // exactly 5 px away
    expect(isDrag(-5, 0)).toBe(false);
    expect(isDrag(5.1, 0)).toBe(true);
    expect(isDrag(4, 4)).toBe(true); // 5.66 px diagonally
    expect(isDrag(0, -6)).toBe(true);
  });
});

describe('clampPosition', () => {
  it('starts 24 px from the bottom and the right', () => {
    expect(DEFAULT_POSITION).toEqual({ right: 24, bottom: 24 });
    expect(clampPosition(DEFAULT_POSITION, desktop, button)).toEqual({ right: 24, bottom: 24 });
  });

  it('keeps the button at least 10 px from the near (right and bottom) edges', () => {
    expect(clampPosition({ right: 3, bottom: -40 }, desktop, button)).toEqual({ right: EDGE_MARGIN_PX, bottom: EDGE_MARGIN_PX });
    expect(clampPosition({ right: 10, bottom: 10 }, desktop, button)).toEqual({ right: 10, bottom: 10 });
  });

  it('keeps the anchor corner at least 100 px from the far (left and top) edges', () => {
    // A small button: the 100 px rule is the one that binds.
    const small = { width: 40, height: 40 };
    expect(clampPosition({ right: 5000, bottom: 5000 }, desktop, small)).toEqual({ right: 1280 - FAR_EDGE_MARGIN_PX, bottom: 800 - FAR_EDGE_MARGIN_PX });
    // Without a known size the 100 px rule applies alone.
    expect(clampPosition({ right: 1250, bottom: 790 }, desktop)).toEqual({ right: 1180, bottom: 700 });
  });

  it('never lets a wide button cross the far edge: it stays 10 px inside', () => {
    expect(clampPosition({ right: 5000, bottom: 0 }, desktop, button)).toEqual({ right: 1280 - 150 - EDGE_MARGIN_PX, bottom: EDGE_MARGIN_PX });
  });

  it('falls back to the near-edge margin when the viewport is too small for both rules', () => {
    expect(clampPosition({ right: 60, bottom: 60 }, { width: 90, height: 90 }, button)).toEqual({ right: 10, bottom: 10 });
  });

  it('rounds to whole pixels and survives garbage', () => {
    expect(clampPosition({ right: 30.6, bottom: 41.2 }, desktop, button)).toEqual({ right: 31, bottom: 41 });
    expect(clampPosition({ right: Number.NaN, bottom: Number.POSITIVE_INFINITY }, desktop, button)).toEqual({ right: 10, bottom: 10 });
  });
});

describe('dragTo and nudge', () => {
  it('moves the button with the pointer: right and down bring it closer to the corner', () => {
    expect(dragTo({ right: 200, bottom: 200 }, -50, -30, desktop, button)).toEqual({ right: 250, bottom: 230 });
    expect(dragTo({ right: 200, bottom: 200 }, 50, 30, desktop, button)).toEqual({ right: 150, bottom: 170 });
    expect(dragTo({ right: 24, bottom: 24 }, 400, 400, desktop, button)).toEqual({ right: 10, bottom: 10 });
  });

  it('moves 10 px per arrow key, 50 px with Shift, and ignores other keys', () => {
    expect(nudge({ right: 100, bottom: 100 }, 'ArrowLeft', false, desktop, button)).toEqual({ right: 110, bottom: 100 });
    expect(nudge({ right: 100, bottom: 100 }, 'ArrowRight', false, desktop, button)).toEqual({ right: 90, bottom: 100 });
    expect(nudge({ right: 100, bottom: 100 }, 'ArrowUp', true, desktop, button)).toEqual({ right: 100, bottom: 150 });
    expect(nudge({ right: 100, bottom: 100 }, 'ArrowDown', false, desktop, button)).toEqual({ right: 100, bottom: 90 });
    expect(nudge({ right: 12, bottom: 100 }, 'ArrowRight', false, desktop, button)).toEqual({ right: 10, bottom: 100 });
    expect(nudge({ right: 100, bottom: 100 }, 'Enter', false, desktop, button)).toBeNull();
  });
});

describe('remembering the position', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
  }

  it('saves and loads the offsets', () => {
    const storage = memoryStorage();
    savePosition({ right: 120, bottom: 64 }, storage);
    expect(JSON.parse(storage.data.get(POSITION_STORAGE_KEY) ?? '')).toEqual({ right: 120, bottom: 64 });
    expect(loadPosition(storage)).toEqual({ right: 120, bottom: 64 });
  });

  it('uses the default when nothing, or nothing sensible, is stored', () => {
    expect(loadPosition(memoryStorage())).toEqual(DEFAULT_POSITION);
    expect(loadPosition(memoryStorage({ [POSITION_STORAGE_KEY]: '{nope' }))).toEqual(DEFAULT_POSITION);
    expect(loadPosition(memoryStorage({ [POSITION_STORAGE_KEY]: '{"right":"12","bottom":4}' }))).toEqual(DEFAULT_POSITION);
    expect(loadPosition(null)).toEqual(DEFAULT_POSITION);
  });

  it('does not fail when the storage refuses to write', () => {
    expect(() =>
      savePosition(
        { right: 1, bottom: 1 },
        {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
        },
      ),
    ).not.toThrow();
  });
});
