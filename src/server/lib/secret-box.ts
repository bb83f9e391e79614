import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for secrets kept in the database, such as a hospital's
 * listing-service API key. The key is derived from the server secret; the value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a database dump alone reveals nothing.
 */
export function createSecretBox(secret: string) {
  const key = createHash('sha256').update(`vitae-secret-box:${secret}`).digest();
  return {
    seal(plain: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unrecognised sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** What the browser may see of a secret: that it exists and its last four characters. */
export function maskSecret(plain: string | null) {
  if (!plain) return null;
  return `••••${plain.slice(-4)}`;
}
