import type { ChatSummary } from '@muster/contract/chats';
import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => ['chats', 'list'] as const,
  messages: (chatId: string) => ['chats', 'messages', chatId] as const,
};

export async function getChats(): Promise<ChatSummary[]> {
  return (await api.get<{ data: ChatSummary[] }>('/chats')).data;
}

/** Polled every 30 s (spec §9); the shell's chat badge reads the same cache. */
export function useChatsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: chatKeys.list(), queryFn: getChats, refetchInterval: POLL_INTERVAL_MS, ...options });
}
