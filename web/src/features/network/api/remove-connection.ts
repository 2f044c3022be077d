import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function removeConnection(userId: string): Promise<void> {
  await api.delete(`/connections/${encodeURIComponent(userId)}`);
}

/** Remove a connection, for both of us (connections are mutual). */
export function useRemoveConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
