import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'RATE_LIMITED',
        `Too many attempts. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
}
