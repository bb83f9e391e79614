import { FullPageStatus } from '@web/components/layout/full-page-status';
import { Button } from '@web/components/ui/button';

/** When the sign-in check itself fails (server down, offline), say so instead of guessing. */
export function GuardError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <FullPageStatus label="">
      <div role="alert" className="max-w-sm">
        <h1 className="text-lg font-semibold text-gray-900">We couldn’t confirm that you’re signed in</h1>
        <p className="mt-2 text-sm leading-6 text-gray-600">The connection to Vitae was interrupted. Check your internet connection and try again.</p>
        <Button className="mt-6" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    </FullPageStatus>
  );
}
