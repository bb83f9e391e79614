import { ArrowRight, Bug, Database, FlaskConical, Wrench, type LucideIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';
import { useConsoleAdmin } from '../lib/use-console-admin';

interface Tool {
  to: string;
  label: string;
  summary: string;
  icon: LucideIcon;
}

/**
 * The technical pages, for system administrators only, under one console entry (issue T3 4/7 item 3):
 * they used to sit in every administrator's top bar. The listing-service tests are also reached from
 * a hospital's Data sources tab, where a hospital administrator needs them.
 */
export const DEVELOPER_TOOLS: readonly Tool[] = [
  { to: '/database-schema', label: 'Database schema', summary: 'Tables and columns as deployed in this environment.', icon: Database },
  { to: '/test-sentry', label: 'Error reporting test', summary: 'Throw a test error to check that error reporting works.', icon: Bug },
  { to: '/yext-test', label: 'Listing service: connection test', summary: 'Look up a provider in a hospital’s listing service.', icon: FlaskConical },
  { to: '/yext-expertise-test', label: 'Listing service: expertise sync', summary: 'Sync and count a hospital’s expertise terms.', icon: FlaskConical },
  { to: '/yext-field-mapping-test', label: 'Listing service: field mapping', summary: 'How listing fields map onto profile fields.', icon: FlaskConical },
];

export function DeveloperToolsPage() {
  const admin = useConsoleAdmin();
  if (!admin) return null;
  // The server refuses hospital administrators the schema and the test error; spare them the page.
  if (admin.role !== 'system_admin') return <Navigate to="/system-admin" replace />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Wrench} title="Developer tools" description="Technical pages for checking this deployment. Patients and providers never see them." />
      <ul className="grid gap-3 sm:grid-cols-2">
        {DEVELOPER_TOOLS.map(({ to, label, summary, icon: Icon }) => (
          <li key={to}>
            <Card className="h-full">
              <Link to={to} className="group flex h-full items-start gap-3 rounded-xl p-4 hover:bg-gray-50">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-gray-900 group-hover:text-brand-700">{label}</span>
                  <span className="mt-0.5 block text-sm text-gray-600">{summary}</span>
                </span>
                <ArrowRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-gray-400" />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { DeveloperToolsPage as Component };
