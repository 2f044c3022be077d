import { AUTH_USER_STALE_MS } from '@muster/contract/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signOutRequest } from './api-client';
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

/** Sign Out posts the logout, then refreshes the user (spec §4); other cached data is dropped. */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutRequest('/auth/logout'),
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      await queryClient.resetQueries({ queryKey: sessionKeys.me });
    },
  });
}
