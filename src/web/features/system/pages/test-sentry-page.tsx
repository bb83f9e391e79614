import { Bug } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useConfig } from '@web/lib/app-config';

export const TEST_ERROR_MESSAGE = 'Vitae test error: thrown on purpose from the error reporting test page.';

function ThrowDuringRender(): never {
  throw new Error(TEST_ERROR_MESSAGE);
}

function ReportingStatus() {
  const config = useConfig();
  if (config.isPending) return <Badge variant="gray">Checking configuration…</Badge>;
  if (config.data?.sentryDsn) return <Badge variant="success">Sentry is on · {config.data.environment}</Badge>;
  return <Badge variant="coral">Sentry is off: no DSN configured</Badge>;
}

export function TestSentryPage() {
  const [armed, setArmed] = useState(false);
  return (
    <div className="space-y-8">
      <PageHeader
        icon={Bug}
        title="Error Reporting Test"
        description={
          <p>
            Checks that a crash in the browser is caught and reported. The button throws an error while this page renders: the error screen should appear, the
            client error monitor records the error and, when Sentry is configured for this environment, it is sent there with a session replay.
          </p>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium text-gray-900">Error reporting in this environment</p>
            <div className="mt-2">
              <ReportingStatus />
            </div>
          </div>
          <Button variant="accent" onClick={() => setArmed(true)}>
            <Bug aria-hidden="true" className="size-4" />
            Throw test error
          </Button>
        </CardContent>
      </Card>
      {armed ? <ThrowDuringRender /> : null}
    </div>
  );
}

export { TestSentryPage as Component };
