import { ExternalLink, Globe, EyeOff, MailCheck } from 'lucide-react';
import type { DirectoryStatus } from '@shared/enums';
import { IDENTITY_CHECK_TEXT } from '@shared/schemas/directory';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormAlert } from '@web/components/form/form-alert';
import { useSendVerificationEmail } from '@web/features/accounts';
import { errorMessage } from '@web/lib/server-errors';
import { useMyListing, useSetMyListing } from '../api/directory-listing';

const STATUS_TEXT = {
  draft: 'Your profile is not in the public directory.',
  pending: 'Your request to publish is waiting for your hospital’s approval.',
  published: 'Your profile is public.',
  withdrawn: 'You took your profile out of the public directory.',
  removed: 'Your hospital took your profile out of its public directory. You can ask again; your hospital will review it.',
} as const satisfies Record<DirectoryStatus, string>;

/** Publishing needs a confirmed e-mail address: a link clicked in the inbox. */
function ConfirmEmail() {
  const send = useSendVerificationEmail();
  return (
    <div className="space-y-2 rounded-md bg-gray-50 p-3 text-sm text-gray-800">
      <p>Before your profile can be public, confirm your e-mail address: open the link we e-mail you.</p>
      {send.isSuccess ? (
        <p role="status">We sent the link to {send.data.email}. Open it, then come back here.</p>
      ) : (
        <Button
          size="sm"
          variant="outline"
          // On a phone the label is wider than the grey box: it wraps instead of sticking out of it.
          className="h-auto min-h-9 max-w-full py-1.5 whitespace-normal"
          loading={send.isPending}
          onClick={() => send.mutate(undefined, { onError: (failure) => toast.error('The link could not be sent', { description: errorMessage(failure) }) })}
        >
          <MailCheck aria-hidden="true" className="size-4" />
          E-mail me the confirmation link
        </Button>
      )}
    </div>
  );
}

/**
 * The provider's public profile in their hospital's find-a-doctor directory: off by default; only the
 * sections the hospital shows and the entries the provider left visible are public.
 */
export function PublicProfileCard() {
  const listing = useMyListing();
  const change = useSetMyListing();
  const view = listing.data;

  const set = (publish: boolean) =>
    change.mutate(publish, {
      onSuccess: (next) =>
        toast.success(
          next.status === 'published'
            ? 'Your profile is public'
            : next.status === 'pending'
              ? 'Sent to your hospital for approval'
              : 'Your profile is no longer public',
        ),
      onError: (failure) => toast.error('The directory could not be updated', { description: errorMessage(failure) }),
    });

  let body;
  if (listing.isPending) body = <p className="text-sm text-gray-600">Loading…</p>;
  else if (listing.isError) body = <FormAlert title="Your directory listing could not be loaded">{errorMessage(listing.error)}</FormAlert>;
  else if (!view?.hospital) body = <p className="text-sm text-gray-700">Join a hospital first: its public directory is where patients find your profile.</p>;
  else {
    const on = view.status === 'published' || view.status === 'pending';
    body = (
      <div className="space-y-3">
        <p role="status" className="text-sm text-gray-700">
          {STATUS_TEXT[view.status]}
          {!view.hospital.directoryEnabled ? ` ${view.hospital.name} has not opened its public directory yet; your choice takes effect when it does.` : ''}
        </p>
        {view.status === 'removed' && view.reason ? <p className="text-sm text-gray-700">Their reason: {view.reason}</p> : null}
        {view.status === 'pending' && view.identityCheck && view.identityCheck.nameCheck !== 'match' ? (
          <p className="text-sm text-gray-700">{IDENTITY_CHECK_TEXT[view.identityCheck.nameCheck]}: your hospital will check it before approving.</p>
        ) : null}
        {!on && !view.emailConfirmed ? <ConfirmEmail /> : null}
        {view.publicPath ? (
          <p className="text-sm">
            <a className="inline-flex items-center gap-1 font-medium text-brand-700 underline" href={view.publicPath} target="_blank" rel="noreferrer">
              See your public page
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        {on ? (
          <Button variant="outline" loading={change.isPending} onClick={() => set(false)}>
            {change.isPending ? null : <EyeOff aria-hidden="true" className="size-4" />}
            {view.status === 'pending' ? 'Withdraw request' : 'Take my profile down'}
          </Button>
        ) : (
          <Button loading={change.isPending} disabled={!view.emailConfirmed} onClick={() => set(true)}>
            {change.isPending ? null : <Globe aria-hidden="true" className="size-4" />}
            Ask to publish my profile
          </Button>
        )}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Public profile</CardTitle>
        <CardDescription>
          Patients find you in your hospital’s find-a-doctor directory. Only the sections your hospital shows and the entries you left visible are public.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
