import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RealtimeEvent } from '@muster/contract/realtime';
import { linkRedis, type RedisLink } from '../redis.js';

/** Whose sockets to close: one session (sign-out), a person's all but one (password change), or all. */
export type SessionTarget = { sessionId: string } | { userId: string; exceptSessionId?: string | undefined };

/**
 * The realtime hub (issue 15): features publish events to people by id; every API process delivers
 * them to the sockets it holds for those people. Without REDIS_URL the hub is in-process; with it,
 * events go through Redis pub/sub so a socket held by another process gets them too.
 *
 * Publishing never fails a request: a lost event is caught up by the client's refetch on reconnect
 * and by the spec's polling, so the hub logs and carries on.
 */
export type RealtimeHub = {
  /** Sends the event to every open socket of each person (deduplicated ids; none is fine). */
  publish: (userIds: readonly string[], event: RealtimeEvent) => void;
  /**
   * Sends the event to every open socket in every process, but those of `exceptUserIds` (a short
   * list: the people blocked either way with an author, say). For what anyone signed in may
   * want live (the emergency board, issue 16) and whose audience cannot be listed.
   */
  broadcast: (event: RealtimeEvent, options?: { exceptUserIds?: readonly string[] }) => void;
  /**
   * Closes sockets whose session ended, in every process: one session (sign-out), or all of a
   * person's sessions but one (password change keeps the device that made it), or all (account deleted).
   * Every process also drops those sessions from its short-lived session cache.
   */
  endSessions: (target: SessionTarget) => void;
  /** Local delivery hook: the socket layer registers here (one listener per process). */
  onDeliver: (listener: (userIds: readonly string[], event: RealtimeEvent) => void) => void;
  /** Local delivery hook for broadcasts: every socket but those of the people named. */
  onBroadcast: (listener: (event: RealtimeEvent, exceptUserIds: readonly string[]) => void) => void;
  onEndSessions: (listener: (target: SessionTarget) => void) => void;
  /**
   * Internal to the session layer: a person's account changed while their sessions live on (an
   * address verified, a mailed link used), so every process drops the copies of their sessions it
   * cached for a few seconds (platform/auth/session.ts), instead of serving the old row until they expire.
   * Resolves once Redis has taken the message (it then sits in every other process's subscription
   * before anyone can ask them anything after this answer), or at once when it cannot be sent; never
   * rejects. A caller that promises "at once everywhere" (a block, decision 085) awaits it.
   */
  forgetSessions: (userId: string) => Promise<void>;
  onForgetSessions: (listener: (userId: string) => void) => void;
  /**
   * Whether what the other processes send reaches this one now, as a number that changes each
   * time the subscription is made again (undefined while it is not in place): something kept
   * on the promise of being dropped by a message (search's standings, decision 081) is kept only
   * under one unbroken subscription, since messages sent while it was down are lost. The
   * in-process hub has no other process: always 0.
   */
  listening: () => number | undefined;
  /**
   * Resolves once this process receives what the others publish (the Redis subscription is in
   * place), or after `withinMs` whatever happens: an app waits for it before it serves, so a socket
   * it accepts misses nothing, but Redis being down delays nobody's start by more than that.
   */
  ready: (withinMs: number) => Promise<void>;
  close: () => Promise<void>;
};

type Listeners = {
  deliver: Array<(userIds: readonly string[], event: RealtimeEvent) => void>;
  everyone: Array<(event: RealtimeEvent, exceptUserIds: readonly string[]) => void>;
  end: Array<(target: SessionTarget) => void>;
  forget: Array<(userId: string) => void>;
};

/**
 * Calls each listener; one that throws (a socket in a bad state) must neither stop the others nor
 * reach the request that published.
 */
function callEach<A extends unknown[]>(
  listeners: Array<(...args: A) => void>,
  args: A,
  log: FastifyBaseLogger | undefined,
) {
  for (const listener of listeners) {
    try {
      listener(...args);
    } catch (err) {
      log?.warn({ err }, 'realtime listener failed');
    }
  }
}

function localHub(log: FastifyBaseLogger | undefined) {
  const listeners: Listeners = { deliver: [], everyone: [], end: [], forget: [] };
  return {
    listeners,
    deliver: (userIds: readonly string[], event: RealtimeEvent) =>
      callEach(listeners.deliver, [userIds, event], log),
    everyone: (event: RealtimeEvent, except: readonly string[]) =>
      callEach(listeners.everyone, [event, except], log),
    end: (target: SessionTarget) => callEach(listeners.end, [target], log),
    forget: (userId: string) => callEach(listeners.forget, [userId], log),
  };
}

/** The ids once each, or nothing when there is no one to tell. */
function audience(userIds: readonly string[]): string[] | undefined {
  if (userIds.length === 0) return undefined;
  return userIds.length === 1 ? [userIds[0]!] : [...new Set(userIds)];
}

/** The in-process hub: what is published here is delivered here. */
export function createLocalHub(options: { log?: FastifyBaseLogger } = {}): RealtimeHub {
  const local = localHub(options.log);
  return {
    publish: (userIds, event) => {
      const ids = audience(userIds);
      if (ids) local.deliver(ids, event);
    },
    broadcast: (event, options) => local.everyone(event, options?.exceptUserIds ?? []),
    endSessions: local.end,
    forgetSessions: async (userId) => local.forget(userId),
    onDeliver: (listener) => void local.listeners.deliver.push(listener),
    onBroadcast: (listener) => void local.listeners.everyone.push(listener),
    onEndSessions: (listener) => void local.listeners.end.push(listener),
    onForgetSessions: (listener) => void local.listeners.forget.push(listener),
    listening: () => 0,
    ready: async () => {},
    close: async () => {},
  };
}

