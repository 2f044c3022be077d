import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateCachedChat } from './chat-cache';
import { chatKeys } from './get-chats';

export function markChatRead(chatId: string): Promise<void> {
  return api.put<void>(`/chats/${chatId}/read`);
}

/**
 * Marks a conversation read while it is on screen. Optimistic: the chat's unread count (which the
 * shell's badge counts) drops to 0 at once, then the list refetches to agree with the server.
 */
export function useMarkChatReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onMutate: async (chatId) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      updateCachedChat(queryClient, chatId, (c) => ({ ...c, unreadCount: 0 }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
  });
}
