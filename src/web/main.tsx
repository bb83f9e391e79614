import '@web/lib/zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from '@web/app/app-root';
import { installFeedbackContextCapture } from '@web/app/feedback-widget/context';
import { createAppRouter, routes } from '@web/app/router';
import { adoptServerState, readServerState } from '@web/app/server-rendered';
import { configQueryOptions } from '@web/lib/app-config';
import { installGlobalHandlers } from '@web/lib/error-monitor';
import { queryClient } from '@web/lib/query-client';
import { initSentry } from '@web/lib/sentry';
import './styles.css';

installGlobalHandlers();
// Feedback carries the console errors, failed requests and navigation since the app started (access
// spec §7), so recording begins here, before the first render.
installFeedbackContextCapture();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A member page may come rendered from the server (decision 0015): React then takes over its HTML
// instead of building the page again.
const serverState = readServerState(document);
if (serverState) await adoptServerState(serverState, queryClient, routes, window.location.pathname);

// Error reporting must not delay the first paint; it starts once the configuration arrives (from the
// server's page, when it brought one).
queryClient
  .fetchQuery(configQueryOptions())
  .then((config) => initSentry(config))
  .catch(() => undefined);

const router = createAppRouter(serverState?.router);
const app = (
  <AppRoot client={queryClient} renderedAt={serverState?.renderedAt}>
    <RouterProvider router={router} />
  </AppRoot>
);

// A transition renders (or hydrates) in slices that yield to the browser between them, so the first
// render does not hold the main thread in one long task (issue T2 1/5: total blocking time).
startTransition(() => {
  if (serverState) {
    // Where the browser's first render differs from the HTML, React renders that part anew and
    // reports the difference as a window error (the error monitor records those).
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
