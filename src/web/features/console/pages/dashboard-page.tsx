import { ArrowRight, Building2, KeyRound, LayoutDashboard, LayoutGrid, UsersRound, Activity, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import type { AdminUser } from '@web/lib/admin-session';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { useAdminStats, type AdminStats } from '../api/get-admin-stats';
import { useHospitalName } from '../api/get-hospital-options';
import { consoleSectionsFor } from '../console-sections';
import { formatNumber } from '@web/lib/console-format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { WorkCard } from '../components/work-card';

const STATS: ReadonlyArray<{ key: keyof AdminStats; label: string; hint: string; icon: LucideIcon }> = [
  { key: 'hospitals', label: 'Hospitals', hint: 'Organisations you manage', icon: Building2 },
  { key: 'activeHospitals', label: 'Active hospitals', hint: 'Open to their providers', icon: Activity },
  { key: 'users', label: 'Users', hint: 'Provider accounts', icon: UsersRound },
  { key: 'sectionsConfigured', label: 'Sections configured', hint: 'Visible profile sections', icon: LayoutGrid },
];

function StatCards() {
  const stats = useAdminStats();
  if (stats.isError) {
    return (
      <Notice tone="error" title="The figures could not be loaded.">
        <p>{serverMessage(stats.error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void stats.refetch()} loading={stats.isFetching}>
          Try again
        </Button>
      </Notice>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={stats.isPending || undefined}>
      {STATS.map(({ key, label, hint, icon: Icon }) => (
        <Card key={key} className="flex flex-col gap-3 p-4 sm:p-5">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-gray-600">
            {label}
            <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-500" />
          </dt>
          <dd className="flex flex-col">
            {stats.data ? (
              <span className="text-3xl font-bold tracking-tight text-gray-900 tabular-nums">{formatNumber(stats.data[key])}</span>
            ) : (
              <span className="h-9 w-16 animate-pulse rounded-md bg-gray-100" aria-label="Loading" />
            )}
            <span className="mt-1 text-xs text-gray-500">{hint}</span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}

function QuickLinks({ admin }: { admin: AdminUser }) {
  const links = consoleSectionsFor(admin.role).filter((section) => section.id !== 'dashboard');
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-gray-900">Quick links</h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {links.map(({ id, to, label, summary, icon: Icon }) => (
          <li key={id}>
            <Link to={to} className="group flex items-center gap-3 rounded-lg py-3 hover:text-brand-700">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-gray-500 group-hover:text-brand-600" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-gray-900 group-hover:text-brand-700">{label}</span>
                <span className="block text-xs text-gray-500">{summary}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-gray-400 group-hover:text-brand-600" />
            </Link>
          </li>
        ))}
        <li>
          <Link to="/admin/change-password" className="group flex items-center gap-3 rounded-lg py-3 hover:text-brand-700">
            <KeyRound aria-hidden="true" className="size-5 shrink-0 text-gray-500 group-hover:text-brand-600" />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-gray-900 group-hover:text-brand-700">Change password</span>
              <span className="block text-xs text-gray-500">Set a new password for your account.</span>
            </span>
            <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-gray-400 group-hover:text-brand-600" />
          </Link>
        </li>
      </ul>
    </Card>
  );
}

export function DashboardPage() {
  const admin = useConsoleAdmin();
  const hospitalName = useHospitalName(admin?.role === 'hospital_admin' ? admin.hospital_id : null);
  if (!admin) return null;
  const system = admin.role === 'system_admin';
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={LayoutDashboard}
        eyebrow="Administration console"
        title="Dashboard"
        description={system ? 'Every hospital on Vitae at a glance.' : `${hospitalName ?? 'Your hospital'} at a glance.`}
      />
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Figures
        </h2>
        <StatCards />
      </section>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <WorkCard />
        <QuickLinks admin={admin} />
      </div>
    </div>
  );
}

export { DashboardPage as Component };
