import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@web/lib/admin-session';
import { renderRoutes } from '@web/test/render';
import { ConsoleNav } from './console-nav';

const HOSPITAL_ADMIN: AdminUser = {
  id: 'a-hosp',
  email: 'hospital.admin@northfield.example',
  full_name: 'Hana Hospital',
  role: 'hospital_admin',
  hospital_id: '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a',
  must_change_password: false,
  session_started_at: '2026-11-28T09:00:00.000Z',
};

function currentAt(path: string) {
  renderRoutes([{ path: '*', element: <ConsoleNav admin={HOSPITAL_ADMIN} /> }], { initialEntries: [path] });
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

// The sidebar marks the section the page belongs to, the same one the phone's console bar names
// (consoleSectionAt): the brand voice page under Brand, the dashboard only on its own address.
describe('ConsoleNav', () => {
  it('marks the section of the page, including pages listed with it', () => {
    expect(currentAt('/system-admin/brand-voice')).toEqual(['Brand']);
  });

  it('marks the dashboard on its own address only', () => {
    expect(currentAt('/system-admin')).toEqual(['Dashboard']);
  });

  it('marks a section for the pages under it', () => {
    expect(currentAt('/system-admin/hospitals/h1/locations')).toEqual(['Hospitals']);
  });

  it('marks nothing on a page of no section of this administrator', () => {
    expect(currentAt('/system-admin/help')).toEqual([]);
  });
});
