import { Compass, LayoutDashboard, MessageSquare, Settings, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/cn';
import { PROFILE_SECTIONS } from '@web/lib/profile-sections';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

const GROUPS: ReadonlyArray<{ title: string; items: NavItem[] }> = [
  { title: 'Overview', items: [{ to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard }] },
  {
    title: 'Your profile',
    items: PROFILE_SECTIONS.map((section) => ({ to: section.path, label: section.title, icon: section.icon })),
  },
  {
    title: 'Tools',
    items: [
      { to: '/discovery-lab', label: 'Discovery Lab', icon: Compass },
      { to: '/feedback', label: 'Feedback', icon: MessageSquare },
      { to: '/settings', label: 'Settings', icon: Settings },
    ],
  },
];

/** The member sidebar's links; `onNavigate` lets the mobile drawer close itself. */
export function MemberNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Member" className="flex flex-col gap-6">
      {GROUPS.map((group) => (
        <div key={group.title}>
          <h2 className="px-3 text-xs font-semibold tracking-wider text-gray-500 uppercase">{group.title}</h2>
          <ul className="mt-2 space-y-0.5">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <Icon aria-hidden="true" className={cn('size-4.5', isActive ? 'text-brand-600' : 'text-gray-500')} />
                      {label}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
