const root = ['chats'] as const;

/** The chats feature's query keys: every one starts at `chatKeys.all`, but for the outbox. */
export const chatKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
  messages: (chatId: string) => [...root, 'messages', chatId] as const,
  requests: [...root, 'requests'] as const,
  /**
   * Messages I wrote that the server has not confirmed yet (client state, never fetched). A root
   * of its own, so refetching or invalidating the chats never touches it.
   */
  outbox: (chatId: string) => ['chat-outbox', chatId] as const,
};

/** The chats feature's mutation keys (decision 057). */
export const chatMutationKeys = {
  /** Marking a conversation read: the chat list is refetched once none is pending. */
  markRead: [...root, 'mark-read'] as const,
};
