import { Check, ExternalLink, EyeOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { DirectoryStatus } from '@shared/enums';
import {
  directorySettingsSchema,
  IDENTITY_CHECK_TEXT,
  type DirectorySettingsInput,
  type DirectorySettingsView,
  type IdentityCheck,
} from '@shared/schemas/directory';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { FormActions, SectionCard } from '../../components/section-card';
import { useDecideListing, useDirectoryListings, useDirectorySettings, useSaveDirectorySettings } from '../api/directory';
import { HospitalAppointmentRequests } from '@web/features/appointment-requests';
import { EmbedSettings } from './embed-settings';

// One form value per setting the server shows (switches stay booleans, the rest are the text typed), so a new
// setting does not compile until the form handles it.
type FormValues = { [K in Exclude<keyof DirectorySettingsView, 'publicPath'>]: DirectorySettingsView[K] extends boolean ? boolean : string };

const toForm = (view: DirectorySettingsView): FormValues => ({
  enabled: view.enabled,
  slug: view.slug ?? '',
  requiresApproval: view.requiresApproval,
  rosterPreApproved: view.rosterPreApproved,
  brandColor: view.brandColor ?? '',
  requestsEnabled: view.requestsEnabled,
  intakeEmail: view.intakeEmail ?? '',
  retentionDays: String(view.retentionDays),
});
const toInput = (values: FormValues): DirectorySettingsInput => ({
  enabled: values.enabled,
  slug: values.slug.trim() ? values.slug.trim() : null,
  requiresApproval: values.requiresApproval,
  rosterPreApproved: values.rosterPreApproved,
  brandColor: values.brandColor.trim() ? values.brandColor.trim() : null,
  requestsEnabled: values.requestsEnabled,
  intakeEmail: values.intakeEmail.trim() ? values.intakeEmail.trim() : null,
  retentionDays: Number(values.retentionDays),
});

function SettingsForm({ hospitalId, view }: { hospitalId: string; view: DirectorySettingsView }) {
  const save = useSaveDirectorySettings(hospitalId);
  const form = useForm<FormValues>({ defaultValues: toForm(view) });
  const { register, formState, reset } = form;
  useEffect(() => {
    if (!formState.isDirty) reset(toForm(view));
  }, [view, reset, formState.isDirty]);

  const onSubmit = form.handleSubmit((values) => {
    // The server's schema, checked here first so a mistake is shown at its field.
    const checked = directorySettingsSchema.safeParse(toInput(values));
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setError(String(issue.path[0]) as keyof FormValues, { message: issue.message }, { shouldFocus: true });
      return;
    }
    save.mutate(toInput(values), {
      onSuccess: (saved) => {
        reset(toForm(saved));
        toast.success('Directory settings saved.');
      },
      onError: (error) => {
        for (const { field, message } of serverFieldErrors(error))
          if (field in values) form.setError(field as keyof FormValues, { message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      {save.isError && serverFieldErrors(save.error).length === 0 ? (
        <Notice tone="error">{serverMessage(save.error, 'The directory settings could not be saved.')}</Notice>
      ) : null}
      <SectionCard
        id="directory-settings"
        title="Public directory"
        description="Patients search your clinicians at this address. Only providers who publish, only the sections you show, and only entries they left visible are public."
        actions={
          view.publicPath ? (
            <a className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline" href={view.publicPath} target="_blank" rel="noreferrer">
              Open the directory
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <label className="flex items-start gap-3 text-sm text-gray-800 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4 rounded border-gray-300" {...register('enabled')} />
            <span>
              <span className="font-medium">Directory on</span>
              <span className="block text-gray-600">Turning it off takes every public page of this hospital down at once.</span>
            </span>
          </label>
          <FormField label="Address" hint="Lower-case letters, digits and hyphens: /find/your-address" error={formState.errors.slug?.message}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                autoComplete="off"
                maxLength={60}
                placeholder="northfield"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('slug')}
              />
            )}
          </FormField>
          <FormField label="Brand colour" hint="The header colour of the public pages, like #1d4ed8." error={formState.errors.brandColor?.message}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                autoComplete="off"
                maxLength={7}
                placeholder="#1d4ed8"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('brandColor')}
              />
            )}
          </FormField>
          <label className="flex items-start gap-3 text-sm text-gray-800 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4 rounded border-gray-300" {...register('requiresApproval')} />
            <span>
              <span className="font-medium">Approve each profile before it is public</span>
              <span className="block text-gray-600">Providers who join on their own always wait for your approval, and so does anyone you took down.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-gray-800 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4 rounded border-gray-300" {...register('rosterPreApproved')} />
            <span>
              <span className="font-medium">Pre-approve your roster</span>
              <span className="block text-gray-600">
                Providers who claim the profile you prepared from your roster are published as soon as they ask, when their e-mail is confirmed and the NPI
                registry&apos;s name matches. Anyone else still waits for your approval.
              </span>
            </span>
          </label>
        </div>
      </SectionCard>
      <SectionCard
        id="appointment-request-settings"
        title="Appointment requests"
        description="Each public profile page offers Call to book and, while requests are on, a short form patients send to your practice. Requests are kept encrypted and deleted after the retention below."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <label className="flex items-start gap-3 text-sm text-gray-800 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4 rounded border-gray-300" {...register('requestsEnabled')} />
            <span>
              <span className="font-medium">Take appointment requests</span>
              <span className="block text-gray-600">Turned off, the profile pages show only Call to book.</span>
            </span>
          </label>
          <FormField
            label="Intake e-mail"
            hint="Where each request is e-mailed. Empty sends them to the hospital’s contact e-mail."
            error={formState.errors.intakeEmail?.message}
          >
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                type="email"
                autoComplete="off"
                maxLength={254}
                placeholder="appointments@example.org"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('intakeEmail')}
              />
            )}
          </FormField>
          <FormField
            label="Keep requests for (days)"
            hint="Older requests are deleted every day. 90 unless you change it."
            error={formState.errors.retentionDays?.message}
          >
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={3650}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('retentionDays')}
              />
            )}
          </FormField>
        </div>
      </SectionCard>
      <FormActions dirty={formState.isDirty} pending={save.isPending} onDiscard={() => reset(toForm(view))} />
    </form>
  );
}

