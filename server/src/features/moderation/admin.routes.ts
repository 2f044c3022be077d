import {
  auditPageResponseSchema,
  auditQuerySchema,
  findPeopleQuerySchema,
  setRoleResponseSchema,
  setRoleSchema,
  staffPeopleResponseSchema,
} from '@muster/contract/admin';
import { apiErrorSchema } from '@muster/contract/errors';
import { userIdParamsSchema } from '@muster/contract/network';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import { auditLog } from './audit.service.js';
import * as roles from './roles.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['admin'];

/** The admin's routes (issue 35, decision 067): roles and the audit log, for admins only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  roles.subscribeFirstAdmins(deps);
  // Every process names the first admins as it starts (before it listens); a second one finds
  // them already made and writes nothing.
  await roles.grantFirstAdmins(deps);

  app.get(
    '/admin/staff',
    {
      schema: {
        tags,
        summary: 'Admins and moderators, admins first',
        response: { 200: staffPeopleResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await roles.staff(deps, request.viewer) }),
  );

  app.get(
    '/admin/people',
    {
      schema: {
        tags,
        summary: 'People to grant a role to, by the start of their username or address',
        querystring: findPeopleQuerySchema,
        response: { 200: staffPeopleResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await roles.findPeople(deps, request.viewer, request.query.query) }),
  );

  app.put(
    '/admin/users/:userId/role',
    {
      preHandler: limitPerAccount(app, ROLE_BUDGET),
      schema: {
        tags,
        summary: "Set a person's role (member, moderator or admin), with the reason; audited",
        params: userIdParamsSchema,
        body: setRoleSchema,
        response: { 200: setRoleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await roles.setRole(deps, request.viewer, request.params.userId, request.body),
    }),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The moderation audit log, newest first (read-only)',
        querystring: auditQuerySchema,
        response: { 200: auditPageResponseSchema, ...errors },
      },
    },
    async (request) => auditLog(deps, request.viewer, request.query),
  );
};
