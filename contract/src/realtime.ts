import { z } from 'zod';
import { chatMessageSchema } from './chat-message.js';
import { realtimeCounts } from './realtime-constants.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './realtime-constants.js';

/**
 * Live updates (issue 15): one WebSocket per browser tab at `GET /api/v1/ws`, authenticated by the
 * session cookie at the upgrade. The server sends events; the client sends nothing but an optional
 * `{ "type": "ping" }` (answered `{ "type": "pong" }`). Every event is a hint that something the
 * client shows has changed: it either carries the new thing (a message) or names what to refetch.
 * While the socket is down the spec's 30-second polling goes on, so nothing is only ever pushed.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  /** A message in one of my chats (mine too, from another tab or device). */
  z.object({
    type: z.literal('message.created'),
    data: chatMessageSchema.extend({ clientMessageId: z.string().nullable().optional() }),
  }),
  /** Someone in one of my chats read it up to `readAt` (for "Seen" on direct chats). */
  z.object({
    type: z.literal('chat.read'),
    data: z.object({ chatId: z.string(), userId: z.string(), readAt: z.string() }),
  }),
  /** A chat request arrived for me, or one of mine was accepted or declined. */
  z.object({
    type: z.literal('chat.request'),
    data: z.object({
      requestId: z.string(),
      status: z.enum(['pending', 'accepted', 'declined']),
      chatId: z.string().nullable(),
    }),
  }),
  /** A new notification for me (its id and type; the list is refetched). */
  z.object({
    type: z.literal('notification.created'),
    data: z.object({ _id: z.string(), type: z.string() }),
  }),
  /** One of the shell's badges changed: refetch what it counts. */
  z.object({
    type: z.literal('counts.changed'),
    data: z.object({ counts: z.array(z.enum(realtimeCounts)) }),
  }),
  /** A task of a mission I am in was added or changed. */
  z.object({
    type: z.literal('task.changed'),
    data: z.object({ taskId: z.string(), missionId: z.string() }),
  }),
  /** A join request to one of my missions arrived, or one of mine was answered. */
  z.object({ type: z.literal('joinRequest.changed'), data: z.object({ missionId: z.string() }) }),
  /** A post arrived in my home feed's network (for the "New posts" pill). */
  z.object({ type: z.literal('post.created'), data: z.object({ _id: z.string(), authorId: z.string() }) }),
  /**
   * An emergency-marked post or a mission update went up (issue 16): sent to everyone connected
   * (a members-only mission's update: to its members), so an open emergency board fetches its
   * newest page, which applies the viewer's filters and what they may see.
   */
  z.object({ type: z.literal('board.posted'), data: z.object({ _id: z.string() }) }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

/** What a client may send. */
export const realtimeClientFrameSchema = z.strictObject({ type: z.literal('ping') });
