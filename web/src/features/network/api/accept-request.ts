import type { ConnectionRequest } from '@muster/contract/network';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function acceptRequest(requestId: string): Promise<void> {
  await api.put(`/connections/requests/${encodeURIComponent(requestId)}/accept`);
}

/** Accept a request: it leaves the list (and the badge) at once, and the connection appears. */
export function useAcceptRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRequest,
    onSuccess: (_data, requestId) => {
      queryClient.setQueryData<ConnectionRequest[]>(networkKeys.received, (list) =>
        list?.filter((r) => r._id !== requestId),
      );
      return queryClient.invalidateQueries({ queryKey: networkKeys.all });
    },
  });
}
