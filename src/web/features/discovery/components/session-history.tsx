import { History } from 'lucide-react';
import { DISCOVERY_TYPE_LABELS } from '@shared/schemas/discovery';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDiscoverySessions } from '../api/discovery';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Recent searches, manual and scheduled, with what each found. */
export function SessionHistory() {
  const { data, isPending, isError } = useDiscoverySessions();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-gray-500" />
          Search history
        </CardTitle>
        <CardDescription>Your latest searches, including scheduled ones.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-gray-600">Loading…</p>
        ) : isError ? (
          <p className="text-sm text-red-700">The history could not be loaded.</p>
        ) : data.items.length === 0 ? (
          <p className="text-sm text-gray-600">No searches yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {data.items.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-gray-900">{DISCOVERY_TYPE_LABELS[session.sessionType].plural.replace(/^./, (c) => c.toUpperCase())}</span>
                  <span className="text-gray-600"> · {dateTime.format(new Date(session.createdAt))}</span>
                  {session.isAutoSearch ? (
                    <Badge variant="gray" className="ml-2">
                      Scheduled
                    </Badge>
                  ) : null}
                </span>
                <span className="text-gray-700 tabular-nums">
                  {session.totalFound} found · {session.added} new
                  {session.errors.length > 0 ? (
                    <span className="text-coral-700">
                      {' '}
                      · {session.errors.length} problem{session.errors.length === 1 ? '' : 's'}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
