import type { ChatMessage, ChatSummary } from '@muster/contract/chats';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { chatKeys } from './chat-keys';

export type MessagesPage = {
  data: { chat: ChatSummary; messages: ChatMessage[] };
  meta: { nextCursor: string | null };
};
export type MessagesData = InfiniteData<MessagesPage, string | undefined>;

export function getChatMessages(chatId: string, cursor?: string): Promise<MessagesPage> {
  return api.get<MessagesPage>(
    `/chats/${chatId}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
}

/**
 * Pages run newest to oldest (and so do the messages in each); fetching changes nothing on the
 * server (see mark-chat-read.ts). New messages arrive over the socket (chat-cache.ts), and by
 * polling only while it is down.
 */
export function useChatMessagesQuery(chatId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => getChatMessages(chatId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    ...useLiveQueryOptions(),
  });
}
