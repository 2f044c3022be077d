import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending, refetchHeld } from '../../../lib/optimistic';
import { updateCachedChat } from './chat-cache';
import { chatKeys, chatMutationKeys } from './chat-keys';

export function markChatRead(chatId: string): Promise<void> {
  return api.put<void>(`/chats/${chatId}/read`);
}

/**
 * Marks a conversation read while it is on screen. Optimistic: the chat's unread count (which the
 * shell's badge counts) drops to 0 at once, then the list refetches to agree with the server —
 * once no other marking is pending, so an earlier answer cannot bring a count back (decision 057).
 */
export function useMarkChatReadMutation() {
  const queryClient = useQueryClient();
  const pending = { mutationKey: chatMutationKeys.markRead };
  return useMutation({
    mutationKey: chatMutationKeys.markRead,
    mutationFn: markChatRead,
    onMutate: async (chatId) => {
      await holdQueries(queryClient, { queryKey: chatKeys.list() }, { queryKey: chatKeys.messages(chatId) });
      updateCachedChat(queryClient, chatId, (c) => ({ ...c, unreadCount: 0 }));
    },
    onSettled: (_data, _error, chatId) =>
      isLastPending(queryClient, pending)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
            refetchHeld(queryClient, { queryKey: chatKeys.messages(chatId) }),
          ])
        : undefined,
  });
}
