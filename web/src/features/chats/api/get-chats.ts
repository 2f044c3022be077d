import type { ChatSummary } from '@muster/contract/chats';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => ['chats', 'list'] as const,
  messages: (chatId: string) => ['chats', 'messages', chatId] as const,
  requests: ['chats', 'requests'] as const,
  /**
   * Messages I wrote that the server has not confirmed yet (client state, never fetched). A root
   * of its own, so refetching or invalidating the chats never touches it.
   */
  outbox: (chatId: string) => ['chat-outbox', chatId] as const,
};

export async function getChats(): Promise<ChatSummary[]> {
  return (await api.get<{ data: ChatSummary[] }>('/chats')).data;
}

/** Kept fresh by the socket, polled every 30 s while it is down (spec §7); the shell's chat badge reads the same cache. */
export function useChatsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: chatKeys.list(), queryFn: getChats, ...useLiveQueryOptions(), ...options });
}
