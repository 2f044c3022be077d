import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterVisibilityChange } from './safety-keys';

export async function blockUser(userId: string): Promise<void> {
  await api.post(`/users/${encodeURIComponent(userId)}/block`);
}

/** Block someone: they and I stop seeing each other anywhere, and any connection or request between us ends. */
export function useBlockUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockUser, onSuccess: () => afterVisibilityChange(queryClient) });
}
