import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PendingUpdateDto } from '@shared/schemas/yext';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { PendingUpdatesModal, PendingUpdatesNotice } from './pending-updates-modal';

const update = (fields: Partial<PendingUpdateDto>): PendingUpdateDto => ({
  id: 'u-1',
  sectionId: 'biography',
  sectionLabel: 'Biography',
  field: 'professionalSummary',
  fieldLabel: 'Professional summary',
  currentValue: 'My words.',
  newValue: 'Directory biography.',
  currentDisplay: 'My words.',
  newDisplay: 'Directory biography.',
  source: 'yext',
  status: 'pending',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...fields,
});

/** The pending-updates API: lists what is left and records what the dialog sends. */
function server(initial: PendingUpdateDto[], acceptAll: (ids: string[]) => unknown = (ids) => ({ accepted: ids.length, failed: 0, failures: [], items: [] })) {
  let open = [...initial];
  const sent: Array<{ url: string; method: string }> = [];
  serveApi({
    '/api/pending-updates': () => ({ body: { items: open } }),
    'POST /api/pending-updates/accept-all': (call) => {
      sent.push({ url: call.path, method: call.method });
      const body = acceptAll(open.map((u) => u.id)) as { items: PendingUpdateDto[] };
      open = body.items;
      return { body };
    },
    'POST /api/pending-updates/:id/:decision': (call) => {
      sent.push({ url: call.path, method: call.method });
      const [, , , id, decision] = call.path.split('/');
      const found = open.find((u) => u.id === id);
      open = open.filter((u) => u.id !== id);
      return { body: { ...found, status: decision === 'accept' ? 'accepted' : 'dismissed' } };
    },
  });
  return sent;
}

describe('PendingUpdatesModal', () => {
  it('shows each field with its current value, the new value and the source', async () => {
    server([
      update({}),
      update({
        id: 'u-2',
        sectionId: 'practice_essentials',
        sectionLabel: 'Practice essentials',
        field: 'acceptingNewPatients',
        fieldLabel: 'Accepting new patients',
        currentDisplay: 'No',
        newDisplay: 'Yes',
        source: 'npi_registry',
      }),
    ]);
    renderAt('/dashboard', <PendingUpdatesModal open onOpenChange={() => {}} />);
    const bio = await screen.findByRole('listitem', { name: 'Biography · Professional summary' });
    expect(within(bio).getByText('My words.')).toBeDefined();
    expect(within(bio).getByText('Directory biography.')).toBeDefined();
    expect(within(bio).getByText('From YEXT')).toBeDefined();
    const practice = screen.getByRole('listitem', { name: 'Practice essentials · Accepting new patients' });
    expect(within(practice).getByText('From NPI Registry')).toBeDefined();
    expect(within(practice).getByText('No')).toBeDefined();
    expect(within(practice).getByText('Yes')).toBeDefined();
  });

  it('accepts or dismisses one update at a time', async () => {
    const sent = server([update({}), update({ id: 'u-2', field: 'memberships', fieldLabel: 'Memberships', currentDisplay: 'Not set', newDisplay: 'AHA' })]);
    renderAt('/dashboard', <PendingUpdatesModal open onOpenChange={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Biography · Professional summary' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Biography · Professional summary' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Biography · Memberships' }));
    expect(await screen.findByText('You’re all caught up: there are no updates to review.')).toBeDefined();
    expect(sent).toEqual([
      { url: '/api/pending-updates/u-1/accept', method: 'POST' },
      { url: '/api/pending-updates/u-2/dismiss', method: 'POST' },
    ]);
  });

  it('accepts all and says which ones could not be applied', async () => {
    const sent = server(
      [update({}), update({ id: 'u-2', sectionId: 'languages', sectionLabel: 'Languages', field: 'items', fieldLabel: 'Languages' })],
      (ids) => ({
        accepted: 1,
        failed: 1,
        failures: [{ id: ids[1], error: 'Invalid language code: xx' }],
        items: [update({ id: 'u-2', sectionId: 'languages', sectionLabel: 'Languages', field: 'items', fieldLabel: 'Languages' })],
      }),
    );
    renderAt('/dashboard', <PendingUpdatesModal open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Languages' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect((await screen.findByRole('alert')).textContent).toBe('1 update could not be applied: Invalid language code: xx');
    expect(sent).toEqual([{ url: '/api/pending-updates/accept-all', method: 'POST' }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Biography · Professional summary' })).toBeNull());
  });
});

describe('PendingUpdatesNotice', () => {
  it('renders nothing without updates', async () => {
    const api = serveApi({ '/api/pending-updates': { body: { items: [] } } });
    const { container } = renderAt('/dashboard', <PendingUpdatesNotice />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('counts the updates and opens the dialog', async () => {
    server([update({}), update({ id: 'u-2', field: 'memberships', fieldLabel: 'Memberships' })]);
    renderAt('/dashboard', <PendingUpdatesNotice />);
    expect(await screen.findByText('2 updates from your directory are waiting for your review.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Review updates' }));
    expect(await screen.findByRole('dialog', { name: 'Updates to your profile' })).toBeDefined();
  });
});
