import {
  APPOINTMENT_REQUEST_NEXT,
  APPOINTMENT_REQUEST_STATUS_LABELS,
  type AppointmentRequestStatus,
  type AppointmentRequestView,
} from '@shared/schemas/appointment-requests';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';

const STATUS_VARIANT = { new: 'coral', contacted: 'brand', booked: 'success', closed: 'gray' } as const satisfies Record<AppointmentRequestStatus, string>;

const MOVE_LABEL: Record<AppointmentRequestStatus, string> = { new: 'New', contacted: 'Mark contacted', booked: 'Mark booked', closed: 'Close' };

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Patients' appointment requests, newest first, with their details; `onMove` adds the status buttons. */
export function AppointmentRequestList({
  items,
  showProvider,
  onMove,
  moving,
}: {
  items: AppointmentRequestView[];
  showProvider: boolean;
  onMove?: (request: AppointmentRequestView, status: AppointmentRequestStatus) => void;
  moving?: boolean;
}) {
  if (items.length === 0) return <p className="text-sm text-gray-600">No appointment requests yet.</p>;
  return (
    <ul className="divide-y divide-gray-100" aria-label="Appointment requests">
      {items.map((request) => {
        const { details } = request;
        return (
          <li key={request.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1 text-sm text-gray-700">
              <p className="font-medium text-gray-900">
                {details.name} <span className="font-normal text-gray-600">· {details.patient === 'new' ? 'new patient' : 'existing patient'}</span>
              </p>
              <p>
                {details.phone ? (
                  <a className="underline" href={`tel:${details.phone.replace(/[^\d+]/g, '')}`}>
                    {details.phone}
                  </a>
                ) : null}
                {details.phone && details.email ? ' · ' : null}
                {details.email ? (
                  <a className="underline" href={`mailto:${details.email}`}>
                    {details.email}
                  </a>
                ) : null}
              </p>
              {details.reason ? <p className="whitespace-pre-wrap break-words">“{details.reason}”</p> : null}
              <p className="text-gray-600">
                {[
                  details.preferredTimes ? `Prefers ${details.preferredTimes}` : null,
                  details.insurance ? `Insurance: ${details.insurance}` : null,
                  showProvider && request.provider.name ? `For ${request.provider.name}` : null,
                  `Sent ${when(request.createdAt)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_VARIANT[request.status]}>{APPOINTMENT_REQUEST_STATUS_LABELS[request.status]}</Badge>
              {onMove
                ? APPOINTMENT_REQUEST_NEXT[request.status].map((next) => (
                    <Button
                      key={next}
                      size="sm"
                      variant={next === 'closed' ? 'ghost' : 'outline'}
                      disabled={moving}
                      onClick={() => onMove(request, next)}
                      aria-label={`${MOVE_LABEL[next]}: ${details.name}`}
                    >
                      {MOVE_LABEL[next]}
                    </Button>
                  ))
                : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
