import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';

/**
 * Domain events: how one feature tells the others that something happened without calling
 * them. Notifications, realtime pushes and matching subscribe; the emitter knows none of them.
 */
export type DomainEvents = {
  'user.signed_up': { userId: string };
  'post.liked': { postId: string; authorId: string; likerId: string };
  'comment.created': { postId: string; postAuthorId: string; commenterId: string; content: string; parentAuthorId: string | null };
  /** Emitted once, when the block is new: what lies between the two (connections, requests, notifications) goes. */
  'user.blocked': { blockerId: string; blockedId: string };
  /** A new connection request: the recipient is told. */
  'connection.requested': { requestId: string; senderId: string; recipientId: string };
  /** The recipient accepted (or asked back, which is the same): the sender is told by name. */
  'connection.accepted': { senderId: string; recipientId: string; recipientName: string };
  /** A request left the recipient's hands unanswered (ignored, withdrawn, or ended by a block): its notice goes. */
  'connection.request_dropped': { senderId: string; recipientId: string };
};

type Handler<K extends keyof DomainEvents> = (db: Db, payload: DomainEvents[K]) => Promise<void>;

export type EventBus = {
  on: <K extends keyof DomainEvents>(name: K, handler: Handler<K>) => void;
  /** Runs every handler before returning, so a response reflects them; a failing handler is logged. */
  emit: <K extends keyof DomainEvents>(db: Db, name: K, payload: DomainEvents[K]) => Promise<void>;
};

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Map<keyof DomainEvents, Handler<never>[]>();
  return {
    on: (name, handler) => {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<never>]);
    },
    emit: async (db, name, payload) => {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await (handler as Handler<typeof name>)(db, payload);
        } catch (err) {
          log.error({ err, event: name }, 'event handler failed');
        }
      }
    },
  };
}
