import type { ChatSummary } from '@muster/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './get-chats';

export function markChatRead(chatId: string): Promise<void> {
  return api.put<void>(`/chats/${chatId}/read`);
}

/**
 * Marks a conversation read while it is on screen. Optimistic: the chat list (which the shell's
 * badges count) drops the chat's unread count at once, then refetches to agree with the server.
 */
export function useMarkChatReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onMutate: async (chatId) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (chats) => chats?.map((c) => (c._id === chatId ? { ...c, unreadCount: 0 } : c)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
  });
}
