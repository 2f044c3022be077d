import type { FederatedServer, SetServerPolicyInput } from '@muster/contract/federation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function getServers(): Promise<FederatedServer[]> {
  return (await api.get<{ data: FederatedServer[] }>('/admin/federation/servers')).data;
}

/** Remote servers an admin blocked or limited, by host (admins only; decision 088). */
export function useServersQuery() {
  return useQuery({ queryKey: adminKeys.servers, queryFn: getServers });
}

/** Blocks or limits a server, or changes its policy; the list and the audit log change. */
export function useSetServerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetServerPolicyInput) =>
      (await api.post<{ data: FederatedServer }>('/admin/federation/servers', body)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Lifts a server's policy; the list and the audit log change. */
export function useRemoveServerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (server: FederatedServer) =>
      api.delete(`/admin/federation/servers/${encodeURIComponent(server.host)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
