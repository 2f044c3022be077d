import { apiErrorSchema } from '@muster/contract/errors';
import { mapQuerySchema, mapResponseSchema, mapTilesResponseSchema } from '@muster/contract/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../platform/json-text.js';
import type { RemoteListings } from '../../platform/remote-listings.js';
import * as map from './map.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/**
 * The map of where help is needed (issue 37, decision 077). `remoteListings`: another Muster's,
 * handed in by app.ts from the federation feature (decision 089).
 */
export const mapRoutes: FastifyPluginAsyncZod<{ remoteListings?: RemoteListings }> = async (app, options) => {
  const { deps } = app;
  map.subscribeMap(deps);

  app.get(
    '/map',
    {
      schema: {
        tags: ['map'],
        summary:
          'Needs, wants, provisions and missions in a viewport at their public, approximate place, newest first (filters: kinds, category, status, emergency, sinceDays)',
        querystring: mapQuerySchema,
        response: { 200: mapResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await map.mapOf(deps, request.viewer, request.query, options.remoteListings);
      // In production only: elsewhere every answer goes as text, for the schema check (serializer.ts).
      if (
        answer.shared &&
        deps.config.env === 'production' &&
        deps.config.apiCompression &&
        /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))
      ) {
        return reply
          .type('application/json; charset=utf-8')
          .header('content-encoding', 'br')
          .header('vary', 'accept-encoding')
          .send(map.brotliOnce(answer.shared) as never);
      }
      return sendJsonText(reply, answer.text);
    },
  );

  app.get(
    '/map/tiles',
    {
      schema: {
        tags: ['map'],
        summary: 'The tile source the map draws on (MAP_TILE_URL), its attribution and deepest zoom',
        response: { 200: mapTilesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const data = map.mapTiles(deps, request.viewer);
      // The same for every signed-in person until the server restarts with another source: the
      // browser may keep it an hour (the API's other answers are no-store, platform/security.ts).
      reply.header('cache-control', 'private, max-age=3600');
      return { data };
    },
  );
};
