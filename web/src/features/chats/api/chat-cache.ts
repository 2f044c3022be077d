import type { ChatMessage, ChatSummary } from '@muster/contract/chats';
import type { QueryClient } from '@tanstack/react-query';
import type { MessagesData } from './get-chat-messages';
import { chatKeys } from './chat-keys';

/**
 * A message I wrote that the server has not confirmed: shown at once ('sending'), kept with a
 * Retry when sending failed, or waiting as a chat request (the server answered 202). It carries
 * the clientMessageId the server's copy will carry, which is how the two are matched.
 */
export type OutgoingMessage = ChatMessage & {
  clientMessageId: string;
  delivery: 'sending' | 'failed' | 'requested';
};

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a._id === b._id || (!!a.clientMessageId && a.clientMessageId === b.clientMessageId);

/**
 * Adds a message to its open conversation's cached pages (newest first), once: the socket's copy
 * of my own message and the send's answer are the same message, whichever comes first. A
 * conversation not in the cache is left alone (it loads whole when opened). The outgoing copy goes.
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(message.chatId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || data.pages.some((p) => p.data.messages.some((m) => sameMessage(m, message))))
      return data;
    return {
      ...data,
      pages: [{ ...first, data: { ...first.data, messages: [message, ...first.data.messages] } }, ...rest],
    };
  });
  if (message.clientMessageId) removeOutgoing(queryClient, message.chatId, message.clientMessageId);
}

/** Changes one chat's summary wherever it is cached: the chat list and its open conversation. */
export function updateCachedChat(
  queryClient: QueryClient,
  chatId: string,
  change: (chat: ChatSummary) => ChatSummary,
) {
  queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (chats) =>
    chats?.map((c) => (c._id === chatId ? change(c) : c)),
  );
  queryClient.setQueryData<MessagesData>(chatKeys.messages(chatId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return {
      ...data,
      pages: [{ ...first, data: { ...first.data, chat: change(first.data.chat) } }, ...rest],
    };
  });
}

export function getOutgoing(queryClient: QueryClient, chatId: string): OutgoingMessage[] {
  return queryClient.getQueryData<OutgoingMessage[]>(chatKeys.outbox(chatId)) ?? [];
}

/** Shows a message being sent, or shows a failed one as sending again (same place, same id). */
export function putOutgoing(queryClient: QueryClient, message: OutgoingMessage) {
  queryClient.setQueryData<OutgoingMessage[]>(chatKeys.outbox(message.chatId), (list = []) =>
    list.some((m) => m.clientMessageId === message.clientMessageId)
      ? list.map((m) =>
          m.clientMessageId === message.clientMessageId ? { ...m, delivery: message.delivery } : m,
        )
      : [...list, message],
  );
}

/** Marks an outgoing message failed or requested; one already confirmed (and so gone) stays gone. */
export function setOutgoingDelivery(
  queryClient: QueryClient,
  chatId: string,
  clientMessageId: string,
  delivery: OutgoingMessage['delivery'],
) {
  queryClient.setQueryData<OutgoingMessage[]>(chatKeys.outbox(chatId), (list) =>
    list?.map((m) => (m.clientMessageId === clientMessageId ? { ...m, delivery } : m)),
  );
}

export function removeOutgoing(queryClient: QueryClient, chatId: string, clientMessageId: string) {
  const list = getOutgoing(queryClient, chatId);
  if (list.some((m) => m.clientMessageId === clientMessageId)) {
    queryClient.setQueryData<OutgoingMessage[]>(
      chatKeys.outbox(chatId),
      list.filter((m) => m.clientMessageId !== clientMessageId),
    );
  }
}
