import { CircleCheck, CircleX, Workflow } from 'lucide-react';
import { YEXT_KEY_VALIDATION_LABELS, type YextTestResult } from '@shared/schemas/yext';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { useYextConnectionTest, yextErrorMessage } from '../api/yext';
import { HospitalPicker, useChosenHospital } from '../components/hospital-picker';
import { StatList } from '../components/stat-list';

function TestResult({ result }: { result: YextTestResult }) {
  const validation = result.keyValidation;
  return (
    <div className="flex flex-col gap-6">
      <StatList
        label="Connection test results"
        stats={[
          { label: 'API key', value: result.apiKeyValid ? 'Valid' : 'Invalid' },
          { label: 'Providers found', value: result.providersFound },
        ]}
      />
      {validation ? (
        <section aria-labelledby="key-checks" className="flex flex-col gap-2">
          <h3 id="key-checks" className="text-sm font-semibold text-gray-900">
            Key validation
          </h3>
          {validation.via ? (
            <p className="text-sm text-gray-700">
              Accepted by: <strong>{YEXT_KEY_VALIDATION_LABELS[validation.via]}</strong>
            </p>
          ) : null}
          <ol className="flex flex-col gap-1.5 text-sm">
            {validation.attempts.map((attempt) => (
              <li key={attempt.via} className="flex items-start gap-2">
                {attempt.ok ? (
                  <CircleCheck aria-label="Passed" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                ) : (
                  <CircleX aria-label="Failed" className="mt-0.5 size-4 shrink-0 text-red-600" />
                )}
                <span>
                  {YEXT_KEY_VALIDATION_LABELS[attempt.via]}
                  {attempt.message ? <span className="text-gray-600"> — {attempt.message}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {result.error ? <Notice tone="error">{result.error}</Notice> : null}
      {result.samples.length > 0 ? (
        <section aria-labelledby="samples" className="flex flex-col gap-2">
          <h3 id="samples" className="text-sm font-semibold text-gray-900">
            Sample providers
          </h3>
          <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-medium text-gray-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Entity ID
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2">
                    NPI
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {result.samples.map((sample) => (
                  <tr key={sample.id}>
                    <td className="px-3 py-2 font-mono text-xs">{sample.id}</td>
                    <td className="px-3 py-2">{sample.name}</td>
                    <td className="px-3 py-2 font-mono text-xs">{sample.npi ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function YextTestPage() {
  const { hospitalId, setHospitalId, hospital } = useChosenHospital();
  const test = useYextConnectionTest();
  const hasKey = hospital?.yextConfig.hasApiKey ?? false;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={Workflow}
        title="Listing Service Test"
        description={
          <p>Check a hospital’s listing-service (YEXT) connection: validate its API key with each fallback and list a few of the providers it holds.</p>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Connection</CardTitle>
          <CardDescription>The key is checked afresh with a basic query, then one limited to healthcare professionals, then the sandbox.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <HospitalPicker
              value={hospitalId}
              onChange={(id) => {
                test.reset();
                setHospitalId(id);
              }}
            />
            <Button onClick={() => test.mutate(hospitalId)} disabled={!hospitalId || !hasKey} loading={test.isPending}>
              Run connection test
            </Button>
          </div>
          {hospital ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              Data source: <Badge variant={hospital.dataSource === 'yext' ? 'brand' : 'gray'}>{hospital.dataSource === 'yext' ? 'YEXT' : 'NPI registry'}</Badge>
              API key: {hasKey ? <Badge variant="success">{hospital.yextConfig.apiKeyMasked ?? 'Saved'}</Badge> : <Badge variant="gray">Not configured</Badge>}
            </p>
          ) : null}
          {hospital && !hasKey ? <Notice tone="warning">This hospital has no YEXT API key. Add one in the hospital’s settings first.</Notice> : null}
          {test.isError ? <Notice tone="error">{yextErrorMessage(test.error)}</Notice> : null}
          {test.data ? <TestResult result={test.data} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}

export { YextTestPage as Component };
