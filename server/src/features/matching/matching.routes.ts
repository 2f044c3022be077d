import { apiErrorSchema } from '@muster/contract/errors';
import { matchesResponseSchema } from '@muster/contract/matching';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as matching from './matching.service.js';

/** Two-sided resource matching (issue 16): scoring after each saved post, and my matches. */
export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  matching.subscribeMatching(deps);

  app.get(
    '/matches',
    {
      schema: {
        tags: ['matching'],
        summary: 'My open needs, wants and provisions, each with its best matches (score and reasons)',
        response: { 200: matchesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await matching.myMatches(deps, request.viewer) }),
  );
};
