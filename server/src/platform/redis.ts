import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { onRedisError } from './telemetry/metrics.js';

/**
 * How every Redis client of ours is made (decision 043). Redis only ever shares things between
 * processes (rate-limit counters, live events); nothing a request does may wait on it for longer
 * than `timeoutMs`:
 * - each command gives up after `timeoutMs` (`commandTimeout`): a Redis that is paused or frozen
 *   with the connection open answers nothing, and ioredis would wait for ever;
 * - a command sent while the connection is down fails at once instead of queueing until it comes
 *   back (`enableOfflineQueue: false`), and one in flight when it drops is failed at the first
 *   reconnection attempt (`maxRetriesPerRequest: 0`): every caller has a fallback, not a queue;
 * - connecting gives up after a few timeouts, and reconnecting never stops (at most 2 s apart),
 *   so a Redis that comes back, or comes up after us, is used again without a restart.
 * ioredis itself is imported where a client is made (main.ts, the tests): these are plain options.
 */
export function redisOptions(timeoutMs: number, extra: RedisOptions = {}): RedisOptions {
  return {
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(1_000, 4 * timeoutMs),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt: number) => Math.min(200 * attempt, 2_000),
    ...extra,
  };
}

/** After a failed call, Redis is left alone this long; then one call tries it again. */
export const REDIS_COOLDOWN_MS = 3_000;

export type RedisState = 'up' | 'degraded';

/**
 * One Redis client and whether to use it right now: a circuit breaker in front of it. While Redis
 * answers, every caller uses it. A call that fails or times out opens the breaker: for the
 * cooldown nobody tries Redis (each caller takes its in-process fallback at once, so a stall costs
 * one timeout, not one per request), then a single call tries again, and the first answer closes
 * it. A dropped connection is seen at once (the client is not `ready`); one made again closes it.
 */
export type RedisLink = {
  readonly client: Redis;
  /** Whether to send this call to Redis; false means take the fallback now. */
  usable: () => boolean;
  /** A call failed or timed out: fall back for a while. */
  failed: (err: unknown) => void;
  /** A call answered. */
  succeeded: () => void;
  /**
   * For /health: tries Redis when a caller would (bounded by the command timeout), and an answer
   * closes the breaker, so a Redis back from a stall is seen even when no request has used it.
   */
  check: () => Promise<RedisState>;
};

export function linkRedis(
  client: Redis,
  options: { log: FastifyBaseLogger; cooldownMs?: number },
): RedisLink {
  const { log } = options;
  const cooldownMs = options.cooldownMs ?? REDIS_COOLDOWN_MS;
  let open = false;
  // While open: nobody tries Redis before this time.
  let retryAt = 0;

  const failed = (err: unknown) => {
    onRedisError();
    if (!open)
      log.warn(
        { err },
        'Redis is not answering: rate limits count in this process, live events reach only its own sockets',
      );
    open = true;
    retryAt = Date.now() + cooldownMs;
  };
  const succeeded = () => {
    if (!open) return;
    open = false;
    log.info('Redis answers again: rate limits are shared and live events cross processes again');
  };
  // Without a listener ioredis prints every failed reconnection attempt; the breaker's two lines
  // above say what matters, once each way.
  client.on('error', (err: unknown) => log.debug({ err }, 'Redis connection error'));
  // A connection made (again) has passed ioredis's ready check: Redis restarted, or came up after us.
  client.on('ready', succeeded);
  // Lost, not closed by us: ioredis emits this only when it is going to connect again.
  client.on('reconnecting', () => {
    if (!open) failed(new Error('the connection to Redis was lost'));
  });

  const usable = () => {
    if (client.status !== 'ready') return false;
    if (!open) return true;
    const now = Date.now();
    if (now < retryAt) return false;
    // This caller tries; the others keep to their fallback until it has an answer.
    retryAt = now + cooldownMs;
    return true;
  };

  return {
    client,
    usable,
    failed,
    succeeded,
    check: async () => {
      // Like any caller: while the breaker is open it answers at once, and tries Redis once a cooldown.
      if (!usable()) return 'degraded';
      try {
        // A script, as the limiter's calls are: a Redis whose writes are paused (CLIENT PAUSE
        // WRITE) still answers PING, but holds scripts and PUBLISH, which is what we send it.
        await client.eval('return 1', 0);
      } catch (err) {
        failed(err);
        return 'degraded';
      }
      succeeded();
      return 'up';
    },
  };
}
