/**
 * Zod-free half of chats.ts (decisions 030, 056): a message's limit, which the Message button
 * shows before it loads the schemas. chats.ts re-exports it.
 */
export const MESSAGE_MAX = 4000;
