import { ArrowLeft } from 'lucide-react';
import { useContext } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@web/components/brand/logo';
import { MAIN_CONTENT_ID } from '@web/components/layout/skip-link';
import { Container } from '@web/components/ui/container';
import { useAdminMe, type AdminUser } from '@web/lib/admin-session';
import { AdminAccountMenu } from '@web/features/admin-auth/components/admin-account-menu';
import { AppErrorBoundary } from '../error-boundary';
import { InsideAdminGuard } from '../guards/require-admin';
import { TooltipScope } from '@web/components/ui/tooltip';

/** The header names the console the person is in (issue T3 4/7 item 3). */
function consoleName(admin: AdminUser | null | undefined) {
  if (!admin) return 'Admin';
  return admin.role === 'system_admin' ? 'System console' : 'Hospital console';
}

/**
 * The administration area: the header (which console, the account) and the page. The console's
 * own navigation (a sidebar on wide windows, a drawer on phones: system-admin-page.tsx) is the one
 * navigation; there is no second bar.
 */
function AdminLayoutContent() {
  const { pathname } = useLocation();
  const guarded = useContext(InsideAdminGuard);
  // The sign-in pages only reuse what is already known: asking the server from there would write an
  // "access denied" line to the audit log for every visitor of the login page.
  const { data: admin } = useAdminMe({ enabled: guarded });

  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="bg-brand-950 text-white">
        <Container className="flex h-16 items-center justify-between gap-4">
          <Logo to={admin ? '/system-admin' : '/admin/login'} suffix={consoleName(admin)} tone="light" className="focus-visible:outline-white" />
          {admin ? (
            <AdminAccountMenu admin={admin} />
          ) : (
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Vitae
            </Link>
          )}
        </Container>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Container className="py-8 lg:py-12">
          <AppErrorBoundary name="admin" resetKeys={[pathname]}>
            <Outlet />
          </AppErrorBoundary>
        </Container>
      </main>

      <footer className="border-t border-gray-200 bg-white">
        <Container className="flex flex-wrap items-center justify-between gap-3 py-5 text-sm text-gray-600">
          <p>© {new Date().getFullYear()} Vitae administration</p>
          <div className="flex gap-4">
            <Link to="/help" className="inline-flex min-h-6 items-center hover:text-brand-700 hover:underline">
              Help Center
            </Link>
            <Link to="/privacy" className="inline-flex min-h-6 items-center hover:text-brand-700 hover:underline">
              Privacy
            </Link>
          </div>
        </Container>
      </footer>
    </div>
  );
}

export function AdminLayout() {
  return (
    <TooltipScope>
      <AdminLayoutContent />
    </TooltipScope>
  );
}
