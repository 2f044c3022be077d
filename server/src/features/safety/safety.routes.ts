import { apiErrorSchema } from '@muster/contract/errors';
import { userIdParamsSchema } from '@muster/contract/network';
import {
  blockStateResponseSchema,
  createReportSchema,
  hiddenPeopleResponseSchema,
  muteStateResponseSchema,
  reportResponseSchema,
} from '@muster/contract/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HIDE_BUDGET, REPORT_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as safety from './safety.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['safety'];

export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const hides = limitPerAccount(app, HIDE_BUDGET);
  const blockState = { 200: blockStateResponseSchema, ...errors };
  const muteState = { 200: muteStateResponseSchema, ...errors };

  app.post(
    '/users/:userId/block',
    {
      preHandler: hides,
      schema: {
        tags,
        summary: 'Block a person: each is hidden from the other everywhere',
        params: userIdParamsSchema,
        response: blockState,
      },
    },
    async (request) => ({ data: await safety.block(deps, request.viewer, request.params.userId) }),
  );

  app.delete(
    '/users/:userId/block',
    {
      preHandler: hides,
      schema: { tags, summary: 'Unblock a person', params: userIdParamsSchema, response: blockState },
    },
    async (request) => ({ data: await safety.unblock(deps, request.viewer, request.params.userId) }),
  );

  app.post(
    '/users/:userId/mute',
    {
      preHandler: hides,
      schema: {
        tags,
        summary: 'Mute a person: their posts leave my feed, their notifications stop',
        params: userIdParamsSchema,
        response: muteState,
      },
    },
    async (request) => ({ data: await safety.mute(deps, request.viewer, request.params.userId) }),
  );

  app.delete(
    '/users/:userId/mute',
    {
      preHandler: hides,
      schema: { tags, summary: 'Unmute a person', params: userIdParamsSchema, response: muteState },
    },
    async (request) => ({ data: await safety.unmute(deps, request.viewer, request.params.userId) }),
  );

  app.get(
    '/users/me/blocked',
    {
      schema: {
        tags,
        summary: 'People I blocked, newest first',
        response: { 200: hiddenPeopleResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await safety.myBlocked(deps, request.viewer) }),
  );

  app.get(
    '/users/me/muted',
    {
      schema: {
        tags,
        summary: 'People I muted, newest first',
        response: { 200: hiddenPeopleResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await safety.myMuted(deps, request.viewer) }),
  );

  app.post(
    '/reports',
    {
      preHandler: limitPerAccount(app, REPORT_BUDGET),
      schema: {
        tags,
        summary: 'Report a post, comment, person, collaboration request or message (once each)',
        body: createReportSchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await safety.report(deps, request.viewer, request.body) }),
  );
};
