import { apiErrorSchema } from '@muster/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/session.js';

// Connections (mutual, LinkedIn style) arrive with the network feature; until then nobody has
// a pending request, and this route already answers the shell's badge with that truth.
export const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/connections/requests',
    {
      schema: {
        tags: ['connections'],
        summary: 'Connection requests waiting for my answer',
        response: { 200: z.object({ data: z.array(z.object({ _id: z.string() })) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      requireViewer(request.viewer);
      return { data: [] };
    },
  );
};
