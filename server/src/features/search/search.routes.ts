import { apiErrorSchema } from '@muster/contract/errors';
import { advancedSearchQuerySchema, advancedSearchResponseSchema } from '@muster/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../platform/json-text.js';
import type { RemoteListings } from '../../platform/remote-listings.js';
import * as search from './search.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

/**
 * Global search (issue 14): one request answers the search box's every section. `remoteListings`:
 * another Muster's listings, handed in by app.ts from the federation feature (decision 089).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ remoteListings?: RemoteListings }> = async (
  app,
  options,
) => {
  const { deps } = app;
  search.subscribeSearch(deps);

  app.get(
    '/users/advanced-search',
    {
      schema: {
        tags: ['search'],
        summary: 'People, needs, provisions, missions and hashtags matching the query (each section paged)',
        querystring: advancedSearchQuerySchema,
        response: { 200: advancedSearchResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await search.advancedSearch(deps, request.viewer, request.query, options.remoteListings),
      ),
  );
};
