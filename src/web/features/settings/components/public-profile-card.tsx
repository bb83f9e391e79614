import { ExternalLink, Globe, EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormAlert } from '@web/features/accounts/components/form-alert';
import { errorMessage } from '@web/features/accounts/lib/server-errors';
import { useMyListing, useSetMyListing } from '../api/directory-listing';

const STATUS_TEXT = {
  off: 'Your profile is not in the public directory.',
  pending: 'Your request to publish is waiting for your hospital’s approval.',
  published: 'Your profile is public.',
  removed: 'Your hospital took your profile out of its public directory. You can ask to publish it again.',
} as const;

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
        toast.success(next.status === 'published' ? 'Your profile is public' : next.status === 'pending' ? 'Sent to your hospital for approval' : 'Your profile is no longer public'),
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
          <Button loading={change.isPending} onClick={() => set(true)}>
            {change.isPending ? null : <Globe aria-hidden="true" className="size-4" />}
            {view.status === 'removed' || view.hospital.requiresApproval ? 'Ask to publish my profile' : 'Publish my profile'}
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
