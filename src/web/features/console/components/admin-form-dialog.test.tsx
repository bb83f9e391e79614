import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_MESSAGES } from '@shared/errors';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import type { AdminUser } from '@web/lib/admin-session';
import { json, type RecordedCall, serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import type { AdminDto } from '../api/list-admins';
import { AdminFormDialog } from './admin-form-dialog';

const NORTHFIELD = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const RIVERSIDE = '5d1c9b7a-2e3f-4a6b-8c9d-0e1f2a3b4c5d';
const HOSPITALS = {
  items: [
    { id: NORTHFIELD, name: 'Northfield Health', dataSource: 'npi_registry' },
    { id: RIVERSIDE, name: 'Riverside Medical', dataSource: 'yext' },
  ],
};

const systemAdmin: AdminUser = { id: 'a-sys', email: 'admin@vitae.local', role: 'system_admin', hospital_id: null };
const hospitalAdmin: AdminUser = { id: 'a-hosp', email: 'hospital.admin@northfield.example', role: 'hospital_admin', hospital_id: NORTHFIELD };

function dto(fields: Partial<AdminDto>): AdminDto {
  return {
    id: 'a-new',
    email: 'new.admin@northfield.example',
    full_name: 'Nora New',
    first_name: 'Nora',
    last_name: 'New',
    role: 'hospital_admin',
    hospital_id: NORTHFIELD,
    hospital_name: 'Northfield Health',
    is_active: true,
    is_super_admin: false,
    must_change_password: true,
    email_verified: false,
    permissions: ['view_hospitals', 'manage_permissions', 'view_users'],
    created_by: 'a-sys',
    updated_by: 'a-sys',
    last_login_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** Answers the hospital list and records what the dialog sends to the admin endpoints. */
function server(answer: () => Response = () => json(dto({}), 201)) {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  const record = (call: RecordedCall) => {
    sent.push({ url: call.path, method: call.method, body: call.body });
    return answer();
  };
  serveApi({ '/api/hospitals/options': json(HOSPITALS), 'POST /api/admin/admins': record, 'PATCH /api/admin/admins/:id': record });
  return sent;
}

function open(actor: AdminUser, admin?: AdminDto) {
  const onOpenChange = vi.fn();
  renderAt('/system-admin/admins', <AdminFormDialog open onOpenChange={onOpenChange} actor={actor} admin={admin} />);
  return { onOpenChange, dialog: () => screen.getByRole('dialog') };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = 'Add administrator') => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name }));

describe('AdminFormDialog (add)', () => {
  it('checks every field before anything is sent', async () => {
    const sent = server();
    open(systemAdmin);
    await screen.findByRole('option', { name: 'Northfield Health' });
    submit();
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(screen.getByText('Full name is required')).toBeDefined();
    expect(screen.getByText(ADMIN_MESSAGES.hospitalRequired)).toBeDefined();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Hospital').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('rejects a malformed e-mail with the catalogue text', async () => {
    const sent = server();
    open(systemAdmin);
    type('Email address', 'nora@northfield');
    type('Full name', 'Nora New');
    submit();
    expect(await screen.findByText(ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT)).toBeDefined();
    expect(sent).toEqual([]);
  });

  it('creates a hospital administrator for the chosen hospital, e-mail trimmed and lower-cased', async () => {
    const sent = server();
    const { onOpenChange } = open(systemAdmin);
    await screen.findByRole('option', { name: 'Riverside Medical' });
    type('Email address', '  New.Admin@Northfield.Example ');
    type('Full name', 'Nora New');
    fireEvent.change(screen.getByLabelText('Hospital'), { target: { value: NORTHFIELD } });
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        url: '/api/admin/admins',
        method: 'POST',
        body: { email: 'new.admin@northfield.example', fullName: 'Nora New', role: 'hospital_admin', hospitalId: NORTHFIELD },
      },
    ]);
  });

  it('lets a system administrator add another system administrator, without a hospital', async () => {
    const sent = server(() => json(dto({ role: 'system_admin', hospital_id: null }), 201));
    open(systemAdmin);
    type('Email address', 'ops@vitae.local');
    type('Full name', 'Olu Ops');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'system_admin' } });
    expect(screen.queryByLabelText('Hospital')).toBeNull();
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: 'ops@vitae.local', fullName: 'Olu Ops', role: 'system_admin', hospitalId: null });
  });

  it('gives a hospital administrator no role choice: hospital administrators of their own hospital only', async () => {
    const sent = server();
    open(hospitalAdmin);
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.queryByLabelText('Hospital')).toBeNull();
    expect((await screen.findByText('Northfield Health')).closest('div')?.textContent).toBe('Hospital administrator of Northfield Health');
    type('Email address', 'nurse.lead@northfield.example');
    type('Full name', 'Lee Lead');
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: 'nurse.lead@northfield.example', fullName: 'Lee Lead', role: 'hospital_admin', hospitalId: NORTHFIELD });
  });

  it('puts the server’s field errors on their fields', async () => {
    server(() => json({ error: { code: 'CONFLICT', message: ADMIN_MESSAGES.duplicateAdmin, details: { field: 'email' } } }, 409));
    const { onOpenChange } = open(hospitalAdmin);
    type('Email address', 'hospital.admin@northfield.example');
    type('Full name', 'Hana Again');
    submit();
    const message = await screen.findByText(ADMIN_MESSAGES.duplicateAdmin);
    expect(message.id).toBe(screen.getByLabelText('Email address').getAttribute('aria-describedby'));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('maps validation issues from the server too', async () => {
    server(() =>
      json(
        {
          error: { code: 'VALIDATION_ERROR', message: 'Full name is required', details: { issues: [{ path: 'fullName', message: 'Full name is required' }] } },
        },
        400,
      ),
    );
    open(hospitalAdmin);
    type('Email address', 'x@northfield.example');
    type('Full name', 'X');
    submit();
    const message = await screen.findByText('Full name is required');
    expect(message.id).toBe(screen.getByLabelText('Full name').getAttribute('aria-describedby'));
  });

  it('shows other refusals above the form', async () => {
    server(() => json({ error: { code: 'ADMIN_CREATE_FAILED', message: ADMIN_MESSAGES.inviteFailed } }, 502));
    open(hospitalAdmin);
    type('Email address', 'x@northfield.example');
    type('Full name', 'X Y');
    submit();
    // A 5xx is not the server talking to a person: the generic failure text is shown.
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.createFailed);
  });
});

describe('AdminFormDialog (edit)', () => {
  it('sends only what changed', async () => {
    const sent = server(() => json(dto({ full_name: 'Nora Newman' })));
    const { onOpenChange } = open(systemAdmin, dto({}));
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.getByText('new.admin@northfield.example')).toBeDefined();
    type('Full name', 'Nora Newman');
    submit('Save changes');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ url: '/api/admin/admins/a-new', method: 'PATCH', body: { fullName: 'Nora Newman' } }]);
  });

  it('requires a hospital when a system administrator becomes a hospital administrator', async () => {
    const sent = server();
    open(systemAdmin, dto({ role: 'system_admin', hospital_id: null, hospital_name: null }));
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'hospital_admin' } });
    submit('Save changes');
    expect(await screen.findByText(ADMIN_MESSAGES.hospitalRequired)).toBeDefined();
    expect(sent).toEqual([]);
  });

  it('requires a name', async () => {
    const sent = server();
    open(hospitalAdmin, dto({}));
    type('Full name', '   ');
    submit('Save changes');
    expect(await screen.findByText('Full name is required')).toBeDefined();
    expect(sent).toEqual([]);
  });
});
