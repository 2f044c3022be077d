import type { HiddenPerson } from '@muster/contract/safety';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterVisibilityChange, safetyKeys } from './safety-keys';

export async function unmuteUser(userId: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(userId)}/mute`);
}

/** Unmute someone: their posts and notifications come back. */
export function useUnmuteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmuteUser,
    onSuccess: (_data, userId) => {
      // The row leaves the list at once; the refetch that follows confirms it.
      queryClient.setQueryData<HiddenPerson[]>(safetyKeys.muted, (list) =>
        list?.filter((p) => p.user._id !== userId),
      );
      afterVisibilityChange(queryClient);
    },
  });
}
