import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@web/lib/session';

/** The widget's three states (access spec §4): only the button, the panel, or the minimized bar. */
export type WidgetState = 'closed' | 'open' | 'minimized';

let state: WidgetState = 'closed';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getState = () => state;

export function setWidgetState(next: WidgetState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the panel from anywhere, such as the button on the /feedback page. */
export function openFeedbackWidget(): void {
  setWidgetState('open');
}

export function useWidgetState(): WidgetState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/**
 * Access spec §6: while feedback is beta-only, beta and alpha users see the widget; otherwise every
 * signed-in user does. A user id and an e-mail address must be known either way.
 */
export function canUseFeedbackWidget(user: Pick<SessionUser, 'id' | 'email' | 'tier'> | null | undefined, betaOnly: boolean): boolean {
  if (!user?.id || !user.email) return false;
  if (!betaOnly) return true;
  return user.tier === 'beta' || user.tier === 'alpha';
}
