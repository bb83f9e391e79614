import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { DATA_ATTRIBUTIONS } from '@shared/attributions';
import { Logo } from '@web/components/brand/logo';
import { Container } from '@web/components/ui/container';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: { pathname: '/', hash: 'features' }, label: 'Features' },
      { to: { pathname: '/', hash: 'profile-sections' }, label: 'Profile sections' },
      { to: { pathname: '/', hash: 'demo' }, label: 'Schedule a demo' },
    ],
  },
  {
    title: 'Providers',
    links: [
      { to: '/login', label: 'Sign in' },
      { to: '/unified-signup', label: 'Create an account' },
      { to: '/forgot-password', label: 'Reset your password' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <Container className="py-12 lg:py-16">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <Logo />
            <p className="mt-4 max-w-xs text-sm leading-6 text-gray-600">Complete, accurate professional profiles for every clinician in your health system.</p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-8">
            {COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-gray-900">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.to} className="text-sm text-gray-600 hover:text-brand-700 hover:underline">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <section aria-labelledby="data-sources-heading" className="mt-12 border-t border-gray-200 pt-8">
          <h2 id="data-sources-heading" className="text-xs font-semibold tracking-wider text-gray-700 uppercase">
            Data sources
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 text-xs leading-5 text-gray-600 sm:grid-cols-2 lg:grid-cols-3">
            {DATA_ATTRIBUTIONS.map((source) => (
              <li key={source.name}>
                <a href={source.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-gray-700 hover:text-brand-700 hover:underline">
                  {source.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                : {source.notice}
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-8 flex items-center justify-between gap-4 border-t border-gray-200 pt-6">
          <p className="text-sm text-gray-600">© {new Date().getFullYear()} Vitae. All rights reserved.</p>
          {/* The shield says what it is in words, not only on hover (issue T3 4/7 item 10). */}
          <Link
            to="/admin/login"
            className="inline-flex min-h-10 items-center gap-2 rounded-lg px-2.5 text-sm text-gray-600 transition-colors hover:bg-gray-200 hover:text-gray-900"
          >
            <ShieldCheck aria-hidden="true" className="size-5" />
            Admin login
          </Link>
        </div>
      </Container>
    </footer>
  );
}
