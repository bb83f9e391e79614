import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '@web/app/error-boundary';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { ConsoleNav, ConsoleScope, ConsoleScopeLabel } from '../components/console-nav';
import { consoleSectionLabel } from '../console-sections';
import { useConsoleAdmin } from '../lib/use-console-admin';

/**
 * The administration console: a sidebar on wide screens, a drawer on phones, the section on the
 * right. It frames every administrator page but the pending password change (router.tsx), so it is
 * the one navigation at each width.
 */
export function SystemAdminPage() {
  const admin = useConsoleAdmin();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!admin) return null;

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <div className="sticky top-6 flex flex-col gap-5">
          <ConsoleScope admin={admin} />
          <ConsoleNav admin={admin} />
        </div>
      </aside>

      <div className="mb-6 flex items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white px-3 py-2 shadow-xs lg:hidden">
        <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogTrigger className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-gray-900 hover:bg-gray-100">
            <Menu aria-hidden="true" className="size-5 text-gray-600" />
            <span>{consoleSectionLabel(pathname, admin.role)}</span>
            <span className="sr-only">: open console menu</span>
          </DialogTrigger>
          <DialogContent placement="left">
            <DialogTitle className="px-3 pt-2">Console</DialogTitle>
            <DialogDescription className="sr-only">Sections of the administration console.</DialogDescription>
            <ConsoleScope admin={admin} className="mt-4" />
            <div className="mt-4">
              <ConsoleNav admin={admin} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </DialogContent>
        </Dialog>
        <ConsoleScopeLabel admin={admin} />
      </div>

      <div className="min-w-0">
        {/* A page that fails is replaced by the error panel; the console's navigation stays. */}
        <AppErrorBoundary name="console" resetKeys={[pathname]}>
          <Outlet />
        </AppErrorBoundary>
      </div>
    </div>
  );
}

export { SystemAdminPage as Component };
