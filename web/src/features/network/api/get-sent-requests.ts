import type { ConnectionRequest } from '@muster/contract/network';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function getSentRequests(): Promise<ConnectionRequest[]> {
  return (await api.get<{ data: ConnectionRequest[] }>('/connections/requests/sent')).data;
}

/** Requests I sent that nobody has answered yet (each can be withdrawn). */
export function useSentRequestsQuery() {
  return useQuery({ queryKey: networkKeys.sent, queryFn: getSentRequests });
}
