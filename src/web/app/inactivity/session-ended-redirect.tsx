import { useEffect } from 'react';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { useEndSession } from '@web/features/accounts';

/** Shown by the member guard when the session check reports that the server ended the session. */
export function SessionEndedRedirect() {
  const endSession = useEndSession();
  useEffect(() => {
    void endSession({ reason: 'expired', callServer: false });
  }, [endSession]);
  return <FullPageStatus label="Your session has ended…" />;
}
