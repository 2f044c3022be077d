import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import { healthResponseSchema } from '@muster/contract/health';
import { pingDatabase } from '../../db/database.js';

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

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, { version }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await within(HEALTH_DATABASE_TIMEOUT_MS, pingDatabase(app.deps.db));
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'The database is unavailable', code: 'DB_DOWN' });
      }
      return { data: { status: 'ok' as const, database: 'up' as const, version } };
    },
  );
};
