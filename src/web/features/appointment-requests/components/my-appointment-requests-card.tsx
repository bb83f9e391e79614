import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/server-errors';
import { useMyAppointmentRequests } from '../api/appointment-requests';
import { AppointmentRequestList } from './appointment-request-list';

/** The provider's own appointment requests from their public page; loaded (and audited) when asked for. */
export function MyAppointmentRequestsCard() {
  const [open, setOpen] = useState(false);
  const requests = useMyAppointmentRequests(open);
  let body;
  if (!open) {
    body = (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Show my requests
      </Button>
    );
  } else if (requests.isPending) body = <p className="text-sm text-gray-600">Loading your requests…</p>;
  else if (requests.isError) body = <p className="text-sm text-coral-800">{errorMessage(requests.error)}</p>;
  else body = <AppointmentRequestList items={requests.data.items} showProvider={false} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appointment requests</CardTitle>
        <CardDescription>
          Patients who asked for an appointment from your public profile. Your practice contacts them; your hospital marks each one contacted, booked or closed.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
