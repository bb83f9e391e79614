import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@web/lib/cn';

export interface TabLink {
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** Which ways the tab row can still scroll (a pixel of slack for rounding). */
function overflowOf(element: HTMLElement | null) {
  if (!element) return { before: false, after: false };
  const { scrollLeft, scrollWidth, clientWidth } = element;
  return { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * Tabs that are links (each tab has its own address). When they do not fit (a phone, a narrow
 * window) the row scrolls sideways with a visible cue (issue 35 item 6: "Public directo…" was cut off
 * and "Users" off screen with nothing saying so): the cut edge fades, an arrow button beside the row
 * (never over a tab) scrolls it, and the current tab is scrolled into view.
 */
export function TabLinks({ tabs, label }: { tabs: readonly TabLink[]; label: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ before: false, after: false });
  const { pathname } = useLocation();
  const measure = useCallback(() => setOverflow(overflowOf(scroller.current)), []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // The current tab in view when the page opens and when the window changes size (a phone turned).
    const settle = () => {
      element.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      measure();
    };
    settle();
    // The row's own width also changes when an arrow appears beside it: that only re-measures, so
    // the arrow's own scrolling is not undone.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', settle);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', settle);
    };
  }, [measure, pathname]);

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * Math.max(120, element.clientWidth * 0.7), behavior: 'smooth' });
  };

  const arrow =
    'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <nav aria-label={label} className="flex items-end">
      {overflow.before ? (
        <button type="button" className={arrow} aria-label="Show the earlier tabs" data-testid="tabs-before" onClick={() => scrollBy(-1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <div className="relative min-w-0 flex-1">
        <div ref={scroller} onScroll={measure} className="overflow-x-auto [scrollbar-width:thin]" data-testid="tabs-scroller">
          <ul className="flex min-w-max gap-1 border-b border-gray-200">
            {tabs.map(({ to, label: tabLabel, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  replace
                  className={({ isActive }) =>
                    cn(
                      '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      isActive ? 'border-brand-600 text-brand-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                    )
                  }
                >
                  {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
                  {tabLabel}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        {/* The fades take no pointer events: nothing under them is covered. */}
        {overflow.before ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-white to-transparent" />
        ) : null}
        {overflow.after ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent" />
        ) : null}
      </div>
      {overflow.after ? (
        <button type="button" className={arrow} aria-label="Show more tabs" data-testid="tabs-after" onClick={() => scrollBy(1)}>
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </nav>
  );
}
