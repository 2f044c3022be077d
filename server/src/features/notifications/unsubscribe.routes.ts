import { apiErrorSchema } from '@muster/contract/errors';
import { unsubscribeQuerySchema, unsubscribeResponseSchema } from '@muster/contract/unsubscribe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, limitBy } from '../../platform/rate-limit.js';
import { describeUnsubscribe, unsubscribe } from './unsubscribe.js';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const tags = ['notifications'];

/**
 * One-click unsubscribe (RFC 8058, decision 063): the token in the address is the whole authority,
 * so neither route reads a session. Registered in a context of its own: the form bodies a mail
 * provider sends are accepted here and nowhere else.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // RFC 8058 §3.1: the provider POSTs `List-Unsubscribe=One-Click` as a form. The body says
  // nothing the address does not, so it is read (bounded) and dropped.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  // A mail provider unsubscribes many people from one address, so the budget per address is
  // roomy; one link is used once or twice by a person, and ten times is a script.
  const writes = limitBy(app, [
    { name: 'unsubscribe:ip', max: 300, timeWindow: '10 minutes', key: clientOf },
    {
      name: 'unsubscribe:link',
      max: 10,
      timeWindow: '10 minutes',
      key: (request) => (request.query as { token?: string }).token,
    },
  ]);

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link would stop; changes nothing (link scanners open every link)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await describeUnsubscribe(deps, request.query.token) }),
  );

  app.post(
    '/unsubscribe',
    {
      config: { authorizedByToken: true },
      preHandler: writes,
      schema: {
        tags,
        summary: 'Stop the mail an unsubscribe link names, without signing in (RFC 8058 one-click)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await unsubscribe(deps, request.query.token) }),
  );
};
