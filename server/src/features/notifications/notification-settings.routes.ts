import { apiErrorSchema } from '@muster/contract/errors';
import {
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
} from '@muster/contract/notification-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_SETTINGS_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as settings from './notification-settings.service.js';

const answer = {
  200: notificationSettingsResponseSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['notifications'];

/** Issue 34: how a person is told of each kind of notice, per mission, and when not (decision 062). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/users/me/notification-settings',
    {
      schema: {
        tags,
        summary: 'How I am told of each kind of notice, my digest, quiet hours and mission levels',
        response: answer,
      },
    },
    async (request) => ({ data: await settings.myNotificationSettings(deps, request.viewer) }),
  );

  app.put(
    '/users/me/notification-settings',
    {
      preHandler: limitPerAccount(app, NOTIFICATION_SETTINGS_BUDGET),
      schema: {
        tags,
        summary: 'Change any part of my notification settings (what is left out stays)',
        body: notificationSettingsUpdateSchema,
        response: answer,
      },
    },
    async (request) => ({
      data: await settings.updateMyNotificationSettings(deps, request.viewer, request.body),
    }),
  );
};
