import { z } from 'zod';
import { publicUserSchema } from './public-user.js';

/**
 * A message in a conversation, as answers and live events carry it; in a module of its own
 * (chats.ts re-exports it) so the live socket's event schema builds only what it embeds
 * (decision 032).
 */
export const chatMessageSchema = z.object({
  _id: z.string(),
  chatId: z.string(),
  sender: publicUserSchema,
  message: z.string(),
  createdAt: z.string(),
  /** The sender's own id for it, when they gave one (their client matches its optimistic copy by it). */
  clientMessageId: z.string().nullable().optional(),
  /**
   * Hidden by a moderator, and why (decision 071): only its sender is ever shown a hidden message,
   * and only such a message carries it; absent (or null) on every message shown to all.
   */
  hiddenReason: z.string().nullish(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
