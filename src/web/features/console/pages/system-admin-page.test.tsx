import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { routes } from '@web/app/router';
import { notFound, type Route, serveApi } from '@web/test/api';
import { renderRoutes } from '@web/test/render';
import type { AdminDto } from '../api/list-admins';
import { consoleSectionsFor } from '../console-sections';

const NORTHFIELD = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const STARTED = new Date().toISOString();

const systemAdmin = {
  id: 'a-sys',
  email: 'admin@vitae.local',
  full_name: 'Sam System',
  role: 'system_admin',
  hospital_id: null,
  must_change_password: false,
  session_started_at: STARTED,
};
const hospitalAdmin = {
  id: 'a-hosp',
  email: 'hospital.admin@northfield.example',
  full_name: 'Hana Hospital',
  role: 'hospital_admin',
  hospital_id: NORTHFIELD,
  must_change_password: false,
  session_started_at: STARTED,
};

function row(fields: Partial<AdminDto>): AdminDto {
  return {
    id: 'x',
    email: 'x@example.org',
    full_name: 'X',
    first_name: null,
    last_name: null,
    role: 'hospital_admin',
    hospital_id: NORTHFIELD,
    hospital_name: 'Northfield Health',
    is_active: true,
    is_super_admin: false,
    must_change_password: false,
    email_verified: true,
    permissions: [],
    created_by: null,
    updated_by: null,
    last_login_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

/**
 * Answers the console's own calls (who is signed in, hospital options, figures) and the test's
 * `routes`; every answered call is recorded with its query string.
 */
function serve(me: object, routes: Record<string, Route> = {}) {
  const api = serveApi({
    '/api/admin/me': { body: me },
    '/api/hospitals/options': { body: { items: [{ id: NORTHFIELD, name: 'Northfield Health', dataSource: 'npi_registry' }] } },
    '/api/admin/stats': { body: { hospitals: 3, users: 42, activeHospitals: 2, sectionsConfigured: 27 } },
    // The dashboard's work card is tested on its own (work-card.test.tsx); here it fails quietly.
    '/api/admin/work': notFound,
    ...routes,
  });
  return {
    some: (path: string) => api.calls.some((call) => `${call.path}${call.search.size > 0 ? `?${call.search}` : ''}` === path),
    calls: api.calls,
  };
}

function visit(path: string) {
  return renderRoutes(routes, { initialEntries: [path] });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('console navigation', () => {
  it('shows a system administrator Dashboard, Administrators and Audit log, and the figures', async () => {
    serve(systemAdmin);
    visit('/system-admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0] as HTMLElement;
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // Sections switch on as their issues land; the sidebar follows console-sections.ts.
    expect(labels).toEqual(consoleSectionsFor('system_admin').map((section) => section.label));
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Hospitals', 'Users', 'Administrators', 'Taxonomy', 'Expertise terms', 'Brand', 'Audit log']));
    expect(await screen.findByText('42')).toBeDefined();
    expect(screen.getAllByText('All hospitals').length).toBeGreaterThan(0);
    // Issue 35 item 5: work to do (work-card.test.tsx) instead of the 'Your session' box.
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for you' })).toBeDefined();
    expect(screen.queryByText('Your session')).toBeNull();
  });

  it('shows a hospital administrator their hospital and no audit log', async () => {
    serve(hospitalAdmin);
    visit('/system-admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0] as HTMLElement;
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(consoleSectionsFor('hospital_admin').map((section) => section.label));
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Hospitals', 'Users', 'Administrators', 'Taxonomy', 'Expertise terms', 'Brand']));
    expect(labels).not.toContain('Audit log');
    expect((await screen.findAllByText('Northfield Health')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('is the one navigation; the header names the console; no developer pages for a hospital administrator', async () => {
    serve(hospitalAdmin);
    visit('/system-admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Vitae Hospital console home' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    for (const name of ['System Admin', 'Listing Test', 'Expertise Test', 'Field Mapping', 'Database Schema', 'Error Reporting Test', 'Developer tools']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('gives a system administrator the technical pages under one Developer tools entry', async () => {
    serve(systemAdmin);
    visit('/system-admin/developer-tools');
    expect(await screen.findByRole('heading', { level: 1, name: 'Developer tools' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Vitae System console home' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Developer tools' })).toBeDefined();
    expect(within(nav).queryByRole('link', { name: /Database schema/i })).toBeNull();
    expect(screen.getByRole('link', { name: /Database schema/ }).getAttribute('href')).toBe('/database-schema');
    expect(screen.getByRole('link', { name: /Error reporting test/ }).getAttribute('href')).toBe('/test-sentry');
  });

  it('sends a hospital administrator away from the developer tools', async () => {
    serve(hospitalAdmin);
    const { router } = visit('/system-admin/developer-tools');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system-admin'));
  });

  it('sends a hospital administrator away from the audit log', async () => {
    // Declared so that a request for it would be recorded here rather than only fail the test.
    const api = serve(hospitalAdmin, { '/api/admin/audit-log': { body: { items: [], totalCount: 0 } } });
    const { router } = visit('/system-admin/audit-log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system-admin'));
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin/audit-log'))).toHaveLength(0);
  });
});

describe('Administrators', () => {
  const admins = [
    row({ id: 'a-sys', email: 'admin@vitae.local', full_name: 'Sam System', role: 'system_admin', hospital_id: null, hospital_name: null }),
    row({ id: 'a-other', email: 'ops@vitae.local', full_name: 'Olu Ops', role: 'system_admin', hospital_id: null, hospital_name: null }),
    row({ id: 'a-hosp', email: 'hospital.admin@northfield.example', full_name: 'Hana Hospital', is_active: false }),
  ];

  it('lists administrators and searches by name or e-mail', async () => {
    const api = serve(systemAdmin, { '/api/admin/admins': { body: { items: admins, totalCount: 3 } } });
    visit('/system-admin/admins');
    expect(await screen.findByText('ops@vitae.local')).toBeDefined();
    expect(screen.getByText('Deactivated')).toBeDefined();
    expect(screen.getByText('1–3 of 3 administrators')).toBeDefined();
    // Your own row offers no deactivate or delete: the server refuses both.
    expect(screen.queryByRole('button', { name: 'Delete Sam System' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reactivate Hana Hospital' })).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search administrators' }), { target: { value: 'olu' } });
    await waitFor(() => expect(api.some('/api/admin/admins?page=1&pageSize=20&q=olu')).toBe(true));
  });

  it('confirms a deletion and shows the server’s refusal in the dialog', async () => {
    const api = serve(systemAdmin, {
      '/api/admin/admins': { body: { items: admins, totalCount: 3 } },
      'DELETE /api/admin/admins/a-other': { status: 400, body: { error: { code: 'LAST_SYSTEM_ADMIN', message: ADMIN_MESSAGES.lastSystemAdmin } } },
    });
    visit('/system-admin/admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Olu Ops' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete Olu Ops?')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete administrator' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.lastSystemAdmin);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('deactivates after confirmation', async () => {
    const api = serve(systemAdmin, {
      '/api/admin/admins': { body: { items: admins, totalCount: 3 } },
      'PATCH /api/admin/admins/a-other': { body: { ...admins[1], is_active: false } },
    });
    visit('/system-admin/admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Olu Ops' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect({ method: patch?.method, path: patch?.path, body: patch?.body }).toEqual({
      method: 'PATCH',
      path: '/api/admin/admins/a-other',
      body: { isActive: false },
    });
  });
});

describe('Audit log', () => {
  it('filters, pages and expands a row to its summary', async () => {
    const entry = {
      id: 'e1',
      actorId: 'a-sys',
      actorRole: 'system_admin',
      actorEmail: 'admin@vitae.local',
      hospitalId: null,
      action: 'admin_user.create',
      targetType: 'admin_user',
      targetId: 'a-new',
      summary: { after: { email: 'new@northfield.example', role: 'hospital_admin' } },
      ip: '127.0.0.1',
      userAgent: 'Test browser',
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    const api = serve(systemAdmin, { '/api/admin/audit-log': { body: { items: [entry], totalCount: 60 } } });
    visit('/system-admin/audit-log');
    expect(await screen.findByText('admin_user.create')).toBeDefined();
    expect(screen.getByText('1–25 of 60 entries')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: /details/i }));
    const pretty = JSON.stringify(entry.summary, null, 2);
    expect(screen.getByText((_, element) => element?.tagName === 'PRE' && element.textContent === pretty)).toBeDefined();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'admin.sign_in' } });
    await waitFor(() => expect(api.some('/api/admin/audit-log?page=1&pageSize=25&action=admin.sign_in')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.some('/api/admin/audit-log?page=2&pageSize=25&action=admin.sign_in')).toBe(true));
  });

  it('reads in plain words and filters by who, target and dates, which the CSV export takes too', async () => {
    const entry = {
      id: 'e2',
      actorId: 'u-1',
      actorRole: 'provider',
      actorEmail: 'dr.lee@example.org',
      hospitalId: null,
      action: 'provider.signed_up',
      targetType: 'user',
      targetId: 'u-1',
      summary: {},
      ip: null,
      userAgent: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const api = serve(systemAdmin, { '/api/admin/audit-log': { body: { items: [entry], totalCount: 1 } } });
    visit('/system-admin/audit-log');
    expect(await screen.findByText('Signed up as a provider')).toBeDefined();
    expect(screen.getByText((_, element) => element?.tagName === 'CODE' && element.textContent === 'provider.signed_up')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'dr.lee' } });
    fireEvent.change(screen.getByLabelText('Target id or type'), { target: { value: 'u-1' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(api.some('/api/admin/audit-log?page=1&pageSize=25&actor=dr.lee&target=u-1&from=2026-11-01&to=2026-11-30')).toBe(true));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/audit-log/export?actor=dr.lee&target=u-1&from=2026-11-01&to=2026-11-30',
    );
  });
});
