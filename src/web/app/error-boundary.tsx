import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { errorMonitor } from '@web/lib/error-monitor';
import { ErrorFallback } from './error-fallback';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the generic fallback: an element, or a render function that can reset the boundary. */
  fallback?: ReactNode | ((props: FallbackProps) => ReactNode);
  /** The boundary clears itself when any of these change (e.g. the path). */
  resetKeys?: unknown[];
  /** Names the boundary in error reports. */
  name?: string;
}

export function AppErrorBoundary({ children, fallback, resetKeys, name = 'app' }: AppErrorBoundaryProps) {
  const renderFallback = (props: FallbackProps) => {
    if (typeof fallback === 'function') return fallback(props);
    if (fallback !== undefined) return fallback;
    return <ErrorFallback {...props} />;
  };
  return (
    <ErrorBoundary
      fallbackRender={renderFallback}
      resetKeys={resetKeys}
      onError={(error, info) => errorMonitor.report(error, { source: 'error-boundary', boundary: name, componentStack: info.componentStack ?? undefined })}
    >
      {children}
    </ErrorBoundary>
  );
}
