import type { ConnectionRequest } from '@muster/contract/network';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function ignoreRequest(requestId: string): Promise<void> {
  await api.put(`/connections/requests/${encodeURIComponent(requestId)}/ignore`);
}

/** Ignore a request: it leaves my list and the badge; the sender is not told. */
export function useIgnoreRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ignoreRequest,
    onSuccess: (_data, requestId) => {
      queryClient.setQueryData<ConnectionRequest[]>(networkKeys.received, (list) =>
        list?.filter((r) => r._id !== requestId),
      );
      return queryClient.invalidateQueries({ queryKey: networkKeys.all });
    },
  });
}
