import { z } from 'zod';
import { MESSAGE_MAX } from './chats-constants.js';
import { chatMessageSchema } from './chat-message.js';
import { publicUserSchema } from './public-user.js';

// The limit a form shows before it loads the schemas lives in a zod-free module (decision 056).
export * from './chats-constants.js';

const messageText = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(MESSAGE_MAX, `Messages are at most ${MESSAGE_MAX} characters`);

/**
 * Issue 15: a sender may name each message with an id of their own (a UUID made when it was
 * written). A retry or a double click with the same id answers the message already sent, so it is
 * never there twice. Unique per sender; the same id for a message into another conversation
 * answers 409. Answers carry it lowercased.
 */
const clientMessageId = z.uuid('Not a message id').optional();

export const sendMessageSchema = z.strictObject({
  recipientId: z.uuid('Choose who to message'),
  message: messageText,
  clientMessageId,
});

/** A message into a conversation I am in, by its id (a mission's group chat, or a direct one). */
export const chatMessageBodySchema = z.strictObject({ message: messageText, clientMessageId });

export { chatMessageSchema, type ChatMessage } from './chat-message.js';

/** A need or want a direct chat is about: an accepted offer of help on it opened the chat (decision 052). */
export const chatTopicSchema = z.object({ postId: z.string(), title: z.string() });
export type ChatTopic = z.infer<typeof chatTopicSchema>;

export const chatSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(['direct', 'mission']),
  otherUser: publicUserSchema.nullable(),
  /** A mission's group chat names its mission (otherUser is null); a direct chat has none. */
  mission: z.object({ _id: z.string(), title: z.string(), photo: z.string() }).nullable().optional(),
  lastMessage: z.object({ message: z.string(), createdAt: z.string(), senderId: z.string() }).nullable(),
  unreadCount: z.number(),
  updatedAt: z.string(),
  /** Direct chats: when the other person last read it ("Seen" under my last message). Null for mission chats. */
  otherLastReadAt: z.string().nullable().optional(),
  /**
   * GET /chats/{chatId}/messages, a direct chat: the needs and wants on which one of the two
   * accepted the other's offer, newest first (at most 3), that the viewer may read. Not in lists.
   */
  about: z.array(chatTopicSchema).optional(),
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

/**
 * Chat requests (issue 15): a first message to someone who is not my connection and whose
 * messagePolicy is 'connections' waits here until they accept (it becomes a chat with the message
 * in it) or decline (it goes; the sender learns only that it was not accepted). One pending
 * request per sender and recipient.
 */
export const chatRequestSchema = z.object({
  _id: z.string(),
  sender: publicUserSchema,
  message: z.string(),
  createdAt: z.string(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export const chatRequestsResponseSchema = z.object({ data: z.array(chatRequestSchema) });
/** PUT /chats/requests/{requestId}/accept answers chatRequestAcceptedResponseSchema; …/decline answers 204 with no body. Only the recipient: anyone else 404. */
export const chatRequestParamsSchema = z.object({ requestId: z.uuid('Not a request id') });
/**
 * POST /chats/send answers 202 with this when the message became a request rather than a chat; so
 * does POST /chats/{chatId}/messages into a direct chat the other person never took part in (they
 * wrote nothing and accepted nothing there) once they take messages only from connections. A
 * second message while one waits answers 409; a retry with the same clientMessageId answers this
 * again (202, the same request).
 */
export const chatRequestSentResponseSchema = z.object({
  data: z.object({
    request: z.object({
      _id: z.string(),
      recipientId: z.string(),
      status: z.literal('pending'),
      createdAt: z.string(),
    }),
  }),
});
/** Accepting opens (or reuses) the pair's direct chat with the request's message in it. */
export const chatRequestAcceptedResponseSchema = z.object({ data: z.object({ chatId: z.string() }) });
