import { ArrowLeft, House, LayoutDashboard, LifeBuoy, LogIn, MessageSquare, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NOT_FOUND_TEXT } from '@shared/errors';
import { DocumentTitle } from '@web/components/layout/document-title';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useSession } from '@web/lib/session';

interface Destination {
  to: string;
  label: string;
  hint: string;
  icon: LucideIcon;
}

const HELP: Destination = { to: '/help', label: 'Help Center', hint: 'Guides and answers to common questions', icon: LifeBuoy };

const SIGNED_IN: Destination[] = [
  { to: '/dashboard', label: 'Go to Dashboard', hint: 'Your profile at a glance', icon: LayoutDashboard },
  { to: '/feedback', label: 'Send Feedback', hint: 'Tell us what you were looking for', icon: MessageSquare },
];

const SIGNED_OUT: Destination[] = [
  { to: '/login', label: 'Provider Login', hint: 'Sign in to manage your profile', icon: LogIn },
  { to: '/admin/login', label: 'Admin Login', hint: 'For hospital and system administrators', icon: ShieldCheck },
];

/** Page Not Found (access spec §2): everybody gets a way back; the extra links depend on the session. */
export function NotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const known = session.isSuccess || session.isError;
  const signedIn = Boolean(session.data?.user);
  const destinations = [HELP, ...(known ? (signedIn ? SIGNED_IN : SIGNED_OUT) : [])];

  // With no earlier entry in this tab (link opened fresh), "back" would leave the site.
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <div className="px-4 py-16 sm:py-24">
      <DocumentTitle title={NOT_FOUND_TEXT.title} />
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error 404</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{NOT_FOUND_TEXT.title}</h1>
        <p className="mt-4 text-lg leading-8 text-gray-600">{NOT_FOUND_TEXT.body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="outline" size="lg" onClick={goBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Go Back
          </Button>
          <Link to="/" className={buttonClasses({ size: 'lg' })}>
            <House aria-hidden="true" className="size-4" />
            Return to Home
          </Link>
        </div>
      </div>

      <nav aria-label="Helpful links" className="mx-auto mt-12 max-w-3xl">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={!known}>
          {destinations.map(({ to, label, hint, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 text-left shadow-xs transition hover:border-brand-300 hover:shadow-sm"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 group-hover:bg-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-gray-900">{label}</span>
                  <span className="mt-0.5 block text-xs leading-5 text-gray-600">{hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-gray-600">
          Followed a link that should work?{' '}
          <Link to="/feedback" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Please let us know
          </Link>
          .
        </p>
      </nav>
    </div>
  );
}
