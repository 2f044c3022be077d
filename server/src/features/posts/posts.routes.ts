import { apiErrorSchema } from '@muster/contract/errors';
import { hasLink } from '@muster/contract/moderation-watch';
import { missionParamsSchema } from '@muster/contract/missions';
import { pageQuerySchema } from '@muster/contract/paging';
import {
  createHuntSchema,
  createPostSchema,
  feedQuerySchema,
  hashtagParamsSchema,
  linkPreviewQuerySchema,
  keepOpenSchema,
  linkPreviewResponseSchema,
  postPageResponseSchema,
  postParamsSchema,
  postResponseSchema,
  updatePostSchema,
  userPostsParamsSchema,
  userPostsQuerySchema,
} from '@muster/contract/posts';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataText, sendJsonText } from '../../platform/json-text.js';
import {
  KEEP_OPEN_BUDGET,
  LIKE_BUDGET,
  NEW_ACCOUNT_LINK_BUDGET,
  NEW_ACCOUNT_POST_BUDGET,
  POST_BUDGET,
  POST_EDIT_BUDGET,
  SAVE_BUDGET,
  UPLOAD_BODY_LIMIT,
} from '../../platform/limits.js';
import { limitNewAccount, limitPerAccount, limitPerIpAndKey } from '../../platform/rate-limit.js';
import * as lifecycle from './lifecycle.service.js';
import * as posts from './posts.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['posts'];
const idParams = postParamsSchema;
const one = { 200: postResponseSchema, ...errors };
const limited = { 429: apiErrorSchema };
const page = { 200: postPageResponseSchema, ...errors };

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  posts.subscribePosts(deps);
  // Needs expire, and their authors are asked "Still needed?" first (issue 16).
  deps.scheduler.add(lifecycle.needLifecycleJob(deps));
  // Posts and hunts draw on one budget per account.
  // New accounts draw on smaller budgets besides (issue 35 item 5, decision 072): posts, and posts
  // with a link, where spam leads.
  const postBudget = [limitPerAccount(app, POST_BUDGET), limitNewAccount(app, NEW_ACCOUNT_POST_BUDGET)];
  const newAccountLinks = limitNewAccount(app, NEW_ACCOUNT_LINK_BUDGET, (request) => {
    const body = request.body as { title?: string; content?: string; description?: string };
    return hasLink(`${body.title ?? ''} ${body.content ?? ''} ${body.description ?? ''}`);
  });

  app.post(
    '/posts/create',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // One round trip: the insert checks the session itself (posts.queries' newPost).
      config: { sessionCheckedByWrite: true },
      preHandler: [...postBudget, newAccountLinks],
      schema: {
        tags,
        summary: 'Share a need, want, offer or general post',
        body: createPostSchema,
        response: { ...one, ...limited },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.createPost(deps, request.viewer, request.body))),
  );

  app.post(
    '/posts/create-hunt',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      preHandler: [...postBudget, newAccountLinks],
      schema: {
        tags,
        summary: 'Hunt for a product or service',
        body: createHuntSchema,
        response: { ...one, ...limited },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.createHunt(deps, request.viewer, request.body))),
  );

  app.get(
    '/posts/feed',
    {
      schema: {
        tags,
        summary:
          'My home feed: my network’s posts, then everyone’s (`via`); `kind=hunt`: all hunts (keyset paged)',
        querystring: feedQuerySchema,
        response: page,
      },
    },
    async (request, reply) => sendJsonText(reply, await posts.feed(deps, request.viewer, request.query)),
  );

  app.get(
    '/posts/saved',
    { schema: { tags, summary: 'Posts I saved', querystring: pageQuerySchema, response: page } },
    async (request, reply) =>
      sendJsonText(reply, await posts.feed(deps, request.viewer, request.query, { savedByMe: true })),
  );

  app.get(
    '/posts/hashtag/:hashtag',
    {
      schema: {
        tags,
        summary: 'Posts with a hashtag',
        params: hashtagParamsSchema,
        querystring: pageQuerySchema,
        response: page,
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await posts.feed(deps, request.viewer, request.query, { hashtag: request.params.hashtag }),
      ),
  );

  app.get(
    '/posts/user/:username',
    {
      schema: {
        tags,
        summary: 'A person’s posts, newest first (`kind=needs`: their needs, wants and provisions)',
        params: userPostsParamsSchema,
        querystring: userPostsQuerySchema,
        response: page,
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await posts.postsBy(deps, request.viewer, request.params.username, request.query)),
  );

  app.get(
    '/missions/:missionId/updates',
    {
      schema: {
        tags,
        summary: 'A mission’s updates timeline, newest first (keyset paged)',
        params: missionParamsSchema,
        querystring: pageQuerySchema,
        response: page,
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await posts.missionUpdates(deps, request.viewer, request.params.missionId, request.query),
      ),
  );

  app.get(
    '/link-preview',
    {
      preHandler: limitPerIpAndKey(app, {
        name: 'link-preview',
        max: 30,
        timeWindow: '1 minute',
        key: (r) => r.viewer?.id,
      }),
      schema: {
        tags,
        summary: 'Title and description of a link in a post (never private addresses)',
        querystring: linkPreviewQuerySchema,
        response: { 200: linkPreviewResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await posts.previewLink(deps, request.viewer, request.query.url) }),
  );

  app.get(
    '/posts/:postId',
    { schema: { tags, summary: 'One post', params: idParams, response: one } },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.getPost(deps, request.viewer, request.params.postId))),
  );

  app.patch(
    '/posts/:postId',
    {
      preHandler: limitPerAccount(app, POST_EDIT_BUDGET),
      schema: {
        tags,
        summary: 'Edit my post (and a need’s status)',
        params: idParams,
        body: updatePostSchema,
        response: { ...one, ...limited },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        dataText(await posts.editPost(deps, request.viewer, request.params.postId, request.body)),
      ),
  );

  app.delete(
    '/posts/:postId',
    {
      schema: {
        tags,
        summary: 'Delete my post',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await posts.removePost(deps, request.viewer, request.params.postId);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/posts/:postId/keep-open',
    {
      preHandler: limitPerAccount(app, KEEP_OPEN_BUDGET),
      schema: {
        tags,
        summary: 'Keep my need or want open for a while from now (or open it again once expired)',
        params: idParams,
        body: keepOpenSchema,
        response: { ...one, 409: apiErrorSchema, ...limited },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        dataText(await lifecycle.keepOpen(deps, request.viewer, request.params.postId, request.body)),
      ),
  );

  // One budget for a like and its undoing, as for a save and its: a toggle costs two.
  const likeBudget = limitPerAccount(app, LIKE_BUDGET);
  const saveBudget = limitPerAccount(app, SAVE_BUDGET);
  app.post(
    '/posts/:postId/like',
    {
      preHandler: likeBudget,
      schema: { tags, summary: 'Like a post', params: idParams, response: { ...one, ...limited } },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.likePost(deps, request.viewer, request.params.postId))),
  );
  app.delete(
    '/posts/:postId/like',
    {
      preHandler: likeBudget,
      schema: { tags, summary: 'Take back a like', params: idParams, response: { ...one, ...limited } },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.unlikePost(deps, request.viewer, request.params.postId))),
  );
  app.post(
    '/posts/:postId/save',
    {
      preHandler: saveBudget,
      schema: { tags, summary: 'Save a post', params: idParams, response: { ...one, ...limited } },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.savePost(deps, request.viewer, request.params.postId, true))),
  );
  app.delete(
    '/posts/:postId/save',
    {
      preHandler: saveBudget,
      schema: { tags, summary: 'Unsave a post', params: idParams, response: { ...one, ...limited } },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await posts.savePost(deps, request.viewer, request.params.postId, false))),
  );
};
