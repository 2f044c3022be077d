import type { ConnectionRequest } from '@muster/contract/network';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { networkKeys } from './network-keys';

export async function getConnectionRequests(): Promise<ConnectionRequest[]> {
  return (await api.get<{ data: ConnectionRequest[] }>('/connections/requests')).data;
}

/** Requests waiting for my answer; the Network badge counts them (live; polled every 30 s while the socket is down). */
export function useConnectionRequestsQuery() {
  return useQuery({
    queryKey: networkKeys.received,
    queryFn: getConnectionRequests,
    ...useLiveQueryOptions(),
  });
}
