import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_LIST_CAPS } from '@shared/limits';
import { listCapMessage, PROFILE_MESSAGES } from '@shared/schemas/profile';
import { renderRoutes } from '@web/test/render';
import { InsuranceEditor } from '../extras/insurance-editor';
import { SocialMediaEditor } from '../extras/social-media-editor';
import { serveApi } from '@web/test/api';

const row = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Insurance plan ${n}(:|$)`) });
const nameInput = (n: number) => within(row(n)).getByLabelText('Insurance name') as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

function renderEditor(items: unknown[] = []) {
  const api = serveApi({
    '/api/profile/sections/insurance': { body: { sectionId: 'insurance', data: { items }, updatedAt: null } },
    'PUT /api/profile/sections/insurance': ({ body }) => ({
      body: {
        sectionId: 'insurance',
        data: { items: (body as { items: Array<Record<string, unknown>> }).items.map((item, index) => ({ id: `saved-${index}`, ...item })) },
        updatedAt: '2025-01-01T00:00:00.000Z',
        completionPercentage: 0,
      },
    }),
  });
  renderRoutes([{ path: '/', element: <InsuranceEditor /> }]);
  return api;
}

describe('ListEditor (insurance accepted)', () => {
  it('starts with an empty state and adds a row with its first field focused', async () => {
    renderEditor();
    expect(await screen.findByText('No insurance listed yet')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance plan' }));
    expect(row(1)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(nameInput(1)));
    expect(screen.getByText('Unsaved changes')).toBeDefined();
  });

  it('reorders rows with the up and down buttons and removes a row', async () => {
    renderEditor([
      { id: 'a', insuranceName: 'Aetna', planType: 'PPO' },
      { id: 'b', insuranceName: 'Cigna', planType: null },
      { id: 'c', insuranceName: 'Medicare', planType: null },
    ]);
    await screen.findByRole('listitem', { name: 'Insurance plan 1: Aetna · PPO' });
    expect((screen.getByRole('button', { name: 'Move insurance plan 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move insurance plan 3 down' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move insurance plan 3 up' }));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Insurance plan 1: Aetna · PPO',
      'Insurance plan 2: Medicare',
      'Insurance plan 3: Cigna',
    ]);
    // Focus follows the moved row's button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move insurance plan 2 up' })));

    fireEvent.click(screen.getByRole('button', { name: 'Move insurance plan 1 down' }));
    expect(nameInput(1).value).toBe('Medicare');
    expect(nameInput(2).value).toBe('Aetna');

    fireEvent.click(screen.getByRole('button', { name: 'Remove insurance plan 2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(nameInput(2).value).toBe('Cigna');
  });

  it('validates each row with the shared schema before saving, then saves the list in its order', async () => {
    const api = renderEditor([{ id: 'a', insuranceName: 'Aetna', planType: null }]);
    await screen.findByRole('listitem', { name: 'Insurance plan 1: Aetna' });
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance plan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save insurance' }));

    expect(await screen.findByText(PROFILE_MESSAGES.insuranceNameRequired)).toBeDefined();
    expect(nameInput(2).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Check the highlighted fields');
    expect(api.callsTo('PUT', '/api/profile/sections/insurance')).toHaveLength(0);

    type(nameInput(2), '  Humana  ');
    fireEvent.click(screen.getByRole('button', { name: 'Move insurance plan 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save insurance' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/profile/sections/insurance')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/profile/sections/insurance')[0]?.body).toEqual({
      items: [
        { insuranceName: 'Humana', planType: null },
        { insuranceName: 'Aetna', planType: null },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(screen.queryByText(PROFILE_MESSAGES.insuranceNameRequired)).toBeNull();
  });

  it('rolls back to unsaved and shows the server message when the save fails', async () => {
    const api = serveApi({
      '/api/profile/sections/insurance': { body: { sectionId: 'insurance', data: { items: [] }, updatedAt: null } },
      'PUT /api/profile/sections/insurance': { status: 500, body: { error: { code: 'SAVE_FAILED', message: 'Failed to save insurance' } } },
    });
    renderRoutes([{ path: '/', element: <InsuranceEditor /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add insurance plan' }));
    type(nameInput(1), 'Tricare');
    fireEvent.click(screen.getByRole('button', { name: 'Save insurance' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to save insurance');
    expect(api.callsTo('PUT', '/api/profile/sections/insurance').length).toBeGreaterThan(0);
    expect(screen.getByText('Unsaved changes')).toBeDefined();
    expect(nameInput(1).value).toBe('Tricare');
  });
});

describe('ListEditor at a list’s cap (social media, 20)', () => {
  it('stops at the cap with the server’s words; a list over it (saved before the cap) is refused before sending', async () => {
    const cap = PROFILE_LIST_CAPS.social_media;
    const accounts = Array.from({ length: cap + 1 }, (_, i) => ({
      id: `a-${i}`,
      platform: `Network ${i}`,
      username: null,
      profileUrl: `https://example.org/${i}`,
      isVisible: true,
      displayOrder: i,
    }));
    const api = serveApi({
      '/api/profile/sections/social_media': { body: { sectionId: 'social_media', data: { items: accounts }, updatedAt: null } },
      'PUT /api/profile/sections/social_media': ({ body }) => ({
        body: { sectionId: 'social_media', data: body, updatedAt: '2025-01-01T00:00:00.000Z', completionPercentage: 0 },
      }),
    });
    renderRoutes([{ path: '/', element: <SocialMediaEditor /> }]);
    const add = () => screen.getByRole('button', { name: 'Add account' }) as HTMLButtonElement;
    const puts = () => api.callsTo('PUT', '/api/profile/sections/social_media');
    expect((await screen.findByText(`${listCapMessage('social_media')}: remove one to add another.`)).textContent).toBe(
      `${listCapMessage('social_media')}: remove one to add another.`,
    );
    expect(add().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save social media' }));
    // Under the list, as the server would say it (the form's own summary may say more besides).
    expect((await screen.findByText(listCapMessage('social_media'))).textContent).toBe(listCapMessage('social_media'));
    expect(puts()).toHaveLength(0);

    // At the cap Add stays off; one below it, Add is back and the list saves.
    fireEvent.click(screen.getByRole('button', { name: `Remove account ${cap + 1}` }));
    expect(add().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: `Remove account ${cap}` }));
    await waitFor(() => expect(add().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save social media' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect((puts()[0]?.body as { items: unknown[] }).items).toHaveLength(cap - 1);
  }, 30_000);
});
