import { apiErrorSchema } from '@muster/contract/errors';
import { geoSearchQuerySchema, geoSearchResponseSchema } from '@muster/contract/geo';
import { MAP_SEARCH_MAX_RESULTS } from '@muster/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/session.js';
import { geoUnavailable } from '../../platform/geo.js';
import { limitPerIpAndKey } from '../../platform/rate-limit.js';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/geo/search',
    {
      preHandler: limitPerIpAndKey(app, {
        name: 'geo',
        max: 60,
        timeWindow: '1 minute',
        key: (r) => r.viewer?.id,
      }),
      schema: {
        tags: ['geo'],
        summary: 'Place suggestions for the composer (at least 2 characters, at most 5 places)',
        querystring: geoSearchQuerySchema,
        response: {
          200: geoSearchResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      requireViewer(request.viewer);
      try {
        return { data: await deps.geo.search(request.query.q, MAP_SEARCH_MAX_RESULTS) };
      } catch (err) {
        request.log.warn({ err }, 'place search failed');
        throw geoUnavailable();
      }
    },
  );
};
