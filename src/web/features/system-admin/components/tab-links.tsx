import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/cn';

export interface TabLink {
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** Tabs that are links (each tab has its own address): scrolls sideways on phones. */
export function TabLinks({ tabs, label }: { tabs: readonly TabLink[]; label: string }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
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
    </nav>
  );
}
