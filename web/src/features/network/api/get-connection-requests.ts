import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import type { ConnectionRequest } from '@muster/contract/network';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export const connectionRequestsKey = [...networkKeys.all, 'requests', 'received'] as const;

export async function getConnectionRequests(): Promise<ConnectionRequest[]> {
  return (await api.get<{ data: ConnectionRequest[] }>('/connections/requests')).data;
}

/** Requests waiting for my answer; the Network badge counts them (polled every 30 s, spec §9). */
export function useConnectionRequestsQuery() {
  return useQuery({ queryKey: connectionRequestsKey, queryFn: getConnectionRequests, refetchInterval: POLL_INTERVAL_MS });
}
