import { apiErrorSchema } from '@muster/contract/errors';
import { pushKeyResponseSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@muster/contract/push';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUSH_SUBSCRIPTION_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import { definePushDelivery, type PushedNotice } from './push.delivery.js';
import * as push from './push.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const done = { 200: okResponseSchema, ...errors };
const tags = ['push'];

/** Web Push (issue 34, decision 064): the key browsers subscribe with, and this browser's subscription. */
export const pushRoutes: FastifyPluginAsyncZod<{ pushedNotice: PushedNotice }> = async (
  app,
  { pushedNotice },
) => {
  const { deps } = app;
  definePushDelivery(deps, pushedNotice);
  const writes = limitPerAccount(app, PUSH_SUBSCRIPTION_BUDGET);

  app.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes to pushes with',
        response: { 200: pushKeyResponseSchema, ...errors },
      },
    },
    async () => ({ data: { publicKey: await push.vapidPublicKey(deps) } }),
  );

  app.post(
    '/users/me/push-subscriptions',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Push my notices to this browser (its subscription moves to me if someone else held it)',
        body: pushSubscriptionSchema,
        response: done,
      },
    },
    async (request) => {
      await push.subscribe(deps, request.viewer, request.body, request.headers['user-agent']);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/users/me/push-subscriptions',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Stop pushing to this browser',
        body: pushUnsubscribeSchema,
        response: done,
      },
    },
    async (request) => {
      await push.unsubscribe(deps, request.viewer, request.body.endpoint);
      return { data: { ok: true as const } };
    },
  );
};
