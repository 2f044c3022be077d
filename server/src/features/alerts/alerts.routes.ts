import {
  alertCreateSchema,
  alertListResponseSchema,
  alertParamsSchema,
  alertResponseSchema,
  alertUpdateSchema,
} from '@muster/contract/alerts';
import { apiErrorSchema } from '@muster/contract/errors';
import { emptyResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERT_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as alerts from './alerts.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['alerts'];

/** Saved alerts (issue 37 item 2, decision 080): mine to list, make, change and delete; told after each saved post. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  alerts.subscribeAlerts(deps);
  const writes = limitPerAccount(app, ALERT_BUDGET);

  app.get(
    '/users/me/alerts',
    {
      schema: {
        tags,
        summary: 'My saved alerts, oldest first',
        response: { 200: alertListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await alerts.myAlerts(deps, request.viewer) }),
  );

  app.post(
    '/users/me/alerts',
    {
      preHandler: writes,
      schema: {
        tags,
        summary:
          'Save an alert near a place, or have one of my provisions matched against new needs (fromPostId)',
        body: alertCreateSchema,
        response: { 200: alertResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await alerts.createAlert(deps, request.viewer, request.body) }),
  );

  app.patch(
    '/users/me/alerts/:id',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Change one of my alerts (what is left out stays)',
        params: alertParamsSchema,
        body: alertUpdateSchema,
        response: { 200: alertResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await alerts.updateAlert(deps, request.viewer, request.params.id, request.body),
    }),
  );

  app.delete(
    '/users/me/alerts/:id',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Delete one of my alerts',
        params: alertParamsSchema,
        response: { 204: emptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await alerts.deleteAlert(deps, request.viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
