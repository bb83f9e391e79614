import { createBrowserRouter, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { sessionQueryOptions } from '@web/lib/session';
import { dashboardQueryOptions } from '@web/lib/dashboard';
import { queryClient } from '@web/lib/query-client';
import { authRedirectTarget } from './auth-redirect';
import { RequireAdmin } from './guards/require-admin';
import { RequireMember } from './guards/require-member';
import { PublicLayout } from './layouts/public-layout';
import { NotFound } from './not-found';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** E-mail links from the authentication service sometimes land on `/`; forward them (access spec §2). */
export function landingLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Loaders never see the fragment. Such links always open the site afresh, so the window shows it.
  const sameDocument = window.location.pathname === url.pathname && window.location.search === url.search;
  const target = authRedirectTarget({ search: url.search, hash: sameDocument ? window.location.hash : '' });
  return target ? redirect(target) : null;
}

/** Old links keep working; the query (e.g. an invitation's e-mail) travels along. */
function redirectTo(pathname: string, extra?: (args: LoaderFunctionArgs) => Record<string, string>) {
  return (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    for (const [name, value] of Object.entries(extra?.(args) ?? {})) url.searchParams.set(name, value);
    return redirect(`${pathname}${url.search}`);
  };
}

/**
 * Member pages start their data requests while the page's code downloads, instead of after it has
 * run (issue T2 1/5): the session check at once, the dashboard as soon as the session is known to
 * be a provider's. Neither waits; a request already answered is not sent again, and the page's own
 * query still refreshes stale data when it mounts.
 */
function prefetchSession() {
  queryClient.ensureQueryData(sessionQueryOptions()).catch(() => undefined);
  return null;
}

function prefetchDashboard() {
  queryClient
    .ensureQueryData(sessionQueryOptions())
    .then((session) => (session.user ? queryClient.ensureQueryData(dashboardQueryOptions()) : undefined))
    .catch(() => undefined);
  return null;
}

/** Redirect-only routes never render; an explicit empty component keeps the router from warning. */
const Redirecting = () => null;

const publicRoutes: RouteObject[] = [
  { index: true, loader: landingLoader, lazy: () => import('@web/features/marketing/pages/landing-page') },
  { path: 'login', lazy: () => import('@web/features/accounts/pages/login-page') },
  { path: 'unified-signup', lazy: () => import('@web/features/accounts/pages/unified-signup-page') },
  { path: 'signup', loader: redirectTo('/unified-signup'), Component: Redirecting },
  { path: 'hospital-signup', loader: redirectTo('/unified-signup'), Component: Redirecting },
  {
    path: 'signup/:hospitalCode',
    loader: redirectTo('/unified-signup', ({ params }): Record<string, string> => (params.hospitalCode ? { hospitalCode: params.hospitalCode } : {})),
    Component: Redirecting,
  },
  { path: 'hospital-login', loader: redirectTo('/login'), Component: Redirecting },
  { path: 'auth/callback', lazy: () => import('@web/features/accounts/pages/auth-callback-page') },
  { path: 'magic-link-sent', lazy: () => import('@web/features/accounts/pages/magic-link-sent-page') },
  { path: 'email-verification', lazy: () => import('@web/features/accounts/pages/email-verification-page') },
  { path: 'forgot-password', lazy: () => import('@web/features/accounts/pages/forgot-password-page') },
  { path: 'reset-password', lazy: () => import('@web/features/accounts/pages/reset-password-page') },
  // A hospital roster's invitation link (issue 37 item 4): open to anyone, the token is the permission.
  { path: 'claim/:token', lazy: () => import('@web/features/roster-claims/pages/claim-page') },
  { path: 'help', lazy: () => import('@web/features/help/pages/help-page') },
  { path: 'terms', lazy: () => import('@web/features/legal/pages/terms-page') },
  { path: 'privacy', lazy: () => import('@web/features/legal/pages/privacy-page') },
  { path: '*', Component: NotFound },
];

const memberRoutes: RouteObject[] = [
  { path: 'dashboard', loader: prefetchDashboard, lazy: () => import('@web/features/dashboard/pages/dashboard-page') },
  { path: 'roster-review', lazy: () => import('@web/features/roster-claims/pages/review-page') },
  { path: 'settings', lazy: () => import('@web/features/settings/pages/settings-page') },
  { path: 'professional-identity', lazy: () => import('@web/features/profile/pages/professional-identity-page') },
  { path: 'education-training', lazy: () => import('@web/features/profile/pages/education-training-page') },
  { path: 'practice-essentials', lazy: () => import('@web/features/profile/pages/practice-essentials-page') },
  { path: 'locations', lazy: () => import('@web/features/profile/pages/locations-page') },
  { path: 'biography', lazy: () => import('@web/features/profile/pages/biography-page') },
  { path: 'publications', lazy: () => import('@web/features/profile/pages/publications-page') },
  { path: 'clinical-trials', lazy: () => import('@web/features/profile/pages/clinical-trials-page') },
  { path: 'media-press', lazy: () => import('@web/features/profile/pages/media-press-page') },
  { path: 'medical-expertise', lazy: () => import('@web/features/profile/pages/medical-expertise-page') },
  { path: 'discovery-lab', lazy: () => import('@web/features/discovery/pages/discovery-lab-page') },
  { path: 'feedback', lazy: () => import('@web/features/feedback/pages/feedback-page') },
];

