import { Users } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { useHospitalName } from '../../api/get-hospital-options';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { HospitalRequestsPanel } from '../components/hospital-requests-panel';
import { UsersList } from '../components/users-list';

export function UsersPage() {
  const actor = useConsoleAdmin();
  const hospitalName = useHospitalName(actor?.role === 'hospital_admin' ? actor.hospital_id : null);
  if (!actor) return null;
  const system = actor.role === 'system_admin';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Users}
        title="Users"
        description={
          system
            ? 'Provider accounts across all hospitals: profile completion, status and feedback tier.'
            : `Provider accounts of ${hospitalName ?? 'your hospital'}.`
        }
      />
      <HospitalRequestsPanel system={system} />
      <UsersList system={system} />
    </div>
  );
}

export { UsersPage as Component };
