import type { ReactNode } from 'react';
import { LogoMark } from '@web/components/brand/logo';
import { Spinner } from '@web/components/ui/spinner';
import { MAIN_CONTENT_ID } from './skip-link';

interface FullPageStatusProps {
  /** Shown with a spinner while `children` is absent. */
  label: string;
  children?: ReactNode;
}

/** A whole-screen state used before a layout can render, such as while a guard checks the session. */
export function FullPageStatus({ label, children }: FullPageStatusProps) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gray-50 px-4 text-center">
      <LogoMark className="size-12" />
      {children ?? (
        <div className="flex items-center gap-3 text-sm font-medium text-gray-600">
          <Spinner size="sm" label="" className="text-brand-600" />
          <span role="status">{label}</span>
        </div>
      )}
    </main>
  );
}
