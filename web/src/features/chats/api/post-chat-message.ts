import type { ChatMessage } from '@muster/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './get-chats';

export async function postChatMessage({ chatId, message }: { chatId: string; message: string }): Promise<ChatMessage> {
  return (await api.post<{ data: ChatMessage }>(`/chats/${encodeURIComponent(chatId)}/messages`, { message })).data;
}

/** Send into a chat I am a member of (a mission's group chat): POST /chats/:chatId/messages. */
export function usePostChatMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postChatMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }) });
}
