import { apiErrorSchema } from '@muster/contract/errors';
import {
  federatedServerResponseSchema,
  federatedServersResponseSchema,
  serverHostParamsSchema,
  setServerPolicySchema,
} from '@muster/contract/federation';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVER_POLICY_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import { removeServerPolicy, serverList, setServerPolicy, type RecordAudit } from './servers.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['admin'];

/**
 * Blocked and limited servers (issue 38, decision 088): admins only, whether or not this instance
 * federates yet (a server can be blocked before federation is turned on).
 */
export const federationServersRoutes: FastifyPluginAsyncZod<{ recordAudit: RecordAudit }> = async (
  app,
  options,
) => {
  const { deps } = app;
  const budget = limitPerAccount(app, SERVER_POLICY_BUDGET);

  app.get(
    '/admin/federation/servers',
    {
      schema: {
        tags,
        summary: 'Remote servers an admin blocked or limited, by host, with what we hold from each',
        response: { 200: federatedServersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await serverList(deps, request.viewer) }),
  );

  app.post(
    '/admin/federation/servers',
    {
      preHandler: budget,
      schema: {
        tags,
        summary:
          'Block or limit a remote server, or change its policy; a block removes what it had here; audited',
        body: setServerPolicySchema,
        response: { 200: federatedServerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await setServerPolicy(deps, request.viewer, request.body, options.recordAudit),
    }),
  );

  app.delete(
    '/admin/federation/servers/:host',
    {
      preHandler: budget,
      schema: {
        tags,
        summary: 'Lift a server’s block or limit; audited',
        params: serverHostParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeServerPolicy(deps, request.viewer, request.params.host, options.recordAudit);
      return { data: { ok: true as const } };
    },
  );
};
