import { ArrowRight, Download, LayoutDashboard, PartyPopper, RotateCw } from 'lucide-react';
import { PendingUpdatesNotice } from '@web/features/pending-updates';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '@web/lib/use-hydrated';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useSession } from '@web/lib/session';
import { FormAlert } from '@web/components/form/form-alert';
import { errorText } from '@web/lib/section-server-errors';
import { PublicProfileCard } from '@web/features/publishing';
import { SyncFromDirectoryButton } from '@web/features/yext';
import { useDashboard, type Dashboard } from '@web/lib/dashboard';
import { useExportProfile } from '../api/export-profile';
import { CompletionCard } from '../components/completion-card';
import { SectionCard } from '../components/section-card';
import { StatusBadge } from '../components/status-badge';

function greeting(now = new Date()) {
  const hour = now.getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** By the provider's own clock, so only in the browser; the server's HTML says "Welcome back". */
function Greeting({ name }: { name: string | null }) {
  const text = useHydrated() ? greeting() : 'Welcome back';
  return name ? `${text}, ${name}` : text;
}

function firstNameOf(user: Dashboard['user'] | undefined) {
  return user?.firstName || user?.fullName?.split(/\s+/)[0] || null;
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        Loading your dashboard
      </span>
      <div className="grid animate-pulse gap-6 motion-reduce:animate-none lg:grid-cols-5" aria-hidden="true">
        <div className="h-52 rounded-2xl bg-gray-200/70 lg:col-span-2" />
        <div className="h-52 rounded-2xl bg-gray-200/70 lg:col-span-3" />
      </div>
      <div className="grid animate-pulse gap-4 motion-reduce:animate-none sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="h-44 rounded-2xl bg-gray-200/60" />
        ))}
      </div>
    </div>
  );
}

function NextStepsCard({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Card className="p-6 lg:col-span-3">
      <h2 className="text-lg font-semibold text-gray-900">Next steps</h2>
      {dashboard.nextSteps.length === 0 ? (
        <div className="mt-4 flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <p>Every section is complete. Review your profile now and then so it stays current.</p>
        </div>
      ) : (
        <ol className="mt-4 space-y-2">
          {dashboard.nextSteps.map((step, index) => (
            <li key={step.sectionId}>
              <Link
                to={step.path}
                className="group flex items-center gap-3 rounded-xl border border-gray-200 p-3 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
              >
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-gray-900">{step.action}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-gray-600">
                    {step.title}
                    <StatusBadge status={step.status} />
                    {step.isRequired ? <span className="font-medium text-coral-700">Required</span> : null}
                  </span>
                </span>
                <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-brand-600 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const query = useDashboard();
  // Rendering every section card is the page's largest render: it runs deferred, in slices.
  const dashboard = useDeferredValue(query);
  const exporter = useExportProfile();
  const session = useSession();
  const listingService = session.data?.user?.hospitalDataSource === 'yext';
  const name = firstNameOf(dashboard.data?.user);

  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: ({ fileName }) => toast.success('Profile downloaded', { description: fileName }),
      onError: (error) => toast.error('Download failed', { description: errorText(error) }),
    });

  return (
    <div className="space-y-8">
      <PendingUpdatesNotice />
      <PageHeader
        icon={LayoutDashboard}
        eyebrow={<Greeting name={name} />}
        title="Dashboard"
        description={<p>How complete your profile is, what to do next, and every section at a glance.</p>}
        actions={
          <>
            {listingService ? <SyncFromDirectoryButton /> : null}
            <Button variant="outline" onClick={onExport} loading={exporter.isPending}>
              {exporter.isPending ? null : <Download aria-hidden="true" className="size-4" />}
              Download my profile (JSON)
            </Button>
          </>
        }
      />

      {dashboard.isPending ? <DashboardSkeleton /> : null}
      {dashboard.isError ? (
        <FormAlert title="Your dashboard could not be loaded">
          <p>{errorText(dashboard.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            {dashboard.isFetching ? null : <RotateCw aria-hidden="true" className="size-4" />}
            Try again
          </Button>
        </FormAlert>
      ) : null}

      {dashboard.data ? (
        <>
          <div className="grid gap-6 lg:grid-cols-5">
            <CompletionCard dashboard={dashboard.data} />
            <NextStepsCard dashboard={dashboard.data} />
          </div>
          <PublicProfileCard />
          <section aria-labelledby="dashboard-sections">
            <h2 id="dashboard-sections" className="text-lg font-semibold text-gray-900">
              Your profile sections
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {dashboard.data.sections
                .filter((section) => section.isVisible)
                .map((section) => (
                  <SectionCard key={section.sectionId} section={section} />
                ))}
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}

export { DashboardPage as Component };
