import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount, onRealtimeEvent } from '../../lib/realtime/events';
import { addMessageToCache, updateCachedChat } from './api/chat-cache';
import { chatKeys } from './api/chat-keys';

const later = (a: string | null | undefined, b: string) => (a && Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * What the socket's events mean for the chats cache: a message joins its open conversation (once,
 * however often it is heard) and the list refetches for its order and unread counts; a read moves
 * "Seen" (or, read by me in another tab, clears my unread count); requests and counts refetch.
 * Returns the unsubscribe.
 */
export function registerChatsRealtime(queryClient: QueryClient, viewerId: string): () => void {
  const refetchList = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  const refetchRequests = () => void queryClient.invalidateQueries({ queryKey: chatKeys.requests });
  const offs = [
    onRealtimeEvent('message.created', ({ data }) => {
      addMessageToCache(queryClient, data);
      refetchList();
    }),
    onRealtimeEvent('chat.read', ({ data }) => {
      updateCachedChat(queryClient, data.chatId, (chat) => {
        if (data.userId === viewerId) return { ...chat, unreadCount: 0 };
        return chat.kind === 'direct'
          ? { ...chat, otherLastReadAt: later(chat.otherLastReadAt, data.readAt) }
          : chat;
      });
    }),
    onRealtimeEvent('chat.request', ({ data }) => {
      refetchRequests();
      if (data.status === 'accepted') refetchList();
    }),
    onRealtimeCount('chats', refetchList),
    onRealtimeCount('requests', refetchRequests),
  ];
  return () => offs.forEach((off) => off());
}
