import type { JoinRequest } from '@muster/contract/missions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { missionKeys } from './mission-keys';

export async function getJoinRequests(): Promise<JoinRequest[]> {
  return (await api.get<{ data: JoinRequest[] }>('/chats/join-requests')).data;
}

/**
 * Requests to join missions I own or partner in (spec: GET /chats/join-requests): /requests and,
 * counted, the shell's chat badge. Live: polled every 30 s only while the socket is down.
 */
export function useJoinRequestsQuery() {
  return useQuery({ queryKey: missionKeys.joinRequests, queryFn: getJoinRequests, ...useLiveQueryOptions() });
}
