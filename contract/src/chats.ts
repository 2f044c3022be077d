import { z } from 'zod';
import { publicUserSchema } from './users.js';

export const MESSAGE_MAX = 4000;

const messageText = z.string({ error: 'Write a message' }).trim().min(1, 'Write a message').max(MESSAGE_MAX, `Messages are at most ${MESSAGE_MAX} characters`);

export const sendMessageSchema = z.strictObject({
  recipientId: z.uuid('Choose who to message'),
  message: messageText,
});

/** A message into a conversation I am in, by its id (a mission's group chat, or a direct one). */
export const chatMessageBodySchema = z.strictObject({ message: messageText });

export const chatMessageSchema = z.object({
  _id: z.string(),
  chatId: z.string(),
  sender: publicUserSchema,
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(['direct', 'mission']),
  otherUser: publicUserSchema.nullable(),
  /** A mission's group chat names its mission (otherUser is null); a direct chat has none. */
  mission: z.object({ _id: z.string(), title: z.string(), photo: z.string() }).nullable().optional(),
  lastMessage: z.object({ message: z.string(), createdAt: z.string(), senderId: z.string() }).nullable(),
  unreadCount: z.number(),
  updatedAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatListResponseSchema = z.object({ data: z.array(chatSummarySchema) });
export const chatMessageResponseSchema = z.object({ data: chatMessageSchema });
export const chatMessagesResponseSchema = z.object({
  data: z.object({ chat: chatSummarySchema, messages: z.array(chatMessageSchema) }),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export const chatParamsSchema = z.object({ chatId: z.uuid('Not a conversation id') });

export const messagesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
