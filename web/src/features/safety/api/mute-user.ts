import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterVisibilityChange } from './safety-keys';

export async function muteUser(userId: string): Promise<void> {
  await api.post(`/users/${encodeURIComponent(userId)}/mute`);
}

/** Mute someone: their posts leave my feed and their notifications stop; they are not told. */
export function useMuteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: muteUser, onSuccess: () => afterVisibilityChange(queryClient) });
}
