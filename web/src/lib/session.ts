import { AUTH_USER_STALE_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { sessionKeys } from './session-keys';
import { getMe, sessionCheck, startSessionCheck } from './session-check';

export { getMe, startSessionCheck };

/**
 * The session check (spec §4, §7): a failed call means signed out, with no retry; the user is
 * cached for 5 minutes. Every feature reads the viewer from here.
 */
export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: sessionCheck,
    retry: 0,
    staleTime: AUTH_USER_STALE_MS,
  });
}
