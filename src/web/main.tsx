import '@web/lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '@web/app/error-boundary';
import { installFeedbackContextCapture } from '@web/app/feedback-widget/context';
import { AppProviders } from '@web/app/providers';
import { createAppRouter } from '@web/app/router';
import { configQueryOptions } from '@web/features/app-config/api/get-config';
import { installGlobalHandlers } from '@web/lib/error-monitor';
import { queryClient } from '@web/lib/query-client';
import { initSentry } from '@web/lib/sentry';
import './styles.css';

installGlobalHandlers();
// Feedback carries the console errors, failed requests and navigation since the app started (access
// spec §7), so recording begins here, before the first render.
installFeedbackContextCapture();

// Error reporting must not delay the first paint; it starts once the configuration arrives.
queryClient
  .fetchQuery(configQueryOptions())
  .then((config) => initSentry(config))
  .catch(() => undefined);

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, so the first render does
// not hold the main thread in one long task (issue T2 1/5: total blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <AppErrorBoundary name="root">
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  ),
);
