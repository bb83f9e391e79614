import { Brain } from 'lucide-react';
import type { TermSyncResponse, YextSyncLogDto } from '@shared/schemas/yext';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Notice } from '@web/components/ui/notice';
import { useSyncLogs, useTermSync, yextErrorMessage } from '../api/yext';
import { HospitalPicker, useChosenHospital } from '../components/hospital-picker';
import { StatList } from '../components/stat-list';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDateTime = (value: string | null) => (value ? dateTime.format(new Date(value)) : '—');

const TYPE_LABELS: Record<string, string> = {
  taxonomy_conditionTreated: 'Conditions',
  taxonomy_procedure: 'Procedures',
  taxonomy_reasonForVisit: 'Reasons for visit',
};

const countStats = (counts: Pick<YextSyncLogDto, 'totalEntitiesFetched' | 'termsAdded' | 'termsUpdated' | 'termsDeleted'>) => [
  { label: 'Entities fetched', value: counts.totalEntitiesFetched },
  { label: 'Terms added', value: counts.termsAdded },
  { label: 'Terms updated', value: counts.termsUpdated },
  { label: 'Terms deleted', value: counts.termsDeleted },
];

function StatusBadge({ status }: { status: YextSyncLogDto['status'] }) {
  if (status === 'completed') return <Badge variant="success">Completed</Badge>;
  if (status === 'failed') return <Badge variant="coral">Failed</Badge>;
  return (
    <Badge variant="brand">
      <Spinner size="sm" label="" /> Running
    </Badge>
  );
}

function DryRunResult({ result }: { result: TermSyncResponse }) {
  return (
    <section aria-labelledby="dry-run" className="flex flex-col gap-3">
      <h3 id="dry-run" className="text-sm font-semibold text-gray-900">
        Dry run: what a sync would change
      </h3>
      <StatList
        label="Dry run counts"
        stats={countStats({
          totalEntitiesFetched: result.totalEntitiesFetched ?? 0,
          termsAdded: result.termsAdded ?? 0,
          termsUpdated: result.termsUpdated ?? 0,
          termsDeleted: result.termsDeleted ?? 0,
        })}
      />
      {result.byType ? (
        <p className="text-sm text-gray-700">
          {Object.entries(result.byType)
            .map(([type, count]) => `${TYPE_LABELS[type] ?? type}: ${count}`)
            .join(' · ')}
        </p>
      ) : null}
    </section>
  );
}

function SyncHistory({ hospitalId }: { hospitalId: string }) {
  const logs = useSyncLogs(hospitalId);
  if (logs.isPending) return <Spinner label="Loading the sync history" />;
  if (logs.isError) return <Notice tone="error">{yextErrorMessage(logs.error)}</Notice>;
  const [latest, ...older] = logs.data.items;
  if (!latest) return <p className="text-sm text-gray-600">No term sync has run for this hospital yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="latest-sync" className="flex flex-col gap-3">
        <h3 id="latest-sync" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
          Latest sync <StatusBadge status={latest.status} />
          <span className="font-normal text-gray-600">started {formatDateTime(latest.startedAt)}</span>
        </h3>
        <StatList label="Latest sync counts" stats={countStats(latest)} />
        {latest.error ? <Notice tone="error">{latest.error}</Notice> : null}
      </section>
      {older.length > 0 ? (
        <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Earlier syncs</caption>
            <thead className="bg-gray-50 text-xs font-medium text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Started
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Fetched
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Added
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Updated
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Deleted
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 tabular-nums">
              {older.map((log) => (
                <tr key={log.id}>
                  <td className="px-3 py-2">{formatDateTime(log.startedAt)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={log.status} />
                  </td>
                  <td className="px-3 py-2 text-right">{log.totalEntitiesFetched}</td>
                  <td className="px-3 py-2 text-right">{log.termsAdded}</td>
                  <td className="px-3 py-2 text-right">{log.termsUpdated}</td>
                  <td className="px-3 py-2 text-right">{log.termsDeleted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function YextExpertiseTestPage() {
  const { hospitalId, setHospitalId } = useChosenHospital();
  const sync = useTermSync(hospitalId);
  const logs = useSyncLogs(hospitalId);
  const running = logs.data?.items.some((log) => log.status === 'running') ?? false;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={Brain}
        title="Expertise Sync Test"
        description={
          <p>
            Preview and run the sync of a hospital’s expertise terms from the conditions, procedures and reasons for visit held in the listing service (YEXT).
          </p>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Term sync</CardTitle>
          <CardDescription>
            A dry run reads every taxonomy entity and counts what would change without saving anything. A sync runs in the background: terms no longer in YEXT
            are removed, and the hospital’s own terms are never touched.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <HospitalPicker
              value={hospitalId}
              onChange={(id) => {
                sync.reset();
                setHospitalId(id);
              }}
            />
            <div className="flex gap-2">
              <Button
                variant="outline"
                onClick={() => sync.mutate(true)}
                disabled={!hospitalId || sync.isPending}
                loading={sync.isPending && sync.variables === true}
              >
                Dry run
              </Button>
              <Button
                onClick={() => sync.mutate(false)}
                disabled={!hospitalId || sync.isPending || running}
                loading={sync.isPending && sync.variables === false}
              >
                Run term sync
              </Button>
            </div>
          </div>
          {sync.isError ? <Notice tone="error">{yextErrorMessage(sync.error)}</Notice> : null}
          {sync.data?.dryRun ? <DryRunResult result={sync.data} /> : null}
          {sync.data && !sync.data.dryRun ? <Notice tone="success">The term sync has started. Its progress appears below.</Notice> : null}
        </CardContent>
      </Card>
      {hospitalId ? (
        <Card>
          <CardHeader>
            <CardTitle>Sync history</CardTitle>
          </CardHeader>
          <CardContent>
            <SyncHistory hospitalId={hospitalId} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

export { YextExpertiseTestPage as Component };
