import { RotateCcw } from 'lucide-react';
import { CHANGE_SOURCE_LABELS, HISTORY_SECTION_LABELS, changeActorLabel, describeChange, type ProfileChangeDto } from '@shared/history';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who made a change, as the provider reads it about themselves and as an admin reads it. */
function actorText(change: ProfileChangeDto, audience: 'provider' | 'admin'): string {
  if (audience === 'provider' && change.actor.kind === 'provider') return 'You';
  return changeActorLabel(change.actor);
}

/**
 * A profile's changes, newest first: when, who, through what, and each field's old → new value (or
 * the entries added, removed and changed), in plain words. With `onRestore`, each change has a
 * button that puts that change's old values back (a new change, recorded in its turn).
 */
export function ChangeHistoryList({
  changes,
  audience,
  showSection = false,
  onRestore,
  restoring,
}: {
  changes: readonly ProfileChangeDto[];
  audience: 'provider' | 'admin';
  showSection?: boolean;
  onRestore?: (change: ProfileChangeDto) => void;
  /** The change being restored now. */
  restoring?: string | null;
}) {
  if (changes.length === 0) return <p className="text-sm text-gray-600">No changes have been recorded yet.</p>;
  return (
    <ol className="flex flex-col divide-y divide-gray-100">
      {changes.map((change) => {
        const lines = describeChange(change.changes);
        return (
          <li key={change.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <time dateTime={change.createdAt} className="font-medium text-gray-900">
                  {when.format(Date.parse(change.createdAt))}
                </time>
                <span className="text-gray-600">{actorText(change, audience)}</span>
                <Badge variant={change.source === 'restore' ? 'coral' : 'gray'}>{CHANGE_SOURCE_LABELS[change.source]}</Badge>
                {showSection ? <span className="text-gray-500">{HISTORY_SECTION_LABELS[change.sectionId] ?? change.sectionId}</span> : null}
              </p>
              <ul className="mt-1 flex flex-col gap-0.5 text-sm text-gray-700 [overflow-wrap:anywhere]">
                {lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </div>
            {onRestore ? (
              <Button
                variant="outline"
                size="sm"
                loading={restoring === change.id}
                disabled={Boolean(restoring)}
                onClick={() => onRestore(change)}
                aria-label={`Restore the values before the change of ${when.format(Date.parse(change.createdAt))}`}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Restore
              </Button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
