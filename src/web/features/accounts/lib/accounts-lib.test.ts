import { describe, expect, it } from 'vitest';
import { readCallbackParams } from './callback-params';
import { passwordStrength } from '@web/lib/password-strength';
import { safeNextPath } from './safe-next';
import { titleCase } from './title-case';

describe('safeNextPath', () => {
  it.each([
    ['/biography?tab=public#top', '/biography?tab=public#top'],
    ['/settings', '/settings'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['/\u0000//evil.example', '/dashboard'],
    ['/login?next=/x', '/dashboard'],
    ['/auth/callback?token_hash=a', '/dashboard'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

describe('titleCase', () => {
  it.each([
    ['MARGARET', 'Margaret'],
    ['OKAFOR', 'Okafor'],
    ["O'BRIEN-SMITH", "O'Brien-Smith"],
    ['MCDONALD', 'McDonald'],
    ['  JEAN   PAUL ', 'Jean Paul'],
    ['KOWALSKI III', 'Kowalski III'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe('passwordStrength', () => {
  it('rates by length first, then variety', () => {
    expect(passwordStrength('short')).toBe(0);
    expect(passwordStrength('password123')).toBe(1);
    expect(passwordStrength('abcdefghij')).toBe(1);
    expect(passwordStrength('Abcdefgh1')).toBe(2);
    expect(passwordStrength('cardiology-rounds-2024')).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('Cardiology-Rounds-2024!')).toBe(4);
  });
});

describe('readCallbackParams', () => {
  it('reads the query, falls back to the hash, and reads admin and errors', () => {
    expect(readCallbackParams('?token_hash=abc&type=magiclink&admin=true', '')).toEqual({
      token: 'abc',
      type: 'magiclink',
      admin: true,
      error: null,
      errorDescription: null,
    });
    expect(readCallbackParams('', '#token_hash=xyz&type=email')).toMatchObject({ token: 'xyz', type: 'email', admin: false });
    expect(readCallbackParams('?error=access_denied&error_description=Email+link+is+invalid', '')).toMatchObject({
      error: 'access_denied',
      errorDescription: 'Email link is invalid',
    });
  });
});
