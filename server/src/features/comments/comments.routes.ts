import { apiErrorSchema } from '@muster/contract/errors';
import {
  commentParamsSchema,
  commentResponseSchema,
  commentsResponseSchema,
  createCommentSchema,
  postParamsSchema,
} from '@muster/contract/posts';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMENT_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as comments from './comments.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};
// Under the posts' tag in the API document, where they have always been listed.
const tags = ['posts'];
const idParams = postParamsSchema;
const limited = { 429: apiErrorSchema };

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  comments.subscribeModeratedComments(deps);

  app.get(
    '/posts/:postId/comments',
    {
      schema: {
        tags,
        summary: 'A post’s comments, oldest first, with replies',
        params: idParams,
        response: { 200: commentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await comments.commentsOf(deps, request.viewer, request.params.postId),
    }),
  );
  app.post(
    '/posts/:postId/comments',
    {
      preHandler: limitPerAccount(app, COMMENT_BUDGET),
      schema: {
        tags,
        summary: 'Comment, or reply to a comment',
        params: idParams,
        body: createCommentSchema,
        response: { 200: commentResponseSchema, ...errors, ...limited },
      },
    },
    async (request) => ({
      data: await comments.addComment(deps, request.viewer, request.params.postId, request.body),
    }),
  );
  app.delete(
    '/posts/:postId/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Remove a comment and its replies',
        params: commentParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await comments.removeComment(deps, request.viewer, request.params.postId, request.params.commentId);
      return { data: { ok: true as const } };
    },
  );
};
