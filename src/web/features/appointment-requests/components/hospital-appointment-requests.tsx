import { useState } from 'react';
import { toast } from 'sonner';
import { APPOINTMENT_REQUEST_STATUS_LABELS } from '@shared/schemas/appointment-requests';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/admin-error-message';
import { ErrorPanel, LoadingPanel } from '@web/features/console';
import { SectionCard } from '@web/features/console';
import { useHospitalAppointmentRequests, useMoveAppointmentRequest } from '../api/appointment-requests';
import { AppointmentRequestList } from './appointment-request-list';

/**
 * The hospital's appointment requests in the console (decision 0021). Opening them reads health
 * information, recorded in the audit log, so they load when the administrator asks.
 */
export function HospitalAppointmentRequests({ hospitalId }: { hospitalId: string }) {
  const [open, setOpen] = useState(false);
  const requests = useHospitalAppointmentRequests(hospitalId, open);
  const move = useMoveAppointmentRequest(hospitalId);

  let body;
  if (!open) {
    body = (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Show the requests
      </Button>
    );
  } else if (requests.isPending) body = <LoadingPanel label="Loading the appointment requests" />;
  else if (requests.isError)
    body = <ErrorPanel title="The appointment requests could not be loaded." error={requests.error} onRetry={() => void requests.refetch()} />;
  else {
    body = (
      <AppointmentRequestList
        items={requests.data.items}
        showProvider
        moving={move.isPending}
        onMove={(request, status) =>
          move.mutate(
            { requestId: request.id, status },
            {
              onSuccess: () => toast.success(`${request.details.name}: ${APPOINTMENT_REQUEST_STATUS_LABELS[status].toLowerCase()}`),
              onError: (error) => toast.error('The request could not be changed', { description: serverMessage(error, 'Please try again.') }),
            },
          )
        }
      />
    );
  }
  return (
    <SectionCard
      id="appointment-requests"
      title="Appointment requests"
      description="Patients’ requests from the public profile pages. They are health information: each time they are shown is recorded in the audit log, and they are deleted after the retention you set."
    >
      {body}
    </SectionCard>
  );
}
