import { ArrowLeft, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { serverMessage } from '@web/lib/admin-error-message';
import { isApiError } from '@web/lib/api-client';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { formatDate, formatDateTime } from '@web/lib/console-format';
import { useDeleteUser, useSyncAuthStatus, useUserProfile, type AdminUserRow } from '../api/users';
import { CompletionMeter } from '../components/completion-meter';
import { ProfileSectionsView } from '../components/profile-sections-view';
import { MoveHospitalCard } from '../components/move-hospital-card';
import { ProviderHistoryCard } from '../components/provider-history-card';
import { DeleteUserDialog } from '../components/users-list';
import { displayName, USER_TIER_LABELS } from '../lib/labels';
import { useConsoleAdmin } from '../../lib/use-console-admin';

function Summary({ user }: { user: AdminUserRow }) {
  const items: Array<[string, ReactNode]> = [
    ['E-mail', user.email],
    ['Hospital', user.hospitalName ?? 'None'],
    ['Job title', user.jobTitle ?? '—'],
    ['NPI', user.npiNumber ? <span className="font-mono">{user.npiNumber}</span> : '—'],
    ['Profile completion', <CompletionMeter key="completion" value={user.profileCompletionPercentage} />],
    ['Feedback tier', USER_TIER_LABELS[user.tier]],
    ['Last sign-in', user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'],
    ['Joined', formatDate(user.createdAt)],
  ];
  return (
    <Card className="p-5 sm:p-6">
      <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 xl:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-gray-500">{label}</dt>
            <dd className="mt-0.5 text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function UserProfilePage() {
  const { userId = '' } = useParams();
  const profile = useUserProfile(userId);
  const sync = useSyncAuthStatus();
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const admin = useConsoleAdmin();

  const back = (
    <Link to="/system-admin/users" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All users
    </Link>
  );

  if (profile.isPending) return <LoadingPanel label="Loading the profile" />;
  if (profile.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        {isApiError(profile.error, 404) ? (
          <PageHeader icon={UserRound} title="User not found" description="The account may have been deleted, or belongs to another hospital." />
        ) : (
          <ErrorPanel title="The profile could not be loaded." error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </div>
    );
  }

  const { user, sections, provenance, overrides } = profile.data;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <PageHeader
        icon={UserRound}
        title={displayName(user)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {user.status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="coral">Pending</Badge>}
            {user.emailVerified ? <Badge variant="gray">E-mail confirmed</Badge> : <Badge variant="gray">E-mail unconfirmed</Badge>}
            <span className="text-sm">Read-only view of the provider’s profile.</span>
          </span>
        }
        actions={
          <>
            <Button
              variant="outline"
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(user.id, {
                  onSuccess: (after) => {
                    void profile.refetch();
                    toast.success(after.status === user.status ? 'The sign-in status is up to date.' : `${displayName(after)} is now ${after.status}.`);
                  },
                  onError: (error) => toast.error(serverMessage(error, 'Unable to sync auth status - admin privileges or database function required')),
                })
              }
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Sync status
            </Button>
            <Button
              variant="outline"
              className="text-red-700! hover:bg-red-50!"
              onClick={() => {
                remove.reset();
                setDeleting(user);
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </>
        }
      />
      <Summary user={user} />
      {admin?.role === 'system_admin' ? <MoveHospitalCard key={user.hospitalId ?? 'none'} user={user} onMoved={() => void profile.refetch()} /> : null}
      <ProfileSectionsView sections={sections} provenance={provenance} overrides={overrides} />
      <ProviderHistoryCard userId={user.id} />
      <div>
        <Link to="/system-admin/users" className={buttonClasses({ variant: 'outline' })}>
          Back to all users
        </Link>
      </div>
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        mutation={remove}
        onDeleted={() => void navigate('/system-admin/users', { replace: true })}
      />
    </div>
  );
}

export { UserProfilePage as Component };
