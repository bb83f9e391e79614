import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionQueryKey, type Session } from '@web/lib/session';
import { signOut } from '../api/sign-out';

export type SessionEndReason = 'signed-out' | 'expired';

export const SESSION_END_TOASTS = {
  'signed-out': { id: 'logged-out', title: 'Logged Out', description: 'You have been successfully logged out.' },
  expired: { id: 'session-expired', title: 'Session Expired', description: 'You were logged out due to inactivity. Please log in again.' },
} as const satisfies Record<SessionEndReason, { id: string; title: string; description: string }>;

export interface EndSessionOptions {
  reason: SessionEndReason;
  /** False when the server has already ended the session (sign-out everywhere, idle expiry). */
  callServer?: boolean;
}

// The idle timer, a 401 from some request and the session check can all fire at once: one ending wins.
let ending: Promise<void> | null = null;

/**
 * Signing out, whatever the cause: tell the server (a failure still signs out here), go to /login,
 * forget everything cached for this person, then say what happened.
 */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    ({ reason, callServer = true }: EndSessionOptions): Promise<void> => {
      ending ??= (async () => {
        // Sign-out is global; an idle browser ends only its own session, not the one in use elsewhere.
        if (callServer) await signOut(reason === 'expired' ? 'local' : 'global').catch(() => undefined);
        // Leave the member area first so its guard does not react to the emptied cache.
        await navigate('/login', { replace: true });
        queryClient.clear();
        queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
        const message = SESSION_END_TOASTS[reason];
        // Imported here: the guards that end sessions load with every page, the toast library need not.
        const { toast } = await import('sonner');
        const show = reason === 'expired' ? toast.warning : toast.success;
        show(message.title, { id: message.id, description: message.description });
      })().finally(() => {
        ending = null;
      });
      return ending;
    },
    [navigate, queryClient],
  );
}
