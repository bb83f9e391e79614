import { ChevronDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useHospitalName } from '@web/features/console';
import { cn } from '@web/lib/cn';
import type { AdminUser } from '@web/lib/admin-session';
import { roleLabel } from '@web/lib/admin-roles';
import { useAdminSignOut } from '../lib/use-admin-sign-out';

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:bg-gray-100 disabled:opacity-60';

/**
 * The administrator's account in the header: who is signed in (and for which hospital), change
 * password and sign out. A disclosure rather than an ARIA menu: plain links and buttons, Tab works.
 */
export function AdminAccountMenu({ admin }: { admin: AdminUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { signOut, pending } = useAdminSignOut();
  const hospitalName = useHospitalName(admin.role === 'hospital_admin' ? admin.hospital_id : null);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex max-w-[16rem] items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white"
      >
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white/10 text-white">
          <UserRound aria-hidden="true" className="size-4" />
        </span>
        <span className="hidden min-w-0 flex-col items-start text-left sm:flex">
          <span className="max-w-[12rem] truncate text-white">{admin.full_name || admin.email}</span>
          {hospitalName ? <span className="max-w-[12rem] truncate text-xs text-brand-200">{hospitalName}</span> : null}
        </span>
        <span className="sr-only">Account menu for {admin.email}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-72 origin-top-right rounded-xl border border-gray-200 bg-white p-2 text-gray-900 shadow-lg"
      >
        <div className="border-b border-gray-100 px-3 pt-1 pb-3">
          <p className="truncate text-sm font-semibold" title={admin.email}>
            {admin.full_name || admin.email}
          </p>
          {admin.full_name ? (
            <p className="truncate text-xs text-gray-600" title={admin.email}>
              {admin.email}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-gray-600">
            {roleLabel(admin.role)}
            {hospitalName ? ` · ${hospitalName}` : null}
          </p>
        </div>
        <ul className="pt-2">
          {admin.must_change_password ? null : (
            <li>
              <Link to="/admin/change-password" className={itemClasses}>
                <KeyRound aria-hidden="true" className="size-4 text-gray-500" />
                Change password
              </Link>
            </li>
          )}
          <li>
            <button type="button" className={itemClasses} onClick={() => void signOut()} disabled={pending}>
              {pending ? <Spinner size="sm" label="" className="text-gray-500" /> : <LogOut aria-hidden="true" className="size-4 text-gray-500" />}
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
