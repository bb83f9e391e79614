import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { syncSummary, useSyncFromDirectory } from '../api/sync-from-directory';

/**
 * "Sync from directory" for a provider whose hospital keeps its directory in the listing service:
 * imports what the directory holds; anything that would replace the provider's own entries waits in
 * the review of pending updates.
 */
export function SyncFromDirectoryButton() {
  const sync = useSyncFromDirectory();
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => {
        if (result.skipped) toast.info('Nothing to sync yet', { description: result.message ?? undefined });
        else toast.success('Directory sync finished', { description: syncSummary(result) });
      },
      onError: (error) =>
        toast.error('Directory sync failed', { description: error instanceof ApiError && error.message ? error.message : 'Please try again in a moment.' }),
    });
  return (
    <Button variant="outline" onClick={onSync} loading={sync.isPending}>
      {sync.isPending ? null : <RefreshCw aria-hidden="true" className="size-4" />}
      Sync from directory
    </Button>
  );
}
