import { z } from 'zod';

/** How many websites a hospital may let frame its directory. */
export const EMBED_ORIGINS_MAX = 10;

export const EMBED_MESSAGES = {
  origin: 'Give a website’s address like https://www.example.org (https, no path); http only for localhost or 127.0.0.1',
  tooMany: `List at most ${EMBED_ORIGINS_MAX} websites`,
} as const;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A website allowed to frame the embed routes, as its origin (scheme, host and port): what the
 * browser compares with CSP's frame-ancestors. https only, except loopback for a hospital's own
 * testing; a path, query or credentials are refused rather than silently dropped.
 */
export function normalizeEmbedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (/\/[^/]/.test(value.trim().replace(/^[a-z]+:\/\//i, ''))) return null;
  return url.origin;
}

export const embedSettingsSchema = z
  .object({
    origins: z
      .array(
        z.string().transform((value, ctx) => {
          const origin = normalizeEmbedOrigin(value);
          if (!origin) {
            ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.origin });
            return z.NEVER;
          }
          return origin;
        }),
      )
      .max(EMBED_ORIGINS_MAX, EMBED_MESSAGES.tooMany)
      .transform((origins) => [...new Set(origins)]),
  })
  .strict();
export type EmbedSettingsInput = z.input<typeof embedSettingsSchema>;

export interface EmbedSettingsView {
  origins: string[];
  /** The directory's embed address (/embed/<slug>), while the directory is on. */
  embedPath: string | null;
}
