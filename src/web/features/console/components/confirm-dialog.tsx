import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Notice } from '@web/components/ui/notice';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The server's refusal, shown in the dialog so the reason is read where the action was taken. */
  error?: string | null;
  destructive?: boolean;
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, pending, error, destructive }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog">
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{description}</div>
        </DialogDescription>
        {error ? (
          <Notice tone="error" className="mt-4">
            {error}
          </Notice>
        ) : null}
        <DialogActions
          className="mt-6"
          submitLabel={confirmLabel}
          onSubmit={onConfirm}
          pending={pending}
          submitClassName={destructive ? 'bg-red-600 hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-600' : undefined}
        />
      </DialogContent>
    </Dialog>
  );
}
