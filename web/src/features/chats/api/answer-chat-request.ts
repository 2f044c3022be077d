import type { ChatRequest } from '@muster/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** PUT /chats/requests/:requestId/accept: the message becomes a chat (new, or the pair's existing one). */
export async function acceptChatRequest(requestId: string): Promise<{ chatId: string }> {
  return (
    await api.put<{ data: { chatId: string } }>(`/chats/requests/${encodeURIComponent(requestId)}/accept`)
  ).data;
}

/** PUT /chats/requests/:requestId/decline: the request goes; the sender learns only that it was not accepted. */
export async function declineChatRequest(requestId: string): Promise<void> {
  await api.put(`/chats/requests/${encodeURIComponent(requestId)}/decline`);
}

function useAnswer<T>(answer: (requestId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    // The row leaves at once; the badge and (after an accept) the chat list catch up without
    // holding up what comes next (opening the chat).
    onSuccess: (_data, requestId) => {
      queryClient.setQueryData<ChatRequest[]>(chatKeys.requests, (list) =>
        list?.filter((r) => r._id !== requestId),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.requests });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

export function useAcceptChatRequestMutation() {
  return useAnswer(acceptChatRequest);
}

export function useDeclineChatRequestMutation() {
  return useAnswer(declineChatRequest);
}
