import { Building2, Globe2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { AdminUser } from '@web/lib/admin-session';
import { roleLabel } from '@web/lib/admin-roles';
import { cn } from '@web/lib/cn';
import { useHospitalName } from '../api/get-hospital-options';
import { consoleSectionAt, consoleSectionsFor } from '../console-sections';

/** Which part of the organisation this administrator manages: everything, or one hospital. */
export function ConsoleScope({ admin, className }: { admin: AdminUser; className?: string }) {
  const hospitalName = useHospitalName(admin.role === 'hospital_admin' ? admin.hospital_id : null);
  const system = admin.role === 'system_admin';
  const Icon = system ? Globe2 : Building2;
  return (
    <div className={cn('flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-3 ring-1 ring-brand-100', className)}>
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 ring-1 ring-brand-100">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-gray-900" title={hospitalName}>
          {system ? 'All hospitals' : (hospitalName ?? 'Your hospital')}
        </p>
        <p className="truncate text-xs text-gray-600">{roleLabel(admin.role)}</p>
      </div>
    </div>
  );
}

/** The scope in one line, for the phone's console bar. */
export function ConsoleScopeLabel({ admin }: { admin: AdminUser }) {
  const hospitalName = useHospitalName(admin.role === 'hospital_admin' ? admin.hospital_id : null);
  const label = admin.role === 'system_admin' ? 'All hospitals' : (hospitalName ?? 'Your hospital');
  return (
    <p className="min-w-0 truncate text-xs font-medium text-gray-600" title={label}>
      {label}
    </p>
  );
}

/**
 * The console's section links; `onNavigate` lets the mobile drawer close itself. The current section
 * is the one the address belongs to, including pages listed with it (the brand voice under Brand).
 */
export function ConsoleNav({ admin, onNavigate }: { admin: AdminUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = consoleSectionAt(pathname, admin.role)?.id;
  return (
    <nav aria-label="Console">
      <ul className="space-y-0.5">
        {consoleSectionsFor(admin.role).map(({ id, to, label, icon: Icon }) => {
          const active = id === current;
          return (
            <li key={id}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                )}
              >
                <Icon aria-hidden="true" className={cn('size-4.5', active ? 'text-brand-600' : 'text-gray-500')} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
