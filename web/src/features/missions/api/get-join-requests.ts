import type { JoinRequest } from '@muster/contract/missions';
import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export async function getJoinRequests(): Promise<JoinRequest[]> {
  return (await api.get<{ data: JoinRequest[] }>('/chats/join-requests')).data;
}

/** Requests to join missions I own or partner in (spec: GET /chats/join-requests); polled every 30 s. */
export function useJoinRequestsQuery() {
  return useQuery({ queryKey: missionKeys.joinRequests, queryFn: getJoinRequests, refetchInterval: POLL_INTERVAL_MS });
}
