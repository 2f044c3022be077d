import type { HiddenPerson } from '@muster/contract/safety';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterVisibilityChange, safetyKeys } from './safety-keys';

export async function unblockUser(userId: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(userId)}/block`);
}

/** Unblock someone: we can see each other again (the old connection does not come back). */
export function useUnblockUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (_data, userId) => {
      // The row leaves the list at once; the refetch that follows confirms it.
      queryClient.setQueryData<HiddenPerson[]>(safetyKeys.blocked, (list) =>
        list?.filter((p) => p.user._id !== userId),
      );
      afterVisibilityChange(queryClient);
    },
  });
}
