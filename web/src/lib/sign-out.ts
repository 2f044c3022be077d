import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, whileSigningOut } from './api-client';
import { sessionKeys } from './session-keys';

/**
 * Sign Out posts the logout, then refreshes the user (spec §4); other cached data is dropped. Its
 * own module, imported only by the signed-in routes' chunks: the landing page's entry then holds no
 * mutation code at all (DESIGN.md §6's 120 KB).
 */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      whileSigningOut(async () => {
        try {
          await api.post('/auth/logout');
        } finally {
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
          await queryClient.resetQueries({ queryKey: sessionKeys.me });
        }
      }),
  });
}
