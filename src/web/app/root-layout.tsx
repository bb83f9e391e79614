import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SkipLink } from '@web/components/layout/skip-link';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 animate-progress bg-brand-600 motion-reduce:animate-none" />
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
