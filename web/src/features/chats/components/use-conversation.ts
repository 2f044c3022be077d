import { useEffect, useRef } from 'react';
import toast from '../../../lib/toast';
import { useSessionQuery } from '../../../lib/session';
import { usePageVisible } from '../../../lib/use-page-visible';
import type { OutgoingMessage } from '../api/chat-cache';
import { useChatMessagesQuery } from '../api/get-chat-messages';
import { useMarkChatReadMutation } from '../api/mark-chat-read';
import { useOutgoingMessages, useSendChatMessageMutation } from '../api/post-chat-message';
import { newClientMessageId } from '../client-message-id';
import type { ShownMessage } from './conversation';

/**
 * One open conversation (direct or a mission's group): its messages oldest first with my
 * unconfirmed ones after them, sending and retrying, "Seen", and read marking.
 *
 * Shown is read: PUT …/read when the conversation opens with unread messages, and again whenever
 * a message from someone else arrives while it is open — but only while the tab is on screen; a
 * message that came to a hidden tab is marked read when the tab is seen.
 */
export function useConversation(chatId: string) {
  const viewer = useSessionQuery().data ?? undefined;
  const viewerId = viewer?._id;
  const query = useChatMessagesQuery(chatId);
  const outgoing = useOutgoingMessages(chatId);
  const send = useSendChatMessageMutation(viewer);
  const { mutate: markChatRead } = useMarkChatReadMutation();
  const visible = usePageVisible();

  const chat = query.data?.pages[0]?.data.chat;
  const delivered = (query.data?.pages.flatMap((p) => p.data.messages) ?? []).slice().reverse();
  const confirmed = new Set(delivered.map((m) => m.clientMessageId).filter(Boolean));
  // An outgoing copy whose server copy is already here (the socket's echo came first) is not shown twice.
  const messages: ShownMessage[] = [
    ...delivered,
    ...outgoing.filter((m) => !confirmed.has(m.clientMessageId)),
  ];

  let newestFromOthers: string | null = null;
  for (const m of delivered) if (m.sender._id !== viewerId) newestFromOthers = m._id;
  const unread = chat?.unreadCount ?? 0;
  const readUpTo = useRef<{ chatId: string; messageId: string | null } | null>(null);
  const loaded = chat !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const known = readUpTo.current?.chatId === chatId ? readUpTo.current : null;
    if (!known && unread === 0) {
      readUpTo.current = { chatId, messageId: newestFromOthers };
      return;
    }
    if (!visible) return;
    if (unread > 0 || known?.messageId !== newestFromOthers) {
      readUpTo.current = { chatId, messageId: newestFromOthers };
      markChatRead(chatId);
    }
  }, [loaded, chatId, unread, newestFromOthers, visible, markChatRead]);

  // "Seen" (direct chats): under my last message, once the other person has read up to it.
  const lastMine = [...messages].reverse().find((m) => m.sender._id === viewerId);
  const seenId =
    chat?.kind === 'direct' &&
    chat.otherLastReadAt &&
    lastMine &&
    !lastMine.delivery &&
    Date.parse(chat.otherLastReadAt) >= Date.parse(lastMine.createdAt)
      ? lastMine._id
      : null;

  function deliver(message: string, clientMessageId: string) {
    // mutateAsync answers each send (a plain mutate reports only the latest of several in flight);
    // a failure is shown on the message itself, with Retry.
    send.mutateAsync({ chatId, message, clientMessageId }).then(
      (answer) => {
        if ('request' in answer) toast.success('Message request sent');
      },
      () => {},
    );
  }

  return {
    query,
    chat,
    messages,
    seenId,
    send: (message: string) => deliver(message, newClientMessageId()),
    retry: (message: OutgoingMessage) => deliver(message.message, message.clientMessageId),
  };
}
