import { useSession } from '@web/features/accounts/api/get-session';
import { useConfig } from '@web/features/app-config/api/get-config';
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
