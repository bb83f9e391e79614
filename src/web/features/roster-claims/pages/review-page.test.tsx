import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import { RosterReviewPage } from './review-page';

// The page tour (issue 35) opens /roster-review as a provider who signed up alone: the server's 404
// means there is nothing to review, which the page says plainly instead of as a red failure.
describe('RosterReviewPage', () => {
  it('tells a provider without a roster profile there is nothing to review, without an error alert', async () => {
    serveApi({
      '/api/me/roster-review': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'This account was not made from a hospital roster: there is nothing to review here.' } },
      },
    });
    renderRoutes([{ path: '/roster-review', element: <RosterReviewPage /> }], { initialEntries: ['/roster-review'] });
    expect(await screen.findByText('This account was not made from a hospital roster: there is nothing to review here.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Your review could not be loaded')).toBeNull();
  });
});
