import { apiErrorSchema } from '@muster/contract/errors';
import {
  appealByLinkSchema,
  appealLinkQuerySchema,
  appealListQuerySchema,
  appealListResponseSchema,
  appealSchema,
  caseActionSchema,
  decideAppealSchema,
  strikeIdParamsSchema,
  strikeListResponseSchema,
  strikeResponseSchema,
} from '@muster/contract/moderation-actions';
import { caseDetailResponseSchema, caseIdParamsSchema } from '@muster/contract/moderation-queue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPEAL_BUDGET, MODERATION_BUDGET } from '../../platform/limits.js';
import { clientOf, limitBy, limitPerAccount } from '../../platform/rate-limit.js';
import * as actions from './actions.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Moderation actions, strikes and appeals (issue 35 item 3, decision 070): the moderator's
 * decision on a case and on an appeal (staff only), the author's strikes and their appeal, and
 * the appeal by link of a suspended person, who cannot sign in.
 */
export const moderationActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const staffWrites = limitPerAccount(app, MODERATION_BUDGET);
  const appealWrites = limitPerAccount(app, APPEAL_BUDGET);

  app.post(
    '/moderation/cases/:caseId/action',
    {
      preHandler: staffWrites,
      schema: {
        tags: ['moderation'],
        summary: 'Act on an open case: hide or delete the content, warn, limit or suspend; records a strike',
        params: caseIdParamsSchema,
        body: caseActionSchema,
        response: { 200: caseDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await actions.actOnCase(deps, request.viewer, request.params.caseId, request.body),
    }),
  );

  app.get(
    '/moderation/appeals',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Appeals waiting for a decision (oldest first), or decided ones (newest first)',
        querystring: appealListQuerySchema,
        response: { 200: appealListResponseSchema, ...errors },
      },
    },
    async (request) => actions.appealsQueue(deps, request.viewer, request.query),
  );

  app.post(
    '/moderation/appeals/:strikeId/decide',
    {
      preHandler: staffWrites,
      schema: {
        tags: ['moderation'],
        summary: 'Uphold a strike, or lift it and what it did (by a moderator other than the one who acted)',
        params: strikeIdParamsSchema,
        body: decideAppealSchema,
        response: { 200: strikeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await actions.decideAppeal(deps, request.viewer, request.params.strikeId, request.body),
    }),
  );

  app.get(
    '/users/me/strikes',
    {
      schema: {
        tags: ['users'],
        summary: 'My strikes (moderators’ decisions about me), newest first, with their appeals',
        response: { 200: strikeListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await actions.myStrikes(deps, request.viewer) }),
  );

  app.post(
    '/users/me/strikes/:strikeId/appeal',
    {
      preHandler: appealWrites,
      schema: {
        tags: ['users'],
        summary: 'Appeal one of my strikes, once',
        params: strikeIdParamsSchema,
        body: appealSchema,
        response: { 200: strikeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await actions.appealMine(deps, request.viewer, request.params.strikeId, request.body),
    }),
  );

  // The token is the whole authority here (no session is read), as for unsubscribe links: a
  // budget per address and one per token keep a script from trying tokens or spamming one.
  const byLink = limitBy(app, [
    { name: 'appeal-link:ip', max: 30, timeWindow: '10 minutes', key: clientOf },
    {
      name: 'appeal-link:token',
      max: 10,
      timeWindow: '10 minutes',
      key: (request) =>
        (request.body as { token?: string } | undefined)?.token ??
        (request.query as { token?: string } | undefined)?.token,
    },
  ]);

  app.get(
    '/appeals/by-link',
    {
      preHandler: byLink,
      schema: {
        tags: ['users'],
        summary: 'The decision an appeal link names (from the suspension mail or a refused sign-in)',
        querystring: appealLinkQuerySchema,
        response: { 200: strikeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await actions.strikeByLink(deps, request.query.token) }),
  );

  app.post(
    '/appeals/by-link',
    {
      preHandler: byLink,
      schema: {
        tags: ['users'],
        summary: 'Appeal the decision an appeal link names, once, without signing in (a suspended account)',
        body: appealByLinkSchema,
        response: { 200: strikeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await actions.appealByLink(deps, request.body) }),
  );
};
