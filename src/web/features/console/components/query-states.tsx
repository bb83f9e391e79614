import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner label={label} />
    </div>
  );
}

/** A failed read with the server's reason and a retry. */
export function ErrorPanel({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Notice tone="error" title={title}>
      <p>{serverMessage(error)}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      ) : null}
    </Notice>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-4 py-16 text-center text-sm text-gray-600">{children}</p>;
}

/** A read's loading and error states, then its data drawn by `children`. */
export function QueryView<Data>({
  query,
  loading,
  error,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: Data | undefined; refetch: () => unknown };
  loading: string;
  error: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <LoadingPanel label={loading} />;
  if (query.isError || query.data === undefined) return <ErrorPanel title={error} error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
