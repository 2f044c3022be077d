import type { BlockRemoteInput, RemoteBlock } from '@muster/contract/federation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterVisibilityChange, safetyKeys } from './safety-keys';

export async function getRemoteBlocks(): Promise<RemoteBlock[]> {
  return (await api.get<{ data: RemoteBlock[] }>('/federation/blocks')).data;
}

/** People on other servers I blocked, most recent first (decision 092). */
export function useRemoteBlocksQuery() {
  return useQuery({ queryKey: safetyKeys.remoteBlocked, queryFn: getRemoteBlocks });
}

/** Blocks someone on another server by handle: they and I stop reaching each other. */
export function useBlockRemoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BlockRemoteInput) =>
      (await api.post<{ data: RemoteBlock }>('/federation/blocks', body)).data,
    onSuccess: () => afterVisibilityChange(queryClient),
  });
}

/** Unblocks someone on another server (a follow the block ended does not come back). */
export function useUnblockRemoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/federation/blocks/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<RemoteBlock[]>(safetyKeys.remoteBlocked, (list) =>
        list?.filter((b) => b.id !== id),
      );
      afterVisibilityChange(queryClient);
    },
  });
}
