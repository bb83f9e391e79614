import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Button, type ButtonVariant } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Side panel on small screens (navigation drawers) instead of a centred box. */
  placement?: 'center' | 'left';
  hideClose?: boolean;
}

export function DialogContent({ className, children, placement = 'center', hideClose = false, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-gray-950/50 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-white shadow-xl focus:outline-none',
          placement === 'center' && 'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6',
          placement === 'left' && 'inset-y-0 left-0 w-80 max-w-[85vw] overflow-y-auto p-4',
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-gray-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1 text-sm leading-6 text-gray-600', className)} {...props} />;
}

interface DialogActionsProps {
  /** The main button's text; null: only the close button (a read-only dialog). */
  submitLabel: ReactNode;
  /** Runs the action; without it the main button submits the dialog's form. */
  onSubmit?: () => void;
  pending?: boolean;
  disabled?: boolean;
  cancelLabel?: string;
  cancelVariant?: 'ghost' | 'outline';
  submitVariant?: ButtonVariant;
  submitClassName?: string;
  /** Replaces the footer's default top margin (`mt-2`). */
  className?: string;
}

/** A dialog's footer: Cancel (closes, held while the action runs) and the main button, stacked on phones. */
export function DialogActions({
  submitLabel,
  onSubmit,
  pending = false,
  disabled,
  cancelLabel = 'Cancel',
  cancelVariant = 'ghost',
  submitVariant,
  submitClassName,
  className,
}: DialogActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className ?? 'mt-2')}>
      <DialogClose asChild>
        <Button variant={cancelVariant} disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      {submitLabel === null ? null : (
        <Button
          type={onSubmit ? 'button' : 'submit'}
          variant={submitVariant}
          onClick={onSubmit}
          disabled={disabled}
          loading={pending}
          className={submitClassName}
        >
          {submitLabel}
        </Button>
      )}
    </div>
  );
}
