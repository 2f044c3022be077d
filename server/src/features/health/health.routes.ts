import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import { healthResponseSchema } from '@muster/contract/health';
import { pingDatabase } from '../../db/database.js';
import type { RedisLink } from '../../platform/redis.js';

/**
 * A monitor needs an answer, not a wait: a database that has not answered `select 1` by now is
 * reported down (503) even if its answer comes later. PGlite runs in-process, where no network
 * timeout applies: a ping queued behind a transaction that never ends is cut off here too.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 1_500;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The database decides the status code; Redis is only reported (decision 043). A load balancer
 * takes an API process out on a 503: Redis is shared by every process, so a Redis outage would
 * take them all out at once, while each one still serves every request without it.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string; redis: RedisLink | undefined }> = async (
  app,
  { version, redis },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and Redis check',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Both at once: Redis's check is bounded by its command timeout, well under the database's.
      const redisState = redis ? redis.check() : Promise.resolve('off' as const);
      try {
        await within(HEALTH_DATABASE_TIMEOUT_MS, pingDatabase(app.deps.db));
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'The database is unavailable', code: 'DB_DOWN' });
      }
      return { data: { status: 'ok' as const, database: 'up' as const, redis: await redisState, version } };
    },
  );
};
