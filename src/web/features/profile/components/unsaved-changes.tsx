import { TriangleAlert } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';

/**
 * Guards a page with forms against losing typed changes: navigating inside the app asks first (React
 * Router's blocker and a dialog), closing or reloading the tab gets the browser's own prompt. Forms
 * report whether they are dirty with `useReportUnsaved`; the page is guarded while any of them is.
 *
 * Going to /login is never held back: that is the session ending (sign-out, idle logout), which
 * has already happened on the server.
 */

const UnsavedContext = createContext<((key: string, dirty: boolean) => void) | null>(null);

/** Paths the guard never blocks. */
const UNBLOCKED_PATHS = ['/login'];

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((key: string, dirty: boolean) => {
    setDirtyKeys((current) => {
      if (current.has(key) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = dirtyKeys.size > 0;

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <UnsavedChangesGuard when={dirty} />
    </UnsavedContext.Provider>
  );
}

/** Tells the page's guard whether this form has unsaved changes (cleared when the form unmounts). */
export function useReportUnsaved(key: string, dirty: boolean) {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report?.(key, false), [report, key]);
}

/** The blocker, the confirm dialog and the `beforeunload` prompt, active while `when` is true. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        when && currentLocation.pathname !== nextLocation.pathname && !UNBLOCKED_PATHS.includes(nextLocation.pathname),
      [when],
    ),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved (or reverted) while the dialog was up: nothing left to lose, so go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onOpenChange={(next) => (!next && blocker.state === 'blocked' ? blocker.reset() : undefined)}>
      <DialogContent hideClose aria-describedby="unsaved-changes-description">
        <div className="flex gap-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-coral-50 text-coral-600 ring-1 ring-coral-100">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <DialogTitle>Leave without saving?</DialogTitle>
            <DialogDescription id="unsaved-changes-description">
              You have changes on this page that are not saved yet. If you leave now, they will be lost.
            </DialogDescription>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            Leave without saving
          </Button>
          <Button autoFocus onClick={() => blocker.state === 'blocked' && blocker.reset()}>
            Stay on this page
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
