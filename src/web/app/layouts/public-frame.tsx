import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@web/components/layout/skip-link';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, main region and footer of the public pages. Free of browser-only code: the server renders
 * it into the landing page's HTML (src/server/render/landing-page.tsx) as well.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
