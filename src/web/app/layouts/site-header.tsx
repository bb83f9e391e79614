import { Link, NavLink } from 'react-router';
import { Logo } from '@web/components/brand/logo';
import { buttonClasses } from '@web/components/ui/button';
import { Container } from '@web/components/ui/container';

const LANDING_ANCHORS = [
  { hash: 'features', label: 'Features' },
  { hash: 'profile-sections', label: 'Profile' },
  { hash: 'demo', label: 'Demo' },
] as const;

const navLinkClass = 'rounded-md px-3 py-2 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-3">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_ANCHORS.map(({ hash, label }) => (
              <li key={hash}>
                <Link to={{ pathname: '/', hash }} className={navLinkClass}>
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <NavLink to="/help" className={({ isActive }) => `${navLinkClass} ${isActive ? 'text-brand-700' : ''}`}>
                Help
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Sign In
          </Link>
          <Link to="/unified-signup" className={buttonClasses({ size: 'sm' })}>
            Get Started
          </Link>
        </div>
      </Container>
    </header>
  );
}
