import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '@web/components/brand/logo';
import { MAIN_CONTENT_ID } from '@web/components/layout/skip-link';
import { Container } from '@web/components/ui/container';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { useSession } from '@web/lib/session';
import { AccountMenu } from '@web/features/accounts/components/account-menu';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { cn } from '@web/lib/cn';
import { errorMonitor } from '@web/lib/error-monitor';
import { AppErrorBoundary } from '../error-boundary';
import { FeedbackWidget } from '../feedback-widget';
import { FeedbackHeaderButton } from '../feedback-widget/header-button';
import { useFeedbackAvailability } from '@web/features/feedback/lib/use-feedback-availability';
import { MemberNav } from './member-nav';
import { TooltipScope } from '@web/components/ui/tooltip';

/** The signed-in provider's area: sidebar with the nine sections, drawer on small screens. */
function MemberLayoutContent() {
  const { pathname } = useLocation();
  const { data } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // Wide windows keep a strip on the right for the docked feedback tab, so it covers no content.
  const { available: feedback } = useFeedbackAvailability();
  const userId = data?.user?.id ?? null;

  useEffect(() => {
    errorMonitor.setUserId(userId);
    return () => errorMonitor.setUserId(null);
  }, [userId]);

  return (
    <div className="min-h-dvh bg-gray-50">
      <aside className="fixed inset-y-0 left-0 hidden w-72 flex-col border-r border-gray-200 bg-white lg:flex">
        <div className="flex h-16 shrink-0 items-center px-6">
          <Logo to="/dashboard" />
        </div>
        <div className="flex flex-1 flex-col justify-between gap-6 overflow-y-auto px-3 pt-2 pb-6">
          <MemberNav />
        </div>
      </aside>

      <div className={cn('flex min-h-dvh flex-col lg:pl-72', feedback && 'lg:pr-10')}>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-gray-200 bg-white/95 px-4 backdrop-blur lg:h-16 lg:px-8">
          <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogTrigger
              className="inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden"
              aria-label="Open navigation"
            >
              <Menu aria-hidden="true" className="size-5" />
            </DialogTrigger>
            <DialogContent placement="left">
              <DialogTitle className="sr-only">Navigation</DialogTitle>
              <DialogDescription className="sr-only">Your dashboard, profile sections and tools.</DialogDescription>
              <div className="flex h-12 items-center px-3">
                <Logo to="/dashboard" />
              </div>
              <div className="mt-4 flex flex-col gap-6">
                <MemberNav onNavigate={() => setMenuOpen(false)} />
              </div>
            </DialogContent>
          </Dialog>
          <Logo to="/dashboard" className="lg:hidden" />
          <div className="ml-auto flex items-center gap-1">
            <FeedbackHeaderButton className="lg:hidden" />
            <NotificationBell />
            <AccountMenu />
          </div>
        </header>

        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          <Container className="py-8 lg:py-10">
            <AppErrorBoundary name="member" resetKeys={[pathname]}>
              <Outlet />
            </AppErrorBoundary>
          </Container>
        </main>
      </div>

      <FeedbackWidget />
    </div>
  );
}

export function MemberLayout() {
  return (
    <TooltipScope>
      <MemberLayoutContent />
    </TooltipScope>
  );
}
