import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('x'.repeat(40));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('yext-api-key-1234');
    expect(sealed).not.toContain('yext-api-key');
    expect(box.open(sealed)).toBe('yext-api-key-1234');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered values and another secret', () => {
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('y'.repeat(40)).open(sealed)).toThrow();
  });

  it('masks to the last four characters', () => {
    expect(maskSecret('abcdef1234')).toBe('••••1234');
    expect(maskSecret(null)).toBeNull();
  });
});
