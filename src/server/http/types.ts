import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';

/** Who is calling, resolved on the server from the session; never taken from the request body. */
export type Actor =
  | { kind: 'anonymous' }
  /** Signed in, but the provider profile does not exist yet (sign-in completion pending). */
  | { kind: 'account'; email: string; sessionId: string; authUserId: string }
  | { kind: 'provider'; userId: string; email: string; hospitalId: string | null; sessionId: string; authUserId: string; profileVersion: number }
  | {
      kind: 'admin';
      adminId: string;
      email: string;
      role: 'system_admin' | 'hospital_admin';
      hospitalId: string | null;
      sessionId: string;
      authUserId: string;
      sessionCreatedAt: Date;
      mustChangePassword: boolean;
      /** Where the request came from, for the audit trail. */
      ip?: string;
      userAgent?: string | null;
    };

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
    actor: Actor;
    db: Database;
  };
}
