import type { ConnectionRequest } from '@muster/contract/network';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function withdrawRequest(requestId: string): Promise<void> {
  await api.delete(`/connections/requests/${encodeURIComponent(requestId)}`);
}

/** Withdraw a request I sent. */
export function useWithdrawRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRequest,
    onSuccess: (_data, requestId) => {
      queryClient.setQueryData<ConnectionRequest[]>(networkKeys.sent, (list) =>
        list?.filter((r) => r._id !== requestId),
      );
      return queryClient.invalidateQueries({ queryKey: networkKeys.all });
    },
  });
}
