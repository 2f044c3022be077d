import { AUTH_USER_STALE_MS } from '@muster/contract/limits';
import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

export const sessionKeys = { me: ['auth', 'me'] as const };

export async function getMe(): Promise<SessionUser> {
  return (await api.get<{ data: SessionUser }>('/auth/me')).data;
}

let early: Promise<SessionUser> | undefined;

/**
 * Asks who is signed in before React renders (src/app/main.tsx), so the answer travels while the
 * first page's chunk loads instead of after it (issue 17); index.html preloads the same URL, which
 * this call picks up. The first session query takes the answer; later ones ask again.
 */
export function startSessionCheck(): void {
  early = getMe();
  early.catch(() => undefined);
}

function sessionCheck(): Promise<SessionUser> {
  const answer = early ?? getMe();
  early = undefined;
  return answer;
}

/**
 * The session check (spec §4, §7): a failed call means signed out, with no retry; the user is
 * cached for 5 minutes. Every feature reads the viewer from here.
 */
export function useSessionQuery() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: sessionCheck, retry: 0, staleTime: AUTH_USER_STALE_MS });
}

/** Sign Out posts the logout, then refreshes the user (spec §4); other cached data is dropped. */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout'),
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      await queryClient.resetQueries({ queryKey: sessionKeys.me });
    },
  });
}
