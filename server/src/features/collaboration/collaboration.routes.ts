import {
  collaborationCategoryParamsSchema,
  collaborationListResponseSchema,
  collaborationParamsSchema,
  collaborationResponseSchema,
  createCollaborationSchema,
  updateCollaborationSchema,
} from '@muster/contract/collaboration';
import { apiErrorSchema } from '@muster/contract/errors';
import { pageQuerySchema } from '@muster/contract/paging';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLABORATION_REQUEST_BUDGET, UPLOAD_BODY_LIMIT } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as collaboration from './collaboration.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};
const idParams = collaborationParamsSchema;
const tags = ['collaboration'];

export const collaborationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  collaboration.subscribeModeratedRequests(deps);

  app.get(
    '/collaboration',
    {
      schema: {
        tags,
        summary: 'Collaboration requests in every category, newest first',
        querystring: pageQuerySchema,
        response: { 200: collaborationListResponseSchema, ...errors },
      },
    },
    async (request) => collaboration.listRequests(deps, request.viewer, 'all', request.query),
  );

  app.get(
    '/collaboration/category/:categoryId',
    {
      schema: {
        tags,
        summary: 'Collaboration requests of one category (an unknown id lists all)',
        params: collaborationCategoryParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: collaborationListResponseSchema, ...errors },
      },
    },
    async (request) =>
      collaboration.listRequests(deps, request.viewer, request.params.categoryId, request.query),
  );

  app.post(
    '/collaboration',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      preHandler: limitPerAccount(app, COLLABORATION_REQUEST_BUDGET),
      schema: {
        tags,
        summary: 'Post a collaboration request',
        body: createCollaborationSchema,
        response: { 200: collaborationResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await collaboration.createRequest(deps, request.viewer, request.body) }),
  );

  app.get(
    '/collaboration/:requestId',
    {
      schema: {
        tags,
        summary: 'One collaboration request',
        params: idParams,
        response: { 200: collaborationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await collaboration.getRequest(deps, request.viewer, request.params.requestId),
    }),
  );

  app.patch(
    '/collaboration/:requestId',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit my collaboration request',
        params: idParams,
        body: updateCollaborationSchema,
        response: { 200: collaborationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await collaboration.updateRequest(deps, request.viewer, request.params.requestId, request.body),
    }),
  );

  app.delete(
    '/collaboration/:requestId',
    {
      schema: {
        tags,
        summary: 'Delete my collaboration request',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await collaboration.deleteRequest(deps, request.viewer, request.params.requestId);
      return { data: { ok: true as const } };
    },
  );
};
