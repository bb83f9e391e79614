/**
 * Landing-page redirect rules (access spec §2): e-mail links from the authentication service may
 * land on `/` instead of the callback, with their tokens in the query or the hash.
 */

const TOKEN_PARAMS = ['token_hash', 'token', 'access_token', 'error'] as const;
const CALLBACK_TYPES = new Set(['magiclink', 'email']);
const PROVIDER_MARKERS = ['supabase', '/auth/v1/verify'];

function paramsOf(fragment: string): URLSearchParams {
  return new URLSearchParams(fragment.replace(/^[?#]/, ''));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function authRedirectTarget(location: { search: string; hash: string }): string | null {
  const { search, hash } = location;
  const query = paramsOf(search);
  const fragment = paramsOf(hash);

  if (fragment.get('type') === 'recovery') return `/reset-password${hash}`;

  const carriesToken = [query, fragment].some((params) => TOKEN_PARAMS.some((name) => params.has(name)));
  const callbackType = [query, fragment].some((params) => CALLBACK_TYPES.has(params.get('type') ?? ''));
  const raw = `${search}${hash}`;
  const text = `${raw} ${safeDecode(raw)}`.toLowerCase();
  const mentionsProvider = PROVIDER_MARKERS.some((marker) => text.includes(marker));

  return carriesToken || callbackType || mentionsProvider ? `/auth/callback${search}${hash}` : null;
}
