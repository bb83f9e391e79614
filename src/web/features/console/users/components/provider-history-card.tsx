import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { HISTORY_SECTION_LABELS } from '@shared/history';
import { PROFILE_SECTION_IDS, type ProfileSectionId } from '@shared/schemas/profile';
import { ChangeHistoryList } from '@web/components/change-history';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { useUserHistory } from '../api/history';

/** The provider's change history for an administrator: who changed what, when and through what, one section or all. */
export function ProviderHistoryCard({ userId }: { userId: string }) {
  const [section, setSection] = useState<ProfileSectionId | ''>('');
  const selectId = useId();
  const history = useUserHistory(userId, section);
  const changes = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
            <History aria-hidden="true" className="size-4 text-gray-500" />
            Change history
          </h2>
          <p className="text-sm text-gray-600">Every change to this profile: who made it, when, through what, and the values before and after.</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={selectId}>Section</Label>
          <select
            id={selectId}
            value={section}
            onChange={(event) => setSection(event.target.value as ProfileSectionId | '')}
            className="h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900"
          >
            <option value="">All sections</option>
            {PROFILE_SECTION_IDS.map((id) => (
              <option key={id} value={id}>
                {HISTORY_SECTION_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {history.isPending ? (
        <LoadingPanel label="Loading the change history" />
      ) : history.isError ? (
        <ErrorPanel title="The change history could not be loaded." error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <ChangeHistoryList changes={changes} audience="admin" showSection={!section} />
      )}
      {history.hasNextPage ? (
        <div>
          <Button variant="outline" size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            Show older changes
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
