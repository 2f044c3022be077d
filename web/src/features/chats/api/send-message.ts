import type { ChatMessage, chatRequestSentResponseSchema } from '@muster/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

type RequestSent = z.infer<typeof chatRequestSentResponseSchema>['data']['request'];

/**
 * What a send answers: the message (200), or — when the recipient takes messages only from their
 * connections and I am not one — a chat request they will see when they accept it (202).
 */
export type SendAnswer = { message: ChatMessage } | { request: RequestSent };

export function toSendAnswer(body: { data: ChatMessage | { request: RequestSent } }): SendAnswer {
  return 'request' in body.data ? { request: body.data.request } : { message: body.data };
}

export type SendMessageInput = { recipientId: string; message: string; clientMessageId?: string };

/** POST /chats/send: a message to a person, opening our chat on the first one (profile, lists). */
export async function sendMessage(input: SendMessageInput): Promise<SendAnswer> {
  return toSendAnswer(await api.post<{ data: ChatMessage | { request: RequestSent } }>('/chats/send', input));
}

export function useSendMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
  });
}
