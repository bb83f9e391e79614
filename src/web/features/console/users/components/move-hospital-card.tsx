import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useHospitalOptions } from '@web/lib/hospital-options';
import { serverMessage } from '@web/lib/admin-error-message';
import { apiFetch } from '@web/lib/api-client';
import { hospitalRequestsQueryKey } from '../api/hospital-requests';
import { usersQueryKey, type AdminUserRow } from '../api/users';

/**
 * System administrators only: assign the provider to a hospital, move them to another, or take them
 * out of any (recorded in the audit log). Hospital-scoped settings follow the new hospital at once.
 */
export function MoveHospitalCard({ user, onMoved }: { user: AdminUserRow; onMoved: () => void }) {
  const hospitals = useHospitalOptions();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(user.hospitalId ?? '');
  const move = useMutation({
    mutationFn: (hospitalId: string | null) =>
      apiFetch<{ hospitalName: string | null }>(`/api/admin/users/${encodeURIComponent(user.id)}/hospital`, { method: 'PUT', body: { hospitalId } }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: usersQueryKey }), queryClient.invalidateQueries({ queryKey: hospitalRequestsQueryKey })]),
  });
  const unchanged = target === (user.hospitalId ?? '');
  const onMove = () =>
    move.mutate(target || null, {
      onSuccess: ({ hospitalName }) => {
        toast.success(hospitalName ? `Moved to ${hospitalName}` : 'No longer with a hospital');
        onMoved();
      },
      onError: (error) => toast.error('The provider could not be moved', { description: serverMessage(error, 'Please try again.') }),
    });

  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:p-6">
      <div className="min-w-0 flex-1">
        <label htmlFor="move-hospital" className="text-sm font-medium text-gray-800">
          Hospital
        </label>
        <select
          id="move-hospital"
          value={target}
          disabled={hospitals.isPending}
          onChange={(event) => setTarget(event.target.value)}
          className="mt-1.5 block h-10 w-full rounded-lg border-0 bg-white px-3 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:ring-inset"
        >
          <option value="">None</option>
          {hospitals.data?.map((hospital) => (
            <option key={hospital.id} value={hospital.id}>
              {hospital.name}
            </option>
          ))}
        </select>
      </div>
      <Button variant="outline" onClick={onMove} loading={move.isPending} disabled={unchanged}>
        {move.isPending ? null : <ArrowRightLeft aria-hidden="true" className="size-4" />}
        {user.hospitalId ? 'Move provider' : 'Assign provider'}
      </Button>
    </Card>
  );
}
