import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_FALLBACK_TEXT } from '@shared/errors';
import { errorMonitor } from '@web/lib/error-monitor';
import { serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { AppErrorBoundary } from './error-boundary';
import { ErrorFallback } from './error-fallback';
import { RouteError } from './route-error';

let shouldThrow = true;

function Unstable() {
  if (shouldThrow) throw new Error('Render failed');
  return <p>Recovered content</p>;
}

/** Mirrors the layouts: a boundary that clears itself when the path changes. */
function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKeys={[pathname]} name="test">
      <Unstable />
    </AppErrorBoundary>
  );
}

beforeEach(() => {
  shouldThrow = true;
  errorMonitor.clear();
  // React logs every caught render error; the tests expect them.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorFallback', () => {
  it('shows the generic title, text and both actions', () => {
    render(<ErrorFallback />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ERROR_FALLBACK_TEXT.title);
    expect(screen.getByText(ERROR_FALLBACK_TEXT.body)).toBeDefined();
    expect(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.retry })).toBeDefined();
    expect(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.home })).toBeDefined();
  });

  it('Try Again clears the error and renders the page again', async () => {
    renderRoutes([{ path: '/broken', element: <PageBoundary /> }], { initialEntries: ['/broken'] });
    expect(screen.getByRole('alert').textContent).toContain(ERROR_FALLBACK_TEXT.title);

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.retry }));

    await waitFor(() => expect(screen.getByText('Recovered content')).toBeDefined());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Go to Home navigates to the landing page', async () => {
    const { router } = renderRoutes(
      [
        { path: '/', element: <p>Landing page</p> },
        { path: '/broken', element: <PageBoundary /> },
      ],
      { initialEntries: ['/broken'] },
    );
    fireEvent.click(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.home }));
    await waitFor(() => expect(screen.getByText('Landing page')).toBeDefined());
    expect(router.state.location.pathname).toBe('/');
  });

  it('reports the caught error to the client error monitor', () => {
    renderRoutes([{ path: '/broken', element: <PageBoundary /> }], { initialEntries: ['/broken'] });
    const [report] = errorMonitor.getReports();
    expect(report?.message).toBe('Render failed');
    expect(report?.context).toMatchObject({ source: 'error-boundary', boundary: 'test' });
  });

  it('lets a boundary supply its own fallback', () => {
    render(
      <AppErrorBoundary fallback={({ resetErrorBoundary }) => <button onClick={() => resetErrorBoundary()}>Reload the chart</button>}>
        <Unstable />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reload the chart' })).toBeDefined();
    expect(screen.queryByText(ERROR_FALLBACK_TEXT.title)).toBeNull();
  });
});

describe('RouteError (the router errorElement)', () => {
  it('shows the fallback for a failing loader, and Try Again runs it again', async () => {
    let attempts = 0;
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          HydrateFallback: () => null,
          loader: () => {
            attempts += 1;
            if (attempts === 1) throw new Error('Loader failed');
            return null;
          },
          element: <p>Loaded page</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    await waitFor(() => expect(screen.getByText(ERROR_FALLBACK_TEXT.title)).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: ERROR_FALLBACK_TEXT.retry }));
    await waitFor(() => expect(screen.getByText('Loaded page')).toBeDefined());
  });

  it('shows Page Not Found for a 404 response', async () => {
    // The not-found page asks who is signed in (its links depend on it): nobody.
    serveApi({ '/api/auth/session': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } } } });
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          HydrateFallback: () => null,
          loader: () => {
            throw new Response('Not here', { status: 404 });
          },
          element: <p>Never shown</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeDefined());
  });
});
