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
import type { RecordAudit, RemoteReplies } from './comments.service.js';

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

/**
 * `remoteReplies`: replies from other servers, the federation feature's; `recordAudit`: the
 * moderation feature's log (both handed over in app.ts, decision 091).
 */
export const commentsRoutes: FastifyPluginAsyncZod<{
  remoteReplies: RemoteReplies;
  recordAudit: RecordAudit;
}> = async (app, options) => {
  const { deps } = app;
  const remote = { replies: options.remoteReplies, audit: options.recordAudit };
  comments.subscribeModeratedComments(deps);

  app.get(
    '/posts/:postId/comments',
    {
      schema: {
        tags,
        summary: 'A post’s comments, oldest first, with replies, and replies from other servers among them',
        params: idParams,
        response: { 200: commentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await comments.commentsOf(deps, request.viewer, request.params.postId, remote.replies),
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
        summary:
          'Remove a comment and its replies, or a reply from another server (the post’s author or a moderator)',
        params: commentParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await comments.removeComment(
        deps,
        request.viewer,
        request.params.postId,
        request.params.commentId,
        remote,
      );
      return { data: { ok: true as const } };
    },
  );
};
