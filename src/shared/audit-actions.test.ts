import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-actions';

describe('auditActionLabel', () => {
  it('reads a known action in plain words', () => {
    expect(auditActionLabel('directory.listing_approved')).toBe('Approved a public listing');
    expect(auditActionLabel('provider.signed_up')).toBe('Signed up as a provider');
  });

  it('reads an unknown action as words instead of a code', () => {
    expect(auditActionLabel('directory.photo_hidden')).toBe('Directory: photo hidden');
    expect(auditActionLabel('auth.session.revokedAll')).toBe('Auth session: revoked all');
    expect(auditActionLabel('archive')).toBe('Archived');
    expect(auditActionLabel('something_new')).toBe('Something new');
    expect(auditActionLabel('')).toBe('Unknown action');
  });

  it('has a sentence for every listed action', () => {
    for (const [code, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label.length, code).toBeGreaterThan(3);
      expect(label[0], code).toBe(label[0]!.toUpperCase());
    }
  });
});
