import type { AdminUserRow } from '../api/users';

/** A provider as the console's user list and profile page receive them; tests change what they look at. */
export function adminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
    email: 'cy.never@example.org',
    fullName: 'Cy Never',
    jobTitle: null,
    npiNumber: null,
    hospitalId: null,
    hospitalName: null,
    status: 'active',
    tier: 'beta',
    emailVerified: true,
    profileCompletionPercentage: 10,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    listingStatus: 'draft',
    ...overrides,
  };
}
