import { Clock } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { formatCountdown } from './inactivity-machine';

interface InactivityWarningDialogProps {
  open: boolean;
  remainingMs: number;
  onStay: () => void;
  onLogout: () => void;
  staying?: boolean;
  loggingOut?: boolean;
}

const keepOpen = (event: Event) => event.preventDefault();

/**
 * Five minutes before the automatic logout. It cannot be dismissed (no close button, Escape or
 * click outside): the person has to choose, or the countdown chooses for them.
 */
export function InactivityWarningDialog({ open, remainingMs, onStay, onLogout, staying = false, loggingOut = false }: InactivityWarningDialogProps) {
  const countdown = formatCountdown(remainingMs);
  return (
    <Dialog open={open}>
      <DialogContent
        role="alertdialog"
        hideClose
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        className="max-w-md text-center sm:p-8"
      >
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-coral-50 text-coral-600 ring-1 ring-coral-100">
          <Clock aria-hidden="true" className="size-6" />
        </span>
        <DialogTitle className="mt-4 text-xl">Are you still there?</DialogTitle>
        <DialogDescription className="mt-2">
          For your security, you will be logged out after 30 minutes without activity. Anything you have not saved will be lost.
        </DialogDescription>
        <p className="mt-6 text-sm font-medium text-gray-600">Logging out in</p>
        <p role="timer" aria-label={`Logging out in ${countdown}`} className="mt-1 font-mono text-4xl font-bold tracking-tight text-gray-900 tabular-nums">
          {countdown}
        </p>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={onLogout} loading={loggingOut} disabled={staying}>
            Log out now
          </Button>
          <Button onClick={onStay} loading={staying} disabled={loggingOut} autoFocus>
            Stay Logged In
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
