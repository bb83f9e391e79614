import { describe, expect, it } from 'vitest';
import { consoleSectionLabel } from './console-sections';

// The phone's console bar names the section the page belongs to (issue 35 item 3). The page tour's
// screenshots showed 'Dashboard' on the brand voice page and on the help content page a hospital
// administrator may not edit: every console address starts with the dashboard's.
describe('consoleSectionLabel', () => {
  it('names the dashboard only on its own address', () => {
    expect(consoleSectionLabel('/system-admin', 'hospital_admin')).toBe('Dashboard');
    expect(consoleSectionLabel('/system-admin/help', 'hospital_admin')).toBe('Console');
    expect(consoleSectionLabel('/system-admin/no-such-page', 'system_admin')).toBe('Console');
  });

  it('names the section of a page under it or listed with it', () => {
    expect(consoleSectionLabel('/system-admin/brand-voice', 'hospital_admin')).toBe('Brand');
    expect(consoleSectionLabel('/system-admin/hospitals/h1/locations', 'hospital_admin')).toBe('Hospitals');
    expect(consoleSectionLabel('/system-admin/users/u1', 'system_admin')).toBe('Users');
    expect(consoleSectionLabel('/system-admin/help', 'system_admin')).toBe('Help content');
    // The listing-service tests: under the hospital's data sources for a hospital administrator, developer tools for a system administrator.
    expect(consoleSectionLabel('/yext-test', 'hospital_admin')).toBe('Hospitals');
    expect(consoleSectionLabel('/database-schema', 'system_admin')).toBe('Developer tools');
    expect(consoleSectionLabel('/database-schema', 'hospital_admin')).toBe('Console');
  });
});
