import type { ChatRequest } from '@muster/contract/chats';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { chatKeys } from './chat-keys';

export async function getChatRequests(): Promise<ChatRequest[]> {
  return (await api.get<{ data: ChatRequest[] }>('/chats/requests')).data;
}

/** First messages from people outside my network, waiting for my answer (/requests and the chat badge). */
export function useChatRequestsQuery() {
  return useQuery({ queryKey: chatKeys.requests, queryFn: getChatRequests, ...useLiveQueryOptions() });
}
