import { randomInt } from 'node:crypto';
import type { Auth } from './auth';

const TEMP_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** The spec's temporary admin password: 12 random characters followed by '!A1'. */
export function generateTemporaryPassword() {
  let out = '';
  for (let i = 0; i < 12; i += 1) out += TEMP_PASSWORD_ALPHABET[randomInt(TEMP_PASSWORD_ALPHABET.length)];
  return `${out}!A1`;
}

/** An authentication account with a password, created without signing anybody in. */
export async function createPasswordAccount(auth: Auth, input: { email: string; name: string; password: string; emailVerified: boolean }) {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser({ email: input.email, name: input.name, emailVerified: input.emailVerified }, { method: 'admin' });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  return user;
}
