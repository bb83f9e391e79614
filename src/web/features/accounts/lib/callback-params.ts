import { isQueryYes } from '@shared/schemas/fields';

export interface CallbackParams {
  token: string | null;
  type: string | null;
  admin: boolean;
  error: string | null;
  errorDescription: string | null;
}

/** E-mail links carry their parameters in the query, but some mail and auth tools move them to the hash. */
export function readCallbackParams(search: string, hash: string): CallbackParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => query.get(name) ?? fragment.get(name);
  return {
    token: get('token_hash') ?? get('token'),
    type: get('type'),
    admin: isQueryYes(get('admin') ?? undefined),
    error: get('error'),
    errorDescription: get('error_description'),
  };
}
