import type { ChatMessage } from '@muster/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './get-chats';

export async function sendMessage(input: { recipientId: string; message: string }): Promise<ChatMessage> {
  return (await api.post<{ data: ChatMessage }>('/chats/send', input)).data;
}

export function useSendMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
