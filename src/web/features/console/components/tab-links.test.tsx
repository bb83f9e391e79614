import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@web/test/render';
import { TabLinks } from './tab-links';

const TABS = ['Settings', 'Section permissions', 'Reading levels', 'Locations', 'Brand', 'Data sources', 'Public directory', 'Users'].map((label) => ({
  to: `/h/${label.toLowerCase().replace(/\s+/g, '-')}`,
  label,
}));

const descriptors = {
  scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
afterEach(() => {
  for (const [key, descriptor] of Object.entries(descriptors)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
});

function layout(scrollWidth: number, clientWidth: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => clientWidth });
}

// Issue 35 item 6: tabs that do not fit scroll with a visible cue instead of being cut off silently.
describe('TabLinks', () => {
  it('shows a "more tabs" arrow beside a row that does not fit, and scrolls it', () => {
    layout(900, 350);
    const scrollBy = vi.fn();
    // jsdom has no scrollBy; the test gives one and takes it away after.
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, writable: true, value: scrollBy });
    renderAt('/h/settings', <TabLinks tabs={TABS} label="Hospital settings" />);
    const more = screen.getByRole('button', { name: 'Show more tabs' });
    expect(screen.queryByRole('button', { name: 'Show the earlier tabs' })).toBeNull();
    fireEvent.click(more);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: expect.any(Number) as number }));
    // Scrolled to the end: the cue moves to the other side.
    const scroller = screen.getByTestId('tabs-scroller');
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: 550 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('button', { name: 'Show the earlier tabs' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Show more tabs' })).toBeNull();
  });

  it('shows no arrows when every tab fits', () => {
    layout(600, 1200);
    renderAt('/h/settings', <TabLinks tabs={TABS} label="Hospital settings" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(TABS.length);
  });
});
