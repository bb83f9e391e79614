import { Check, UserPlus, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { useDecideHospitalRequest, useHospitalRequests } from '../api/hospital-requests';

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : 'Please try again.');

/**
 * Providers who asked to join the hospital. Nothing shows while there are none; approving assigns the
 * provider (audit log entry, notification), declining tells them.
 */
export function HospitalRequestsPanel({ system }: { system: boolean }) {
  const requests = useHospitalRequests();
  const decide = useDecideHospitalRequest();
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;

  const onDecide = (id: string, name: string, decision: 'approve' | 'decline') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: (answered) => toast.success(decision === 'approve' ? `${name} joined ${answered.hospitalName}` : `Request from ${name} declined`),
        onError: (error) => toast.error('The request could not be answered', { description: failure(error) }),
      },
    );

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="hospital-requests-heading">
        <div className="flex items-center gap-2 border-b border-gray-200 bg-brand-50/60 px-5 py-3">
          <UserPlus aria-hidden="true" className="size-4 text-brand-700" />
          <h2 id="hospital-requests-heading" className="text-sm font-semibold text-gray-900">
            Requests to join ({items.length})
          </h2>
        </div>
        <ul className="divide-y divide-gray-100">
          {items.map((request) => {
            const name = request.user.fullName || request.user.email;
            const busy = decide.isPending && decide.variables?.id === request.id ? decide.variables.decision : null;
            return (
              <li key={request.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-gray-900">{name}</p>
                  <p className="text-xs text-gray-600">
                    {request.user.email}
                    {request.user.npiNumber ? ` · NPI ${request.user.npiNumber}` : ''}
                    {system ? ` · asks to join ${request.hospitalName}` : ''} · {new Date(request.createdAt).toLocaleDateString()}
                  </p>
                  {request.message ? <p className="mt-1 text-sm [overflow-wrap:anywhere] text-gray-700">“{request.message}”</p> : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    onClick={() => onDecide(request.id, name, 'approve')}
                    loading={busy === 'approve'}
                    disabled={busy !== null}
                    aria-label={`Approve ${name}`}
                  >
                    {busy === 'approve' ? null : <Check aria-hidden="true" className="size-4" />}
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onDecide(request.id, name, 'decline')}
                    loading={busy === 'decline'}
                    disabled={busy !== null}
                    aria-label={`Decline ${name}`}
                  >
                    {busy === 'decline' ? null : <X aria-hidden="true" className="size-4" />}
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
