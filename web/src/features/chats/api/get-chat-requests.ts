import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Item = { _id: string };

export async function getChatRequests(): Promise<Item[]> {
  return (await api.get<{ data: Item[] }>('/chats/requests')).data;
}

export async function getJoinRequests(): Promise<Item[]> {
  return (await api.get<{ data: Item[] }>('/chats/join-requests')).data;
}

/** Chat requests from outside my network; polled every 30 s. */
export function useChatRequestsQuery() {
  return useQuery({ queryKey: ['chats', 'requests'], queryFn: getChatRequests, refetchInterval: POLL_INTERVAL_MS });
}

/** Requests to join my missions; polled every 30 s. */
export function useJoinRequestsQuery() {
  return useQuery({ queryKey: ['chats', 'join-requests'], queryFn: getJoinRequests, refetchInterval: POLL_INTERVAL_MS });
}
