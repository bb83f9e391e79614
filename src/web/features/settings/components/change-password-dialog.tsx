import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AUTH_MESSAGES, changePasswordSchema } from '@shared/schemas/auth';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { useChangePassword } from '@web/features/accounts';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { FormAlert } from '@web/components/form/form-alert';
import { PasswordField } from '@web/components/form/password-field';
import { PasswordStrengthHint } from '@web/components/form/password-strength-hint';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';

/** The server's rules plus the confirmation, which only the browser checks. */
const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
type ChangePasswordOutput = z.output<typeof changePasswordFormSchema>;

const DEFAULTS: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true };

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues, unknown, ChangePasswordOutput>({
    defaultValues: DEFAULTS,
    resolver: zodResolver(changePasswordFormSchema),
    reValidateMode: 'onSubmit',
  });

  const setOpen = (next: boolean) => {
    if (!next) {
      reset(DEFAULTS);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['currentPassword', 'newPassword']).length === 0) setFormError(errorMessage(error));
      return;
    }
    toast.success('Password changed', {
      description: revokeOtherSessions ? 'Your other devices have been signed out.' : 'Use your new password next time you sign in.',
    });
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : setOpen(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:p-8">
        <DialogTitle>Change password</DialogTitle>
        <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { onChange: () => clearErrors('currentPassword') })}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            hint={<PasswordStrengthHint password={watch('newPassword')} />}
            {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
          />
          <CheckboxField
            label="Sign out of other devices"
            description="Recommended if you think someone else may know your old password."
            {...register('revokeOtherSessions')}
          />
          <DialogActions submitLabel="Change password" pending={isSubmitting} cancelVariant="outline" className="pt-2" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
