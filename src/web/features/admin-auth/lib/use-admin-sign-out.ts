import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOutAdmin } from '../api/sign-out-admin';
import { adminMeQueryKey, SIGNED_OUT } from '@web/lib/admin-session';
import { serverMessage } from '@web/lib/admin-error-message';
import { withNetworkRetry } from '@web/lib/with-network-retry';

export const SIGN_OUT_FAILED_MESSAGE = 'You could not be signed out. Please try again.';

/** Signs the administrator out everywhere, then shows the login page with a neutral notice. */
export function useAdminSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await withNetworkRetry(() => signOutAdmin());
    } catch (error) {
      // Saying "signed out" while the session lives on would be worse than staying put.
      setPending(false);
      toast.error(SIGN_OUT_FAILED_MESSAGE, { description: serverMessage(error) });
      return;
    }
    // Navigate first so the guard does not see the cleared session and add its own redirect.
    await navigate('/admin/login?reason=signed_out', { replace: true });
    queryClient.removeQueries({ queryKey: ['admin'] });
    queryClient.setQueryData(adminMeQueryKey, SIGNED_OUT);
    setPending(false);
  }, [navigate, queryClient]);

  return { signOut, pending };
}
