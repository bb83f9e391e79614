import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { initialsOf } from '@shared/names';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { useSession } from '@web/lib/session';
import { useEndSession } from '../hooks/use-end-session';

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-offset-[-2px]';

/** The signed-in member's name with Settings and Sign out, in the member header. */
export function AccountMenu() {
  const { data } = useSession();
  const user = data?.user;
  const endSession = useEndSession();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !containerRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
    };
    const container = containerRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    container?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      container?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  if (!user) return null;
  const name = user.fullName || user.email;

  const signOut = async () => {
    setSigningOut(true);
    await endSession({ reason: 'signed-out' });
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((shown) => !shown)}
        className="flex cursor-pointer items-center gap-2 rounded-full p-1 text-gray-700 transition-colors hover:bg-gray-100 sm:pr-3"
      >
        <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
          {initialsOf(user.fullName, user.email)}
        </span>
        <span className="hidden max-w-48 truncate text-sm font-medium sm:block">{name}</span>
        <ChevronDown aria-hidden="true" className={cn('hidden size-4 text-gray-500 transition-transform sm:block', open && 'rotate-180')} />
      </button>

      {open ? (
        <nav
          id={panelId}
          aria-label="Account"
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg"
        >
          <div className="border-b border-gray-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-gray-900">{user.fullName || 'Your account'}</p>
            <p className="truncate text-sm text-gray-600" title={user.email}>
              {user.email}
            </p>
          </div>
          <ul className="pt-1.5">
            <li>
              <Link to="/settings" onClick={() => setOpen(false)} className={itemClass}>
                <Settings aria-hidden="true" className="size-4 text-gray-500" />
                Settings
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()} disabled={signingOut} className={itemClass}>
                {signingOut ? <Spinner size="sm" label="" className="text-gray-500" /> : <LogOut aria-hidden="true" className="size-4 text-gray-500" />}
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
