import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password';

describe('password hasher', () => {
  const hasher = createPasswordHasher(1);

  it('writes and reads Better Auth’s own format, both ways', async () => {
    const ours = await hasher.hash('a long passphrase');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'a long passphrase' })).toBe(true);
    const theirs = await hashPassword('another passphrase é');
    expect(await hasher.verify({ hash: theirs, password: 'another passphrase é' })).toBe(true);
    // NFKC: the decomposed é is the same password.
    expect(await hasher.verify({ hash: theirs, password: 'another passphrase e\u0301' })).toBe(true);
  });

  it('refuses a wrong password and a malformed hash', async () => {
    const hash = await hasher.hash('a long passphrase');
    expect(await hasher.verify({ hash, password: 'a long passphrasE' })).toBe(false);
    expect(await hasher.verify({ hash: 'not-a-hash', password: 'a long passphrase' })).toBe(false);
    expect(await hasher.verify({ hash: `${hash.split(':')[0]}:abcd`, password: 'a long passphrase' })).toBe(false);
  });

  it('runs at most its concurrency at once; the others wait their turn', async () => {
    const one = createPasswordHasher(1);
    const all = Promise.all([one.hash('first password'), one.hash('second password'), one.hash('third password')]);
    // The first has started; two wait.
    await Promise.resolve();
    expect(one.pending).toBe(2);
    const hashes = await all;
    expect(new Set(hashes).size).toBe(3);
    expect(one.pending).toBe(0);
  });
});
