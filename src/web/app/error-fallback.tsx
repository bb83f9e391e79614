import { House, RefreshCw, TriangleAlert } from 'lucide-react';
import { useInRouterContext, useNavigate } from 'react-router';
import { ERROR_FALLBACK_TEXT } from '@shared/errors';
import { DocumentTitle } from '@web/components/layout/document-title';
import { Button } from '@web/components/ui/button';
import { errorMessageOf } from '@web/lib/error-monitor';

export interface ErrorFallbackProps {
  error?: unknown;
  /** Clears the error and renders the children again. */
  resetErrorBoundary?: (...args: unknown[]) => void;
}

function RouterHomeButton() {
  const navigate = useNavigate();
  return <HomeButton onClick={() => void navigate('/')} />;
}

// Outside the router (the app-wide boundary) a full page load is the only way home.
function DocumentHomeButton() {
  return <HomeButton onClick={() => window.location.assign('/')} />;
}

function HomeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="lg" onClick={onClick}>
      <House aria-hidden="true" className="size-4" />
      {ERROR_FALLBACK_TEXT.home}
    </Button>
  );
}

/** Generic error fallback (access spec §2), used by every error boundary unless one supplies its own. */
export function ErrorFallback({ error, resetErrorBoundary }: ErrorFallbackProps) {
  const inRouter = useInRouterContext();
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <DocumentTitle title={ERROR_FALLBACK_TEXT.title} />
      <div className="w-full max-w-md text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-coral-50 text-coral-600 ring-1 ring-coral-100">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-gray-900">{ERROR_FALLBACK_TEXT.title}</h1>
        <p className="mt-3 text-base leading-7 text-gray-600">{ERROR_FALLBACK_TEXT.body}</p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          {inRouter ? <RouterHomeButton /> : <DocumentHomeButton />}
          <Button size="lg" onClick={() => resetErrorBoundary?.()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {ERROR_FALLBACK_TEXT.retry}
          </Button>
        </div>
        {import.meta.env.DEV && error !== undefined ? (
          <details className="mt-8 rounded-lg border border-gray-200 bg-gray-50 p-4 text-left text-sm text-gray-700">
            <summary className="cursor-pointer font-medium">Technical details (development only)</summary>
            <pre className="mt-3 overflow-x-auto text-xs whitespace-pre-wrap">{errorMessageOf(error)}</pre>
          </details>
        ) : null}
      </div>
    </div>
  );
}
