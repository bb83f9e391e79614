import type { Logger } from '../lib/logger';

/** Who is calling, resolved on the server from the session; never taken from the request body. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'provider'; userId: string; email: string; hospitalId: string | null }
  | { kind: 'admin'; adminId: string; email: string; role: 'system_admin' | 'hospital_admin'; hospitalId: string | null };

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
    actor: Actor;
  };
}
