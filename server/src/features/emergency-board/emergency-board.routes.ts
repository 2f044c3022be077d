import { emergencyBoardQuerySchema } from '@muster/contract/board';
import { apiErrorSchema } from '@muster/contract/errors';
import { postPageResponseSchema } from '@muster/contract/posts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../platform/json-text.js';
import * as board from './emergency-board.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};
// Under the posts' tag in the API document, where it has always been listed.
const tags = ['posts'];

/** The emergency board (issue 16, decisions 023 and 058): /journalist. `showPosts`: the posts feature's. */
export const emergencyBoardRoutes: FastifyPluginAsyncZod<{ showPosts: board.ShowPosts }> = async (
  app,
  { showPosts },
) => {
  const { deps } = app;
  board.subscribeBoard(deps);

  app.get(
    '/posts/emergency',
    {
      schema: {
        tags,
        summary:
          'The emergency board: emergency-marked posts and mission updates I may see, newest first (keyset paged; `category`, `place` filters)',
        querystring: emergencyBoardQuerySchema,
        response: { 200: postPageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await board.emergencyBoard(deps, request.viewer, request.query, showPosts)),
  );
};
