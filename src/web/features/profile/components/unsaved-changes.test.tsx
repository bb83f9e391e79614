import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@web/test/render';
import { UnsavedChangesProvider, useReportUnsaved } from './unsaved-changes';

function Editor({ id }: { id: string }) {
  const [dirty, setDirty] = useState(false);
  useReportUnsaved(id, dirty);
  return (
    <label>
      <input type="checkbox" checked={dirty} onChange={(event) => setDirty(event.target.checked)} />
      {id} has changes
    </label>
  );
}

function Page() {
  const navigate = useNavigate();
  return (
    <UnsavedChangesProvider>
      <h1>Biography</h1>
      <Editor id="biography" />
      <Editor id="awards" />
      <Link to="/publications">Publications</Link>
      <button type="button" onClick={() => void navigate('/login')}>
        Session ended
      </button>
    </UnsavedChangesProvider>
  );
}

function renderGuard() {
  return renderRoutes(
    [
      { path: '/biography', element: <Page /> },
      { path: '/publications', element: <h1>Publications</h1> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: ['/biography'] },
  );
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('unsaved-changes guard', () => {
  it('lets navigation through while nothing is dirty', async () => {
    const { router } = renderGuard();
    expect(beforeUnloadPrevented()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Publications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publications'));
  });

  it('asks before leaving with changes: stay keeps the page, leave goes on', async () => {
    const { router } = renderGuard();
    fireEvent.click(screen.getByLabelText('awards has changes'));
    expect(beforeUnloadPrevented()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Publications' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/biography');
    expect((screen.getByLabelText('awards has changes') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Publications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publications'));
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('stays armed while any form on the page is dirty', async () => {
    renderGuard();
    fireEvent.click(screen.getByLabelText('biography has changes'));
    fireEvent.click(screen.getByLabelText('awards has changes'));
    fireEvent.click(screen.getByLabelText('biography has changes'));
    expect(beforeUnloadPrevented()).toBe(true);
    fireEvent.click(screen.getByLabelText('awards has changes'));
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('never holds back the way to the login page (the session has ended)', async () => {
    const { router } = renderGuard();
    fireEvent.click(screen.getByLabelText('biography has changes'));
    fireEvent.click(screen.getByRole('button', { name: 'Session ended' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
