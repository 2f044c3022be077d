import { apiErrorSchema } from '@muster/contract/errors';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  offerCountsResponseSchema,
  taskNotificationsResponseSchema,
  unreadOffersResponseSchema,
} from '@muster/contract/notifications';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as notifications from './notifications.service.js';
import { defineDigest, type DigestMatches } from './digest/digest.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const done = { 200: okResponseSchema, ...errors };

/** `digestMatches`: the matching feature's new matches for the digest (app.ts hands them in). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ digestMatches: DigestMatches }> = async (
  app,
  { digestMatches },
) => {
  const { deps } = app;
  notifications.subscribeNotifications(deps);
  defineDigest(deps, digestMatches);
  // A context of its own: it takes the form bodies of mail providers' one-click posts.
  await app.register(unsubscribeRoutes);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await notifications.listMyNotifications(deps, request.viewer, request.query.type),
    }),
  );

  app.put(
    '/notifications/mark-all-read',
    { schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: done } },
    async (request) => {
      await notifications.markAllMyNotificationsRead(deps, request.viewer);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/notifications/offer-counts',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unread offers on my posts and my missions',
        response: { 200: offerCountsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await notifications.myOfferCounts(deps, request.viewer) }),
  );

  app.get(
    '/notifications/unread-offers',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unread offers, as one count',
        response: { 200: unreadOffersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const counts = await notifications.myOfferCounts(deps, request.viewer);
      return { data: { count: counts.new + counts.mission } };
    },
  );

  app.put(
    '/notifications/mark-offers-read',
    { schema: { tags: ['notifications'], summary: 'Mark my offer notifications read', response: done } },
    async (request) => {
      await notifications.markMyOffersRead(deps, request.viewer);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of my notifications',
        params: notificationParamsSchema,
        response: done,
      },
    },
    async (request) => {
      await notifications.deleteMyNotification(deps, request.viewer, request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/tasks/notifications',
    {
      schema: {
        tags: ['tasks'],
        summary: 'My unread task notifications',
        response: { 200: taskNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await notifications.myTaskNotifications(deps, request.viewer) }),
  );
};
