import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import { healthResponseSchema } from '@muster/contract/health';
import { pingDatabase } from '../../db/database.js';

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
        await pingDatabase(app.deps.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'The database is unavailable', code: 'DB_DOWN' });
      }
      return { data: { status: 'ok' as const, database: 'up' as const, version } };
    },
  );
};
