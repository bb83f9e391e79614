import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyListingView } from '@shared/schemas/directory';
import { serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { PublicProfileCard } from './public-profile-card';

const HOSPITAL = { name: 'Northfield Health', directoryEnabled: true, requiresApproval: true };
const DRAFT: MyListingView = {
  status: 'draft',
  hospital: HOSPITAL,
  publicPath: null,
  requestedAt: null,
  publishedAt: null,
  reason: null,
  emailConfirmed: true,
  identityCheck: null,
};

function show(view: MyListingView) {
  const api = serveApi({ '/api/me/directory': { body: view }, 'PUT /api/me/directory': { body: { ...view, status: 'pending' } } });
  renderAt('/dashboard', <PublicProfileCard />);
  return api;
}
/** The card's own buttons (a toast left by an earlier test has its own close button). */
const card = () => screen.getByRole('heading', { name: 'Public profile' }).closest('.rounded-2xl') as HTMLElement;
const buttons = () =>
  within(card())
    .queryAllByRole('button')
    .map((button) => button.textContent);

// Issue 35 item 1: the dashboard's publishing card says in words whether patients can find the
// provider, what is missing first, offers one button, and links the public page once it is live.
describe('PublicProfileCard', () => {
  it('not published, e-mail unconfirmed: says what is missing, and the one button waits for it', async () => {
    show({ ...DRAFT, emailConfirmed: false });
    expect((await screen.findByRole('status')).textContent).toBe('Your profile is not in the public directory.');
    expect(screen.getByText('Before your profile can be public, confirm your e-mail address: open the link we e-mail you.')).toBeDefined();
    expect(buttons()).toEqual(['E-mail me the confirmation link', 'Ask to publish my profile']);
    expect((screen.getByRole('button', { name: 'Ask to publish my profile' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card()).queryAllByRole('link')).toEqual([]);
  });

  it('not published, e-mail confirmed: one button asks to publish', async () => {
    const api = show(DRAFT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask to publish my profile' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ publish: true }]));
  });

  it('waiting for the hospital: says so, with the registry name check the hospital will look at', async () => {
    show({
      ...DRAFT,
      status: 'pending',
      requestedAt: '2026-11-20T10:00:00.000Z',
      identityCheck: {
        emailConfirmed: true,
        npi: '1234567893',
        registryName: 'ANA LOPEZ',
        profileName: 'Ana Lopes',
        nameCheck: 'mismatch',
        checkedAt: '2026-11-20T10:00:00.000Z',
      },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Your request to publish is waiting for your hospital’s approval.');
    expect(screen.getByText('The name differs from the NPI registry’s record: your hospital will check it before approving.')).toBeDefined();
    expect(buttons()).toEqual(['Withdraw request']);
  });

  it('published: links the public page, and the one button takes it down', async () => {
    show({ ...DRAFT, status: 'published', publicPath: '/find/northfield/ana-lopez', publishedAt: '2026-11-21T10:00:00.000Z' });
    expect((await screen.findByRole('status')).textContent).toBe('Your profile is public.');
    expect(screen.getByRole('link', { name: /See your public page/ }).getAttribute('href')).toBe('/find/northfield/ana-lopez');
    expect(buttons()).toEqual(['Take my profile down']);
  });

  it('taken down by the hospital: says so with their reason, and asking again is the one button', async () => {
    show({ ...DRAFT, status: 'removed', reason: 'The photo is of someone else.' });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your hospital took your profile out of its public directory. You can ask again; your hospital will review it.',
    );
    expect(screen.getByText('Their reason: The photo is of someone else.')).toBeDefined();
    expect(buttons()).toEqual(['Ask to publish my profile']);
  });

  it('without a hospital: says where patients would find the profile', async () => {
    show({ ...DRAFT, hospital: null });
    expect(await screen.findByText('Join a hospital first: its public directory is where patients find your profile.')).toBeDefined();
    expect(buttons()).toEqual([]);
  });
});
