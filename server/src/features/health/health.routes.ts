import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import {
  healthResponseSchema,
  type ReadinessCheck,
  readinessChecks,
  readyResponseSchema,
} from '@muster/contract/health';
import { pingDatabase } from '../../db/database.js';
import { upToDate } from '../../db/migrate.js';
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

  // From the moment the process is asked to stop (main.ts's shutdown closes the app, which runs
  // preClose first) it is not ready, while it still finishes what it has (decision 074).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  // Once every migration of this code is applied it stays so: later probes skip the query.
  let migrated = false;

  /**
   * Readiness, apart from liveness (decision 074): a load balancer sends this process work only
   * while it can serve all of it. Unlike /health it fails on Redis too: behind a balancer a
   * process that cannot reach Redis would deliver live events to its own sockets only.
   */
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, migrations, Redis and the media store, and not stopping',
        response: { 200: readyResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const failed: { path: ReadinessCheck; message: string }[] = [];
      const check = async (path: ReadinessCheck, message: string, work: () => Promise<unknown>) => {
        try {
          await within(HEALTH_DATABASE_TIMEOUT_MS, work());
        } catch (err) {
          request.log.warn({ err, check: path }, 'readiness check failed');
          failed.push({ path, message });
        }
      };
      if (stopping) failed.push({ path: 'shutdown', message: 'The process is stopping' });
      // All at once, each bounded: an answer within about the health check's bound.
      await Promise.all([
        check('database', 'The database is unavailable', () => pingDatabase(app.deps.db)),
        check('migrations', 'Migrations are not all applied', async () => {
          if (!migrated) migrated = await upToDate(app.deps.db);
          if (!migrated) throw new Error('migrations pending');
        }),
        check('redis', 'Redis is not answering', async () => {
          if (redis && (await redis.check()) !== 'up') throw new Error('Redis is degraded');
        }),
        check('media', 'The media store cannot be written', () => app.deps.media.check()),
      ]);
      if (failed.length) {
        // The first in the contract's order names the answer; every failure is in the details.
        failed.sort((a, b) => readinessChecks.indexOf(a.path) - readinessChecks.indexOf(b.path));
        return reply.status(503).send({
          message: `Not ready: ${failed.map((f) => f.path).join(', ')}`,
          code: 'NOT_READY',
          details: failed,
        });
      }
      return {
        data: {
          status: 'ready' as const,
          database: 'up' as const,
          migrations: 'applied' as const,
          redis: redis ? ('up' as const) : ('off' as const),
          media: 'up' as const,
        },
      };
    },
  );
};
