import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '@web/lib/api-client';

/** The server's word that the session is over: 401 SESSION_EXPIRED on any authenticated call. */
export function isSessionEndedError(error: unknown): boolean {
  return isApiError(error, 401) && error.code === 'SESSION_EXPIRED';
}

/**
 * Watches every query and mutation for a session that the server has ended (for example after its
 * own 30-minute idle limit, or when the laptop slept through ours).
 */
export function useSessionEndedListener(onEnded: () => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onEnded);

  useEffect(() => {
    latest.current = onEnded;
  });

  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionEndedError(event.action.error)) latest.current();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionEndedError(event.action.error)) latest.current();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
