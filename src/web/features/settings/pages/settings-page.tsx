import { KeyRound, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/session';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { HospitalMembershipCard } from '../components/hospital-membership-card';
import { NpiClaimCard } from '../components/npi-claim-card';
import { ProfileCard } from '../components/profile-card';
import { PublicProfileCard } from '@web/features/publishing';
import { MyAppointmentRequestsCard } from '@web/features/appointment-requests';
import { SignOutEverywhereDialog } from '../components/sign-out-everywhere-dialog';

export function SettingsPage() {
  const { data } = useSession();
  const user = data?.user;
  const [dialog, setDialog] = useState<'password' | 'everywhere' | null>(null);

  return (
    <div className="space-y-8">
      <PageHeader icon={Settings} title="Settings" description={<p>Your name, your hospital, how you sign in, and where you are signed in.</p>} />

      {user ? <ProfileCard user={user} /> : <PageSpinner label="Loading your account" />}

      <HospitalMembershipCard />

      <PublicProfileCard />

      <MyAppointmentRequestsCard />

      <NpiClaimCard />

      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Change the password you use to sign in. You can sign out of your other devices at the same time.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => setDialog('password')}>
            <KeyRound aria-hidden="true" className="size-4" />
            Change password
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Signed in on a shared or lost device? Sign out everywhere ends every session of your account, including this one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => setDialog('everywhere')}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out everywhere
          </Button>
        </CardContent>
      </Card>

      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={(open) => setDialog(open ? 'password' : null)} />
      <SignOutEverywhereDialog open={dialog === 'everywhere'} onOpenChange={(open) => setDialog(open ? 'everywhere' : null)} />
    </div>
  );
}

export { SettingsPage as Component };
