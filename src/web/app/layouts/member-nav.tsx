import { Compass, LayoutDashboard, MessageSquare, Settings, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import type { SectionStatus } from '@shared/profile-completion';
import { StatusDot, STATUS_TEXT } from '@web/features/dashboard/components/status-badge';
import { useSectionNav } from '@web/features/profile/hooks/use-section-nav';
import { cn } from '@web/lib/cn';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Profile sections: the status dot from the dashboard. */
  status?: SectionStatus | null;
}

const OVERVIEW: NavItem[] = [{ to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard }];

const TOOLS: NavItem[] = [
  { to: '/discovery-lab', label: 'Discovery Lab', icon: Compass },
  { to: '/feedback', label: 'Feedback', icon: MessageSquare },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/**
 * The member sidebar's links; `onNavigate` lets the mobile drawer close itself. Profile sections the
 * provider's hospital hides are left out, and each section shows its status as a small dot.
 */
export function MemberNav({ onNavigate }: { onNavigate?: () => void }) {
  const sections = useSectionNav();
  const idPrefix = useId();
  const groups: ReadonlyArray<{ title: string; items: NavItem[] }> = [
    { title: 'Overview', items: OVERVIEW },
    { title: 'Your profile', items: sections.map((section) => ({ to: section.path, label: section.title, icon: section.icon, status: section.status })) },
    { title: 'Tools', items: TOOLS },
  ];

  return (
    <nav aria-label="Member" className="flex flex-col gap-6">
      {groups.map((group) => (
        <div key={group.title}>
          <h2 className="px-3 text-xs font-semibold tracking-wider text-gray-500 uppercase">{group.title}</h2>
          <ul className="mt-2 space-y-0.5">
            {group.items.map(({ to, label, icon: Icon, status }) => {
              const statusId = status ? `${idPrefix}-status-${to.slice(1)}` : undefined;
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={onNavigate}
                    aria-describedby={statusId}
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
                        <span className="flex-1">{label}</span>
                        {status ? <StatusDot status={status} /> : null}
                      </>
                    )}
                  </NavLink>
                  {status ? (
                    <span id={statusId} className="sr-only">
                      {STATUS_TEXT[status]}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
