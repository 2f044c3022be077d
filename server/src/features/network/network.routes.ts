import { apiErrorSchema } from '@muster/contract/errors';
import {
  connectionRequestsResponseSchema,
  connectionsPageResponseSchema,
  connectResponseSchema,
  requestIdParamsSchema,
  suggestionsResponseSchema,
  userIdParamsSchema,
} from '@muster/contract/network';
import { pageQuerySchema } from '@muster/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataText, pageText, sendJsonText } from '../../platform/json-text.js';
import { CONNECTION_REQUEST_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as network from './network.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['connections'];

/** The network feature: mutual connections, the requests that make them, and people you may know. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  network.subscribeNetwork(deps);

  app.post(
    '/connections/:userId',
    {
      // Each request tells someone: a budget per account (platform/limits.ts).
      preHandler: limitPerAccount(app, CONNECTION_REQUEST_BUDGET),
      schema: {
        tags,
        summary: 'Ask to connect (connects at once when they had already asked me)',
        params: userIdParamsSchema,
        response: { 200: connectResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await network.connectWith(deps, request.viewer, request.params.userId) }),
  );

  app.get(
    '/connections/requests',
    {
      schema: {
        tags,
        summary: 'Connection requests waiting for my answer, newest first',
        response: { 200: connectionRequestsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await network.myReceivedRequests(deps, request.viewer))),
  );

  app.get(
    '/connections/requests/sent',
    {
      schema: {
        tags,
        summary: 'My connection requests nobody has answered yet',
        response: { 200: connectionRequestsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await network.mySentRequests(deps, request.viewer))),
  );

  app.put(
    '/connections/requests/:requestId/accept',
    {
      schema: {
        tags,
        summary: 'Accept a connection request sent to me',
        params: requestIdParamsSchema,
        response: { 200: connectResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await network.accept(deps, request.viewer, request.params.requestId) }),
  );

  app.put(
    '/connections/requests/:requestId/ignore',
    {
      schema: {
        tags,
        summary: 'Ignore a connection request sent to me (the sender is not told)',
        params: requestIdParamsSchema,
        response: { 200: connectResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await network.ignore(deps, request.viewer, request.params.requestId) }),
  );

  app.delete(
    '/connections/requests/:requestId',
    {
      schema: {
        tags,
        summary: 'Withdraw a connection request I sent',
        params: requestIdParamsSchema,
        response: { 200: connectResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await network.withdraw(deps, request.viewer, request.params.requestId) }),
  );

  app.delete(
    '/connections/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a connection, for both of us',
        params: userIdParamsSchema,
        response: { 200: connectResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await network.disconnect(deps, request.viewer, request.params.userId) }),
  );

  app.get(
    '/connections',
    {
      schema: {
        tags,
        summary: 'My connections, newest first',
        querystring: pageQuerySchema,
        response: { 200: connectionsPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await network.myConnections(deps, request.viewer, request.query);
      return sendJsonText(reply, pageText(items, { nextCursor }));
    },
  );

  app.get(
    '/users/:userId/connections',
    {
      schema: {
        tags,
        summary: "Someone's connections, as their privacy setting allows",
        params: userIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: connectionsPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await network.connectionsOf(
        deps,
        request.viewer,
        request.params.userId,
        request.query,
      );
      return sendJsonText(reply, pageText(items, { nextCursor }));
    },
  );

  app.get(
    '/users/suggestions',
    {
      schema: {
        tags: ['users'],
        summary: 'People you may know, best first',
        response: { 200: suggestionsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await network.peopleYouMayKnow(deps, request.viewer))),
  );
};
