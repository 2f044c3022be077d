import { apiErrorSchema } from '@muster/contract/errors';
import { emptyResponseSchema } from '@muster/contract/responses';
import {
  myVerificationResponseSchema,
  staffVerificationListQuerySchema,
  staffVerificationListResponseSchema,
  staffVerificationResponseSchema,
  verificationAskSchema,
  verificationDecisionSchema,
  verificationRequestParamsSchema,
  verificationRequestResponseSchema,
  verificationRevokeSchema,
} from '@muster/contract/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFICATION_ASK_BUDGET, VERIFICATION_DECISION_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as verification from './verification.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['verification'];

/**
 * Verified organisations (issue 35 item 6, decision 069). `audit`: the moderation feature's
 * recordModeration, handed over in app.ts.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ audit: verification.RecordAudit }> = async (
  app,
  { audit },
) => {
  const { deps } = app;
  const asks = limitPerAccount(app, VERIFICATION_ASK_BUDGET);
  const decisions = limitPerAccount(app, VERIFICATION_DECISION_BUDGET);
  const one = { 200: staffVerificationResponseSchema, ...errors };

  app.get(
    '/verification/me',
    {
      schema: {
        tags,
        summary: 'My latest request to be verified as an organisation, and its state (null: none)',
        response: { 200: myVerificationResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await verification.myRequest(deps, request.viewer) }),
  );

  app.post(
    '/verification/requests',
    {
      preHandler: asks,
      schema: {
        tags,
        summary: 'Ask to be verified as an organisation (one request waits at a time)',
        body: verificationAskSchema,
        response: { 200: verificationRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await verification.ask(deps, request.viewer, request.body) }),
  );

  app.delete(
    '/verification/me',
    {
      preHandler: asks,
      schema: {
        tags,
        summary: 'Withdraw my waiting request',
        response: { 204: emptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await verification.withdraw(deps, request.viewer);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/moderation/organisations',
    {
      schema: {
        tags,
        summary: 'Moderators: waiting requests oldest first, or verified organisations newest first',
        querystring: staffVerificationListQuerySchema,
        response: { 200: staffVerificationListResponseSchema, ...errors },
      },
    },
    async (request) => verification.listRequests(deps, request.viewer, request.query),
  );

  app.get(
    '/moderation/organisations/:requestId',
    {
      schema: {
        tags,
        summary: 'Moderators: one verification request',
        params: verificationRequestParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await verification.getRequest(deps, request.viewer, request.params.requestId),
    }),
  );

  app.post(
    '/moderation/organisations/:requestId/decision',
    {
      preHandler: decisions,
      schema: {
        tags,
        summary: 'Moderators: approve or refuse a waiting request (a refusal says why)',
        params: verificationRequestParamsSchema,
        body: verificationDecisionSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await verification.decide(deps, audit, request.viewer, request.params.requestId, request.body),
    }),
  );

  app.post(
    '/moderation/organisations/:requestId/revoke',
    {
      preHandler: decisions,
      schema: {
        tags,
        summary: 'Moderators: take a verification back (the badge goes; its holder reads why)',
        params: verificationRequestParamsSchema,
        body: verificationRevokeSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await verification.revoke(deps, audit, request.viewer, request.params.requestId, request.body),
    }),
  );
};