/** What goes over the channel: one JSON object per publish, naming the process that sent it. */
type WireMessage =
  | { from: string; userIds: string[]; event: RealtimeEvent }
  | { from: string; everyone: RealtimeEvent; except: readonly string[] }
  | { from: string; end: SessionTarget }
  | { from: string; forget: string };

/**
 * The hub for several API processes (DESIGN.md §7): every publish is delivered to this process's
 * sockets at once, and sent on one Redis channel that every process subscribes to on a connection of
 * its own (a subscribed connection can do nothing else). A process skips its own messages when they
 * come back, so nothing is delivered twice, and local delivery never waits for, nor depends on, Redis.
 *
 * Every process receives every event and keeps those for the people whose sockets it holds: simple,
 * and cheap at our size (one small JSON per message per process). Redis keeps the order of the
 * messages one connection publishes, so a chat's messages published in order arrive in order.
 *
 * `channel` must be unique to a deployment: Redis key prefixes do not apply to pub/sub channels,
 * so test apps sharing one Redis each pass a channel of their own.
 */
export function createRedisHub(
  redis: Redis,
  options: { channel: string; log: FastifyBaseLogger; link?: RedisLink | undefined },
): RealtimeHub {
  const { channel, log } = options;
  const link = options.link ?? linkRedis(redis, { log });
  const local = localHub(log);
  // Tells this process's own messages apart when Redis sends them back.
  const self = randomBytes(8).toString('hex');
  // Subscribed again by us on every connection, rather than by ioredis (autoResubscribe): ioredis
  // only re-subscribes what was subscribed before, and the first subscription may never have
  // happened (Redis down at start) or timed out (Redis paused).
  const subscriber = redis.duplicate({ autoResubscribe: false });
  // An error event without a listener would crash the process; ioredis reconnects by itself, and
  // the link logs the outage once, so each failed attempt is only worth a debug line.
  subscriber.on('error', (err) => log.debug({ err }, 'realtime: Redis subscriber error'));
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let firstSubscribed!: () => void;
  const subscribed = new Promise<void>((resolve) => (firstSubscribed = resolve));
  // Which unbroken subscription this is (see `listening`), and whether one is in place.
  let epoch = 0;
  let listening = false;
  const subscribe = () => {
    clearTimeout(retry);
    if (closed || subscriber.status !== 'ready') return;
    subscriber.subscribe(channel).then(
      () => {
        failures = 0;
        epoch++;
        listening = true;
        firstSubscribed();
      },
      (err: unknown) => {
        // Once per outage in the log, not once a second.
        if (failures++ === 0) log.warn({ err, channel }, 'realtime: cannot subscribe; trying every second');
        // Still connected (a stall, not a drop, which 'ready' will follow): try again shortly.
        retry = setTimeout(subscribe, 1_000);
      },
    );
  };
  subscriber.on('ready', subscribe);
  // The connection dropped: what is published meanwhile never arrives here.
  subscriber.on('close', () => (listening = false));
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: WireMessage;
    try {
      message = JSON.parse(text) as WireMessage;
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable message on the channel');
      return;
    }
    if (message.from === self) return;
    if ('event' in message) local.deliver(message.userIds, message.event);
    else if ('everyone' in message) local.everyone(message.everyone, message.except);
    else if ('end' in message) local.end(message.end);
    else if ('forget' in message) local.forget(message.forget);
  });

  const send = (message: WireMessage): Promise<void> => {
    // Never awaited by the request (decision 043): the event has reached this process's sockets
    // already. While Redis does not answer, other processes' sockets miss it, and their clients'
    // refetch on reconnect and the spec's polling catch up. Sent whatever the breaker says (it
    // costs no request anything, and crosses again the moment Redis answers), but only on a
    // connection that is up: its answer, or its timeout, tells the limiter's breaker too.
    if (redis.status !== 'ready') return Promise.resolve();
    try {
      return redis.publish(channel, JSON.stringify(message)).then(
        () => link.succeeded(),
        (err: unknown) => {
          link.failed(err);
          log.debug({ err }, 'realtime: publish failed');
        },
      );
    } catch (err) {
      link.failed(err);
      return Promise.resolve();
    }
  };

  return {
    publish: (userIds, event) => {
      const ids = audience(userIds);
      if (!ids) return;
      local.deliver(ids, event);
      void send({ from: self, userIds: ids, event });
    },
    broadcast: (event, options) => {
      const except = options?.exceptUserIds ?? [];
      local.everyone(event, except);
      void send({ from: self, everyone: event, except });
    },
    endSessions: (target) => {
      local.end(target);
      void send({ from: self, end: target });
    },
    forgetSessions: (userId) => {
      local.forget(userId);
      return send({ from: self, forget: userId });
    },
    onDeliver: (listener) => void local.listeners.deliver.push(listener),
    onBroadcast: (listener) => void local.listeners.everyone.push(listener),
    onEndSessions: (listener) => void local.listeners.end.push(listener),
    onForgetSessions: (listener) => void local.listeners.forget.push(listener),
    // Also not while this process cannot publish: its own drops would not reach the others.
    listening: () =>
      listening && subscriber.status === 'ready' && redis.status === 'ready' ? epoch : undefined,
    ready: async (withinMs) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
      await Promise.race([subscribed, late]);
      clearTimeout(timer);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      // Unsubscribing waits for Redis (its command timeout at most); one that is down must not
      // hold the process's stop (the disconnect ends the subscription anyway).
      if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