/** Administrator sign-in pages: open to anyone. */
const adminAuthRoutes: RouteObject[] = [
  { path: 'admin', loader: () => redirect('/admin/login'), Component: Redirecting },
  { path: 'admin/login', lazy: () => import('@web/features/admin-auth/pages/admin-login-page') },
  { path: 'admin/magic-link-sent', lazy: () => import('@web/features/admin-auth/pages/admin-magic-link-sent-page') },
  { path: 'admin/reset-password', lazy: () => import('@web/features/admin-auth/pages/admin-reset-password-page') },
];

/**
 * Behind RequireAdmin, which also holds an administrator on /admin/change-password while a password
 * change is pending. Unlike the original product, /admin/feedback is guarded too. The database
 * schema and error-reporting test are for system administrators: the server refuses others.
 */
const adminRoutes: RouteObject[] = [
  { path: 'admin/change-password', lazy: () => import('@web/features/admin-auth/pages/admin-change-password-page') },
  {
    // The console's navigation frames every other administrator page (issue T3 4/7 item 3).
    lazy: () => import('@web/features/console/pages/system-admin-page'),
    children: [
      { path: 'admin/feedback', lazy: () => import('@web/features/feedback/pages/admin-feedback-page') },
      {
        path: 'system-admin',
        children: [
          { index: true, lazy: () => import('@web/features/console/pages/dashboard-page') },
          { path: 'admins', lazy: () => import('@web/features/console/pages/administrators-page') },
          { path: 'hospitals', lazy: () => import('@web/features/console/hospitals/pages/hospitals-page') },
          { path: 'hospitals/:hospitalId/:tab?', lazy: () => import('@web/features/console/hospitals/pages/hospital-detail-page') },
          { path: 'users', lazy: () => import('@web/features/console/users/pages/users-page') },
          { path: 'users/:userId', lazy: () => import('@web/features/console/users/pages/user-profile-page') },
          { path: 'taxonomy', lazy: () => import('@web/features/console/taxonomy/pages/taxonomy-page') },
          { path: 'expertise-terms', lazy: () => import('@web/features/console/terms/pages/terms-page') },
          { path: 'brand', lazy: () => import('@web/features/console/hospitals/pages/brand-page') },
          { path: 'help', lazy: () => import('@web/features/console/help/help-content-page') },
          { path: 'prompt-templates', lazy: () => import('@web/features/console/prompt-templates/prompt-templates-page') },
          { path: 'brand-voice', lazy: () => import('@web/features/console/prompt-templates/brand-voice-page') },
          { path: 'audit-log', lazy: () => import('@web/features/console/pages/audit-log-page') },
          { path: 'npi-claims', lazy: () => import('@web/features/console/npi-claims/npi-claims-page') },
          { path: 'developer-tools', lazy: () => import('@web/features/console/developer/developer-tools-page') },
          { path: '*', lazy: () => import('@web/features/console/pages/console-not-found-page') },
        ],
      },
      { path: 'yext-test', lazy: () => import('@web/features/yext/pages/yext-test-page') },
      { path: 'yext-expertise-test', lazy: () => import('@web/features/yext/pages/yext-expertise-test-page') },
      { path: 'yext-field-mapping-test', lazy: () => import('@web/features/yext/pages/yext-field-mapping-test-page') },
      { path: 'database-schema', lazy: () => import('@web/features/system/pages/database-schema-page') },
      { path: 'test-sentry', lazy: () => import('@web/features/system/pages/test-sentry-page') },
    ],
  },
];

// The signed-in layouts (navigation, account menus, notifications, the inactivity watcher and the
// feedback widget) load with the first page that needs them, keeping them out of the landing page.
const adminLayout = () => import('./layouts/admin-layout').then(({ AdminLayout }) => ({ Component: AdminLayout }));
const memberLayout = () => import('./layouts/member-layout').then(({ MemberLayout }) => ({ Component: MemberLayout }));

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageStatus label="Loading Vitae…" />,
    children: [
      { lazy: adminLayout, children: adminAuthRoutes },
      { Component: RequireAdmin, children: [{ lazy: adminLayout, children: adminRoutes }] },
      { Component: RequireMember, loader: prefetchSession, children: [{ lazy: memberLayout, children: memberRoutes }] },
      { Component: PublicLayout, children: publicRoutes },
    ],
  },
];

/** `hydrationData`: the router's state for a page the server rendered (src/server/render/member-page.tsx). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
