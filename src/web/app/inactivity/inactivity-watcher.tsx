import { useCallback, useEffect, useState } from 'react';
import { keepAlive } from '@web/features/accounts/api/keep-alive';
import { useEndSession } from '@web/features/accounts';
import { isApiError } from '@web/lib/api-client';
import { InactivityWarningDialog } from './inactivity-warning-dialog';
import { useSessionEndedListener } from './session-ended';
import { useInactivityTimer } from './use-inactivity-timer';

/**
 * The inactivity session of a signed-in member (access spec §4): warning at 25 minutes without
 * activity, automatic logout at 30, keep-alives while the person is active, and the same logout
 * when the server reports that it has ended the session. Mounted only while someone is signed in.
 */
export function InactivityWatcher() {
  const endSession = useEndSession();
  const [pending, setPending] = useState<'stay' | 'logout' | null>(null);

  const expire = useCallback(() => void endSession({ reason: 'expired' }), [endSession]);
  const ended = useCallback(() => void endSession({ reason: 'expired', callServer: false }), [endSession]);

  /** True when the session is still alive (or we could not tell: a network blip must not log anyone out). */
  const sendKeepAlive = useCallback(async () => {
    try {
      await keepAlive();
      return true;
    } catch (error) {
      if (isApiError(error, 401)) {
        ended();
        return false;
      }
      return true;
    }
  }, [ended]);

  const timer = useInactivityTimer({ onExpire: expire, sendKeepAlive });
  useSessionEndedListener(ended);
  // Marks the document once the timer above has started (its effect runs first): the browser journey
  // waits for it before moving the clock, since the watcher loads after the page is hydrated.
  useEffect(() => {
    document.documentElement.dataset.inactivityWatcher = 'running';
    return () => {
      delete document.documentElement.dataset.inactivityWatcher;
    };
  }, []);

  const stay = async () => {
    setPending('stay');
    const alive = await sendKeepAlive();
    if (alive) timer.stay();
    setPending(null);
  };

  const logout = () => {
    setPending('logout');
    void endSession({ reason: 'signed-out' });
  };

  return (
    <InactivityWarningDialog
      open={timer.phase === 'warning'}
      remainingMs={timer.remainingMs}
      onStay={() => void stay()}
      onLogout={logout}
      staying={pending === 'stay'}
      loggingOut={pending === 'logout'}
    />
  );
}
