import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '@shared/errors';
import { sessionQueryKey } from '@web/lib/session';
import { createTestQueryClient, renderRoutes } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { NotFound } from './not-found';

function renderNotFound(session: { user: { id: string; email: string } | null }) {
  const client = createTestQueryClient();
  client.setQueryData(sessionQueryKey, session);
  return renderRoutes(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/previous', element: <p>Previous page</p> },
      { path: '*', element: <NotFound /> },
    ],
    { client, initialEntries: ['/previous', '/no-such-page'] },
  );
}

const link = (name: string) => screen.queryByRole('link', { name });

describe('NotFound', () => {
  it('shows the title, the text and the actions everybody gets', () => {
    renderNotFound({ user: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(NOT_FOUND_TEXT.title);
    expect(screen.getByText(NOT_FOUND_TEXT.body)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeDefined();
    expect(link('Return to Home')?.getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: /Help Center/ }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: /let us know/i }).getAttribute('href')).toBe('/feedback');
  });

  it('offers provider and admin login to signed-out visitors', () => {
    renderNotFound({ user: null });
    expect(screen.getByRole('link', { name: /Provider Login/ }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /Admin Login/ }).getAttribute('href')).toBe('/admin/login');
    expect(screen.queryByRole('link', { name: /Go to Dashboard/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Send Feedback/ })).toBeNull();
  });

  it('offers the dashboard and feedback to signed-in users', () => {
    renderNotFound({ user: { id: 'u1', email: 'maya.okafor@example.org' } });
    expect(screen.getByRole('link', { name: /Go to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: /Send Feedback/ }).getAttribute('href')).toBe('/feedback');
    expect(screen.queryByRole('link', { name: /Provider Login/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Admin Login/ })).toBeNull();
  });

  it('asks the server who is signed in and treats a 401 as signed out', async () => {
    serveApi({ '/api/auth/session': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } } } });
    renderRoutes([{ path: '*', element: <NotFound /> }], { initialEntries: ['/missing'] });
    expect(screen.queryByRole('link', { name: /Provider Login/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: /Provider Login/ })).toBeDefined());
  });

  it('goes back in history with Go Back', async () => {
    renderNotFound({ user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByText('Previous page')).toBeDefined());
  });

  it('goes home with Go Back when there is no earlier page', async () => {
    const client = createTestQueryClient();
    client.setQueryData(sessionQueryKey, { user: null });
    renderRoutes(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '*', element: <NotFound /> },
      ],
      { client, initialEntries: ['/no-such-page'] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByText('Home page')).toBeDefined());
  });
});
