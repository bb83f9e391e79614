import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { useSignOutEverywhere } from '@web/features/accounts';
import { FormAlert } from '@web/components/form/form-alert';
import { useEndSession } from '@web/features/accounts';
import { errorMessage } from '@web/lib/server-errors';

interface SignOutEverywhereDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SignOutEverywhereDialog({ open, onOpenChange }: SignOutEverywhereDialogProps) {
  const signOutEverywhere = useSignOutEverywhere();
  const endSession = useEndSession();
  const [ending, setEnding] = useState(false);

  const confirm = async () => {
    try {
      await signOutEverywhere.mutateAsync();
    } catch {
      return;
    }
    setEnding(true);
    // The server has ended this session along with the others.
    await endSession({ reason: 'signed-out', callServer: false });
  };

  const busy = signOutEverywhere.isPending || ending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) signOutEverywhere.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:p-8">
        <DialogTitle>Sign out everywhere?</DialogTitle>
        <DialogDescription>
          This signs you out on every device and browser where you use Vitae, including this one. You will need to sign in again.
        </DialogDescription>
        {signOutEverywhere.isError ? <FormAlert className="mt-4">{errorMessage(signOutEverywhere.error)}</FormAlert> : null}
        <DialogActions
          className="mt-6"
          submitLabel="Sign out everywhere"
          submitVariant="accent"
          onSubmit={() => void confirm()}
          pending={busy}
          cancelVariant="outline"
        />
      </DialogContent>
    </Dialog>
  );
}
