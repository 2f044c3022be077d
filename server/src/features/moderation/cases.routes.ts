import { apiErrorSchema } from '@muster/contract/errors';
import {
  addCaseNoteSchema,
  assignCaseSchema,
  caseDetailResponseSchema,
  caseIdParamsSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseNoteResponseSchema,
  dismissCaseSchema,
} from '@muster/contract/moderation-queue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MODERATION_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as cases from './cases.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['moderation'];

/** The moderation queue (issue 35 item 2, decision 068): moderators and admins only. */
export const moderationQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  cases.subscribeModerationQueue(deps);
  const writes = limitPerAccount(app, MODERATION_BUDGET);
  const detail = { 200: caseDetailResponseSchema, ...errors };

  app.get(
    '/moderation/cases',
    {
      schema: {
        tags,
        summary: 'The queue: open cases, most urgent first (or closed ones, newest first)',
        querystring: caseListQuerySchema,
        response: { 200: caseListResponseSchema, ...errors },
      },
    },
    async (request) => cases.listQueue(deps, request.viewer, request.query),
  );

  app.get(
    '/moderation/cases/:caseId',
    {
      schema: {
        tags,
        summary: 'One case: every report with its snapshot, the notes, the author’s record',
        params: caseIdParamsSchema,
        response: detail,
      },
    },
    async (request) => ({ data: await cases.getCase(deps, request.viewer, request.params.caseId) }),
  );

  app.put(
    '/moderation/cases/:caseId/assignee',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Give an open case to a moderator or admin, or to nobody',
        params: caseIdParamsSchema,
        body: assignCaseSchema,
        response: detail,
      },
    },
    async (request) => ({
      data: await cases.assign(deps, request.viewer, request.params.caseId, request.body),
    }),
  );

  app.post(
    '/moderation/cases/:caseId/notes',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Add an internal note to a case (staff only ever read it)',
        params: caseIdParamsSchema,
        body: addCaseNoteSchema,
        response: { 200: caseNoteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await cases.note(deps, request.viewer, request.params.caseId, request.body),
    }),
  );

  app.post(
    '/moderation/cases/:caseId/dismiss',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Dismiss a case: it breaks no rule; its reporters are told it was reviewed',
        params: caseIdParamsSchema,
        body: dismissCaseSchema,
        response: detail,
      },
    },
    async (request) => ({
      data: await cases.dismiss(deps, request.viewer, request.params.caseId, request.body),
    }),
  );
};
