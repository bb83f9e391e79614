import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@shared/schemas/roster-claims';
import { type Route, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { ClaimPage } from './claim-page';

const TOKEN = `${'a'.repeat(32)}${'B'.repeat(43)}`;

/** The claim link's state answers GET /api/roster-claims/:token; `routes` adds the page's other calls. */
function renderClaim(claim: Route, routes: Record<string, Route> = {}) {
  const api = serveApi({ [`/api/roster-claims/${TOKEN}`]: claim, '/api/auth/session': { body: { user: null } }, ...routes });
  const view = renderRoutes(
    [
      { path: '/claim/:token', element: <ClaimPage /> },
      { path: '/roster-review', element: <h1>Review</h1> },
    ],
    { initialEntries: [`/claim/${TOKEN}`] },
  );
  return { ...view, api };
}

const OPEN = {
  state: 'open',
  hospitalName: 'Grady Health',
  brandColor: null,
  providerName: 'Anthony Barnes',
  specialty: 'Urology',
  emailHint: 'a•••@example.org',
  expiresAt: '2026-12-05T10:00:00.000Z',
};

describe('ClaimPage', () => {
  it('shows the hospital and the pre-filled name, claims with a password and the terms, and goes to the review', async () => {
    const { api, router } = renderClaim(
      { body: OPEN },
      { [`POST /api/roster-claims/${TOKEN}/password`]: { body: { claimed: true, redirectTo: '/roster-review' } } },
    );
    const claims = () => api.callsTo('POST', `/api/roster-claims/${TOKEN}/password`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Claim your profile, Anthony Barnes');
    expect(screen.getByText('Grady Health').textContent).toBe('Grady Health');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'steady harbor lantern 42' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'steady harbor lantern 42' } });
    // Without the terms: the form says so and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Claim my profile' }));
    expect((await screen.findByText(CLAIM_MESSAGES.termsRequired)).textContent).toBe(CLAIM_MESSAGES.termsRequired);
    expect(claims()).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Claim my profile' }));
    expect((await screen.findByRole('heading', { name: 'Review' })).textContent).toBe('Review');
    expect(router.state.location.pathname).toBe('/roster-review');
    expect(claims().map((call) => call.body)).toEqual([{ password: 'steady harbor lantern 42', agreedToTerms: true }]);
  });

  it('says why a link does not work: expired, ask the hospital', async () => {
    renderClaim({ body: { state: 'refused', reason: 'expired', hospitalName: 'Grady Health', message: CLAIM_MESSAGES.expired('Grady Health') } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This link has expired');
    expect(screen.getByText(CLAIM_MESSAGES.expired('Grady Health')).textContent).toBe('This claim link has expired. Ask Grady Health for a new link.');
  });

  it('offers Sign out when the link is opened by someone else', async () => {
    renderClaim({
      body: {
        state: 'refused',
        reason: 'other_user',
        hospitalName: 'Grady Health',
        signedInAs: 'x@example.org',
        message: CLAIM_MESSAGES.otherUser('x@example.org'),
      },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('You are signed in as someone else');
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
  });
});
