import { useSession } from '@web/lib/session';
import { useConfig } from '@web/lib/app-config';
import { canUseFeedbackWidget } from './widget-state';

/**
 * Whether the signed-in provider may send feedback. Until the configuration has answered nothing is
 * shown; if it cannot be read the beta-only default (on) applies.
 */
export function useFeedbackAvailability(): { available: boolean; pending: boolean } {
  const session = useSession();
  const config = useConfig();
  const pending = session.isPending || config.isPending;
  if (pending) return { available: false, pending };
  const betaOnly = config.data?.feedbackBetaOnly ?? true;
  return { available: canUseFeedbackWidget(session.data?.user, betaOnly), pending };
}
