import { apiErrorSchema } from '@muster/contract/errors';
import {
  hashtagCountsResponseSchema,
  hashtagNamesResponseSchema,
  hashtagParamsSchema,
  trendingHashtagsResponseSchema,
} from '@muster/contract/posts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as hashtags from './hashtags.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};
// Under the posts' tag in the API document, where they have always been listed.
const tags = ['posts'];
const TRENDING_PANEL = 5;

export const hashtagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  const tagParams = hashtagParamsSchema;
  const followed = { 200: hashtagNamesResponseSchema, ...errors };
  app.get(
    '/hashtags/followed',
    { schema: { tags, summary: 'Hashtags I follow', response: followed } },
    async (request) => ({
      data: await hashtags.myFollowedHashtags(deps, request.viewer),
    }),
  );
  app.post(
    '/hashtags/:hashtag/follow',
    { schema: { tags, summary: 'Follow a hashtag', params: tagParams, response: followed } },
    async (request) => ({
      data: await hashtags.setHashtagFollowed(deps, request.viewer, request.params.hashtag, true),
    }),
  );
  app.delete(
    '/hashtags/:hashtag/follow',
    { schema: { tags, summary: 'Unfollow a hashtag', params: tagParams, response: followed } },
    async (request) => ({
      data: await hashtags.setHashtagFollowed(deps, request.viewer, request.params.hashtag, false),
    }),
  );

  app.get(
    '/posts/hashtags/historical',
    {
      schema: {
        tags,
        summary: 'Hashtags I have used, most used first',
        response: { 200: hashtagNamesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await hashtags.myHistoricalHashtags(deps, request.viewer) }),
  );

  app.get(
    '/posts/trending-hashtags',
    {
      schema: {
        tags,
        summary: 'Hashtags most used in the last 7 days, with post, need and provision counts',
        response: { 200: trendingHashtagsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: (await hashtags.trending(deps, request.viewer, 50)).map((t) => ({
        name: t.tag,
        postCount: t.count - t.needCount - t.provisionCount,
        needCount: t.needCount,
        provisionCount: t.provisionCount,
      })),
    }),
  );

  app.get(
    '/hashtags/trending',
    {
      schema: {
        tags,
        summary: 'The top 5 hashtags of the last 7 days',
        response: { 200: hashtagCountsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: (await hashtags.trending(deps, request.viewer, TRENDING_PANEL)).map((t) => ({
        name: t.tag,
        count: t.count,
      })),
    }),
  );
};