const STATUS_BADGE = {
  pending: { label: 'Waiting for approval', variant: 'coral' },
  published: { label: 'Public', variant: 'success' },
  removed: { label: 'Taken down', variant: 'gray' },
  withdrawn: { label: 'Withdrawn by the provider', variant: 'gray' },
  draft: { label: 'Not asked', variant: 'gray' },
} as const satisfies Record<DirectoryStatus, { label: string; variant: string }>;

/** What the approver should know before deciding: the e-mail check and the registry's name for the NPI. */
function IdentityLine({ check }: { check: IdentityCheck | null }) {
  if (!check) return null;
  const warn = check.nameCheck !== 'match';
  return (
    <p className={warn ? 'text-sm font-medium text-coral-800' : 'text-sm text-gray-600'}>
      {IDENTITY_CHECK_TEXT[check.nameCheck]}
      {check.npi
        ? ` (NPI ${check.npi}${check.registryName ? `: the registry says “${check.registryName}”, the profile says “${check.profileName}”` : ''})`
        : ''}
      .
    </p>
  );
}

/** Taking a listing down asks for the reason the provider is told. */
function TakeDownForm({ name, pending, onConfirm, onCancel }: { name: string; pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <form
      className="flex w-full flex-col gap-2 sm:w-80"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        Why? (told to {name})
      </label>
      <textarea
        id={id}
        className="min-h-16 rounded-md border border-gray-300 p-2 text-sm"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <Button size="sm" type="submit" variant="outline" loading={pending}>
          Take down
        </Button>
        <Button size="sm" type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Listings({ hospitalId }: { hospitalId: string }) {
  const listings = useDirectoryListings(hospitalId);
  const decide = useDecideListing(hospitalId);
  const [takingDown, setTakingDown] = useState<string | null>(null);
  const act = (userId: string, decision: 'approve' | 'unpublish', name: string, reason?: string) =>
    decide.mutate(
      { userId, decision, reason },
      {
        onSuccess: () => {
          setTakingDown(null);
          toast.success(decision === 'approve' ? `${name} is public` : `${name} was taken down`);
        },
        onError: (error) => toast.error('The listing could not be changed', { description: serverMessage(error, 'Please try again.') }),
      },
    );

  let body;
  if (listings.isPending) body = <LoadingPanel label="Loading the listings" />;
  else if (listings.isError) body = <ErrorPanel title="The listings could not be loaded." error={listings.error} onRetry={() => void listings.refetch()} />;
  else if (listings.data.items.length === 0) body = <p className="text-sm text-gray-600">No provider has asked to publish yet.</p>;
  else {
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Directory listings">
        {listings.data.items.map((listing) => {
          const badge = STATUS_BADGE[listing.status];
          const name = listing.fullName ?? listing.email;
          return (
            <li key={listing.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {listing.publicPath ? (
                    <a className="underline" href={listing.publicPath} target="_blank" rel="noreferrer">
                      {name}
                    </a>
                  ) : (
                    name
                  )}
                </p>
                <p className="text-sm text-gray-600">{listing.email}</p>
                {listing.status === 'pending' ? <IdentityLine check={listing.identityCheck} /> : null}
                {listing.status === 'removed' && listing.reason ? <p className="text-sm text-gray-600">Reason given: {listing.reason}</p> : null}
              </div>
              {takingDown === listing.userId ? (
                <TakeDownForm
                  name={name}
                  pending={decide.isPending}
                  onConfirm={(reason) => act(listing.userId, 'unpublish', name, reason)}
                  onCancel={() => setTakingDown(null)}
                />
              ) : (
                <div className="flex items-center gap-2">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  {listing.status === 'pending' ? (
                    <Button size="sm" onClick={() => act(listing.userId, 'approve', name)} disabled={decide.isPending} aria-label={`Approve ${name}`}>
                      <Check aria-hidden="true" className="size-4" />
                      Approve
                    </Button>
                  ) : null}
                  {listing.status === 'pending' || listing.status === 'published' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setTakingDown(listing.userId)}
                      disabled={decide.isPending}
                      aria-label={`Take down ${name}`}
                    >
                      <EyeOff aria-hidden="true" className="size-4" />
                      {listing.status === 'pending' ? 'Decline' : 'Take down'}
                    </Button>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <SectionCard id="directory-listings" title="Providers in the directory" description="Requests waiting for approval come first.">
      {body}
    </SectionCard>
  );
}

/** The hospital's public find-a-doctor directory: its settings and who is in it. */
export function DirectoryTab({ hospitalId }: { hospitalId: string }) {
  const settings = useDirectorySettings(hospitalId);
  if (settings.isPending) return <LoadingPanel label="Loading the directory settings" />;
  if (settings.isError)
    return <ErrorPanel title="The directory settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm hospitalId={hospitalId} view={settings.data} />
      <EmbedSettings hospitalId={hospitalId} />
      <Listings hospitalId={hospitalId} />
      <HospitalAppointmentRequests hospitalId={hospitalId} />
    </div>
  );
}
