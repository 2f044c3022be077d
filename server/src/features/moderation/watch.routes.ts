import { apiErrorSchema } from '@muster/contract/errors';
import {
  addWatchedSchema,
  watchedEntryResponseSchema,
  watchedIdParamsSchema,
  watchedListResponseSchema,
} from '@muster/contract/moderation-watch';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WATCHED_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as watch from './watch.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['admin'];

/**
 * Watched words and link domains (issue 35 item 5, decision 072): admins keep the list; a post or
 * comment that matches is filed for review within its own transaction, and published all the same.
 */
export const watchedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  watch.subscribeWatched(deps);
  const budget = limitPerAccount(app, WATCHED_BUDGET);

  app.get(
    '/admin/watched',
    {
      schema: {
        tags,
        summary: 'The watched words and link domains, words first',
        response: { 200: watchedListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await watch.watchedList(deps, request.viewer) }),
  );

  app.post(
    '/admin/watched',
    {
      preHandler: budget,
      schema: {
        tags,
        summary: 'Watch a word or a link domain: matching posts and comments go to the queue; audited',
        body: addWatchedSchema,
        response: { 200: watchedEntryResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await watch.addWatchedEntry(deps, request.viewer, request.body) }),
  );

  app.delete(
    '/admin/watched/:watchedId',
    {
      preHandler: budget,
      schema: {
        tags,
        summary: 'Stop watching a word or domain; audited',
        params: watchedIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await watch.removeWatchedEntry(deps, request.viewer, request.params.watchedId);
      return { data: { ok: true as const } };
    },
  );
};
