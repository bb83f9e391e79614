import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminUser } from '@web/lib/admin-session';

/**
 * The hospital a console page works on, kept in the address (`?hospital=`) so a reload or a shared
 * link opens the same one. A hospital administrator always works on their own hospital unless the
 * page allows `fallback` (e.g. 'default' for the default taxonomy).
 */
export function useHospitalScope(admin: AdminUser | null, fallback = '') {
  const [params, setParams] = useSearchParams();
  const own = admin?.role === 'hospital_admin' ? (admin.hospital_id ?? '') : '';
  const requested = params.get('hospital');
  const scope = requested || own || fallback;
  const setScope = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('hospital', next);
          else updated.delete('hospital');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [scope, setScope] as const;
}
