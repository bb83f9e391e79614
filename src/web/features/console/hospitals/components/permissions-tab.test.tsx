import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import type { SectionPermission } from '../api/hospitals';
import { defaultSectionPermissions, normalizePermissions, setSectionRequired, setSectionVisible } from '../lib/permissions';
import { PermissionsTab } from './permissions-tab';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

describe('section permission rules', () => {
  it('hiding a section also makes it optional; showing it again leaves it optional', () => {
    const hidden = setSectionVisible(defaultSectionPermissions(), 'professional_identity', false);
    expect(hidden[0]).toEqual({ sectionId: 'professional_identity', isVisible: false, isRequired: false });
    const shown = setSectionVisible(hidden, 'professional_identity', true);
    expect(shown[0]).toEqual({ sectionId: 'professional_identity', isVisible: true, isRequired: false });
    // The other eight are untouched.
    expect(hidden.slice(1)).toEqual(defaultSectionPermissions().slice(1));
  });

  it('a hidden section cannot be made required', () => {
    const hidden = setSectionVisible(defaultSectionPermissions(), 'biography', false);
    expect(setSectionRequired(hidden, 'biography', true).find((p) => p.sectionId === 'biography')).toEqual({
      sectionId: 'biography',
      isVisible: false,
      isRequired: false,
    });
    expect(setSectionRequired(defaultSectionPermissions(), 'biography', true).find((p) => p.sectionId === 'biography')?.isRequired).toBe(true);
  });

  it('normalizes the server list to the nine sections in order, never hidden and required', () => {
    const items: SectionPermission[] = [
      { sectionId: 'biography', isVisible: false, isRequired: true },
      { sectionId: 'professional_identity', isVisible: true, isRequired: true },
    ];
    const normalized = normalizePermissions(items);
    expect(normalized.map((p) => p.sectionId)).toEqual(defaultSectionPermissions().map((p) => p.sectionId));
    expect(normalized.find((p) => p.sectionId === 'biography')).toEqual({ sectionId: 'biography', isVisible: false, isRequired: false });
  });
});

describe('PermissionsTab', () => {
  it('switching Visible off clears and locks Required, then saves all nine sections', async () => {
    const sent: unknown[] = [];
    const path = `/api/admin/hospitals/${HOSPITAL}/section-permissions`;
    serveApi({
      [path]: { body: { items: defaultSectionPermissions() } },
      [`PUT ${path}`]: (call) => {
        const body = call.body as { permissions: SectionPermission[] };
        sent.push(body);
        return { body: { items: body.permissions } };
      },
    });
    renderAt('/x', <PermissionsTab hospitalId={HOSPITAL} />);

    const visible = await screen.findByRole('switch', { name: /Visible – Professional Identity/ });
    const required = screen.getByRole('switch', { name: /Required – Professional Identity/ });
    expect(visible.getAttribute('aria-checked')).toBe('true');
    expect(required.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/9 of 9 visible, 3 required/)).toBeInstanceOf(HTMLElement);

    fireEvent.click(visible);
    expect(visible.getAttribute('aria-checked')).toBe('false');
    expect(required.getAttribute('aria-checked')).toBe('false');
    expect((required as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/8 of 9 visible, 2 required/)).toBeInstanceOf(HTMLElement);
    // A locked switch ignores clicks.
    fireEvent.click(required);
    expect(required.getAttribute('aria-checked')).toBe('false');

    // An optional, visible section can be made required.
    fireEvent.click(screen.getByRole('switch', { name: /Required – Biography/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const { permissions } = sent[0] as { permissions: SectionPermission[] };
    expect(permissions).toHaveLength(9);
    expect(permissions[0]).toEqual({ sectionId: 'professional_identity', isVisible: false, isRequired: false });
    expect(permissions.find((p) => p.sectionId === 'biography')).toEqual({ sectionId: 'biography', isVisible: true, isRequired: true });
    await screen.findByText('No unsaved changes.');
  });
});
