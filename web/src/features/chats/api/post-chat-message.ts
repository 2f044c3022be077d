import type { PublicUser } from '@muster/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  addMessageToCache,
  type OutgoingMessage,
  putOutgoing,
  removeOutgoing,
  setOutgoingDelivery,
} from './chat-cache';
import { chatKeys } from './chat-keys';
import { type SendAnswer, toSendAnswer } from './send-message';

export type ChatMessageInput = { chatId: string; message: string; clientMessageId: string };

/** POST /chats/:chatId/messages: into a conversation I am in (direct or a mission's group). */
export async function postChatMessage({
  chatId,
  message,
  clientMessageId,
}: ChatMessageInput): Promise<SendAnswer> {
  return toSendAnswer(
    await api.post<Parameters<typeof toSendAnswer>[0]>(`/chats/${encodeURIComponent(chatId)}/messages`, {
      message,
      clientMessageId,
    }),
  );
}

/**
 * Sends optimistically: the message shows at once as mine, 'sending'; the server's copy replaces
 * it (the socket's echo may come first; chat-cache.ts keeps one); a failure leaves it 'failed' for
 * a retry with the same clientMessageId, which the server answers with the message already sent
 * if the first try did arrive. The cache work lives here rather than in the caller so it finishes
 * even if the conversation is left mid-send.
 */
export function useSendChatMessageMutation(sender: PublicUser | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChatMessage,
    onMutate: (input) => {
      if (!sender) return;
      putOutgoing(queryClient, {
        _id: `outgoing-${input.clientMessageId}`,
        chatId: input.chatId,
        sender,
        message: input.message,
        createdAt: new Date().toISOString(),
        clientMessageId: input.clientMessageId,
        delivery: 'sending',
      });
    },
    onSuccess: (answer, input) => {
      if ('message' in answer) {
        addMessageToCache(queryClient, answer.message);
        removeOutgoing(queryClient, input.chatId, input.clientMessageId);
      } else {
        setOutgoingDelivery(queryClient, input.chatId, input.clientMessageId, 'requested');
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    onError: (_error, input) =>
      setOutgoingDelivery(queryClient, input.chatId, input.clientMessageId, 'failed'),
  });
}

const noOutgoing: OutgoingMessage[] = [];

/** This conversation's unconfirmed messages (client state in the query cache, never fetched). */
export function useOutgoingMessages(chatId: string): OutgoingMessage[] {
  const { data } = useQuery({
    queryKey: chatKeys.outbox(chatId),
    queryFn: () => noOutgoing,
    enabled: false,
    initialData: noOutgoing,
    gcTime: Infinity,
  });
  return data;
}
