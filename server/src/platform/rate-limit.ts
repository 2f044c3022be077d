import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.js';

/**
 * Registers the limiter without a global limit: each sensitive route names its own budget in
 * `config.rateLimit`. Counters live in Redis when it is configured, so every API process shares
 * them; otherwise in this process's memory.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'muster-rl:' } : {}),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

/**
 * Two budgets for one action: per client IP and per account or address (`key`), so neither a
 * single machine nor a botnet aimed at one account gets more than `max` tries per window.
 * A preHandler, so it runs after validation and `key` can read the parsed body. (The plugin's
 * own hook runs once per request, so two budgets need its lower-level `createRateLimit`.)
 */
export function limitPerIpAndKey(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: string; key: (request: FastifyRequest) => string | undefined },
) {
  const { name, max, timeWindow } = options;
  const byIp = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:ip:${request.ip}` });
  const byKey = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:key:${(options.key(request) ?? request.ip).toLowerCase()}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limit of [byIp, byKey]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw rateLimited(result.ttl);
      }
    }
  };
}

function rateLimited(ttlMs: number) {
  return new HttpError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds.`,
  );
}
