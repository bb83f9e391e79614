import { Building2, Send, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useHospitalOptions } from '@web/lib/hospital-options';
import { FormAlert } from '@web/components/form/form-alert';
import { SelectField } from '@web/components/form/select-field';
import { errorMessage } from '@web/lib/server-errors';
import { useCancelHospitalRequest, useMyHospital, useRequestHospital } from '../api/hospital-membership';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function RequestForm() {
  const hospitals = useHospitalOptions();
  const request = useRequestHospital();
  const [hospitalId, setHospitalId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hospitalId) {
      setError('Please choose a hospital.');
      return;
    }
    setError(null);
    request.mutate(
      { hospitalId, message },
      {
        onSuccess: (sent) => toast.success('Request sent', { description: `${sent.hospitalName} will answer in your notifications.` }),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {error ? (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      ) : null}
      <SelectField label="Hospital to join" disabled={hospitals.isPending} value={hospitalId} onChange={(event) => setHospitalId(event.target.value)}>
        <option value="">{hospitals.isPending ? 'Loading hospitals…' : 'Choose a hospital'}</option>
        {hospitals.data?.map((hospital) => (
          <option key={hospital.id} value={hospital.id}>
            {hospital.name}
          </option>
        ))}
      </SelectField>
      <div>
        <label htmlFor="hospital-request-message" className="text-sm font-medium text-gray-800">
          Message to its administrators <span className="font-normal text-gray-500">(optional)</span>
        </label>
        <textarea
          id="hospital-request-message"
          rows={3}
          maxLength={500}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          placeholder="For example, your department and when you joined."
          className="mt-1.5 block w-full rounded-lg border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-600 focus:ring-inset"
        />
      </div>
      <Button type="submit" loading={request.isPending}>
        {request.isPending ? null : <Send aria-hidden="true" className="size-4" />}
        Request to join
      </Button>
    </form>
  );
}

/**
 * The provider's hospital. Without one, the provider asks a hospital to add them; its administrators
 * (or a system administrator) answer, and only an administrator moves a provider between hospitals.
 */
export function HospitalMembershipCard() {
  const mine = useMyHospital();
  const cancel = useCancelHospitalRequest();
  const hospital = mine.data?.hospital ?? null;
  const request = mine.data?.request ?? null;

  let body;
  if (mine.isPending) body = <p className="text-sm text-gray-600">Loading…</p>;
  else if (mine.isError) body = <FormAlert title="Your hospital could not be loaded">{errorMessage(mine.error)}</FormAlert>;
  else if (hospital) {
    body = (
      <p className="flex items-start gap-2 text-sm leading-6 text-gray-700">
        <Building2 aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand-600" />
        {/* One flex item: bare text beside the strong would become three columns on a phone. */}
        <span>
          You belong to <strong className="font-semibold text-gray-900">{hospital.name}</strong>. To move to another hospital, ask its administrators.
        </span>
      </p>
    );
  } else if (request?.status === 'pending') {
    body = (
      <div className="space-y-3">
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">
          Your request to join <strong className="font-semibold">{request.hospitalName}</strong> was sent on {dateOf(request.createdAt)}. Its administrators
          will answer in your notifications.
        </p>
        <Button
          variant="outline"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, { onError: (failure) => toast.error('The request could not be cancelled', { description: errorMessage(failure) }) })
          }
        >
          {cancel.isPending ? null : <X aria-hidden="true" className="size-4" />}
          Cancel request
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        {request?.status === 'declined' ? (
          <p className="rounded-lg bg-coral-50 px-3 py-2 text-sm text-coral-900 ring-1 ring-coral-200 ring-inset">
            {request.hospitalName} declined your request{request.decidedAt ? ` on ${dateOf(request.decidedAt)}` : ''}.
          </p>
        ) : null}
        <RequestForm />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Hospital</CardTitle>
        <CardDescription>
          Your hospital decides which profile sections you see, its terms and locations, and whether your profile is filled from its directory.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
