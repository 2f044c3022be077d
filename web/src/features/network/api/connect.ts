import type { ConnectionState } from '@muster/contract/network';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function connect(userId: string): Promise<{ connection: ConnectionState; message: string }> {
  return (
    await api.post<{ data: { connection: ConnectionState; message: string } }>(
      `/connections/${encodeURIComponent(userId)}`,
    )
  ).data;
}

/** Ask to connect (or connect at once when they had already asked me). */
export function useConnectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
