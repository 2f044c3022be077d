import type { ChatMessage, ChatSummary } from '@muster/contract/chats';
import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './get-chats';

type Page = { data: { chat: ChatSummary; messages: ChatMessage[] }; meta: { nextCursor: string | null } };

export function getChatMessages(chatId: string, cursor?: string): Promise<Page> {
  return api.get<Page>(`/chats/${chatId}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

/** Pages run newest to oldest; fetching changes nothing on the server (see mark-chat-read.ts). */
export function useChatMessagesQuery(chatId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => getChatMessages(chatId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
