import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberNav } from '@web/app/layouts/member-nav';
import { SECTION_IDS } from '@shared/limits';
import { renderRoutes } from '@web/test/render';
import { notFound, serveApi } from '@web/test/api';

const permissions = SECTION_IDS.map((sectionId) => ({
  sectionId,
  isVisible: !['clinical_trials', 'media_press'].includes(sectionId),
  isRequired: sectionId === 'professional_identity',
}));

describe('member sidebar sections', () => {
  it('leaves out the sections the hospital hides and shows each status as a described dot', async () => {
    serveApi({
      '/api/me/sections': { body: { hospitalId: 'h1', items: permissions } },
      '/api/dashboard': {
        body: {
          user: { id: 'u1', email: 'a@b.c', fullName: 'A B' },
          completionPercentage: 0,
          nextSteps: [],
          sections: permissions.map((p) => ({
            ...p,
            title: p.sectionId,
            path: `/${p.sectionId}`,
            status: p.sectionId === 'professional_identity' ? 'complete' : p.sectionId === 'biography' ? 'needs_update' : 'missing',
            isStale: false,
            updatedAt: null,
          })),
        },
      },
    });
    renderRoutes([{ path: '/', element: <MemberNav /> }]);
    const nav = within(screen.getByRole('navigation', { name: 'Member' }));
    await waitFor(() => expect(nav.queryByRole('link', { name: 'Clinical Trials' })).toBeNull());
    expect(nav.queryByRole('link', { name: 'Media & Press' })).toBeNull();
    const identity = nav.getByRole('link', { name: 'Professional Identity' });
    await waitFor(() => expect(identity.getAttribute('aria-describedby')).toMatch(/\S/));
    expect(document.getElementById(identity.getAttribute('aria-describedby')!)?.textContent).toBe('Complete');
    const biography = nav.getByRole('link', { name: 'Biography' });
    expect(document.getElementById(biography.getAttribute('aria-describedby')!)?.textContent).toBe('Needs update');
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('shows every section when the permissions cannot be read', async () => {
    serveApi({ '/api/me/sections': notFound, '/api/dashboard': notFound });
    renderRoutes([{ path: '/', element: <MemberNav /> }]);
    const nav = within(screen.getByRole('navigation', { name: 'Member' }));
    for (const name of ['Professional Identity', 'Clinical Trials', 'Media & Press', 'Medical Expertise'])
      expect(nav.getByRole('link', { name })).toBeDefined();
  });
});
