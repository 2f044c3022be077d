import {
  chatListResponseSchema,
  chatMessageBodySchema,
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  chatParamsSchema,
  messagesQuerySchema,
  sendMessageSchema,
} from '@muster/contract/chats';
import { apiErrorSchema } from '@muster/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/session.js';
import { MESSAGE_BUDGET } from '../../platform/limits.js';
import { limitBy, limitPerAccount } from '../../platform/rate-limit.js';
import * as chats from './chats.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['chats'];

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  chats.subscribeMissionChats(deps);
  chats.subscribeOfferChats(deps);

  app.get(
    '/chats',
    { schema: { tags, summary: 'My conversations, most recent first, with unread counts', response: { 200: chatListResponseSchema, ...errors } } },
    async (request) => ({ data: await chats.listMyChats(deps, request.viewer) }),
  );

  app.post(
    '/chats/send',
    {
      preHandler: limitPerAccount(app, MESSAGE_BUDGET),
      schema: {
        tags,
        summary: 'Send a direct message (opens the chat on the first one)',
        body: sendMessageSchema,
        response: { 200: chatMessageResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await chats.sendDirectMessage(deps, request.viewer, request.body) }),
  );

  app.get(
    '/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'A page of a conversation, newest first (reading changes nothing: PUT …/read marks it read)',
        params: chatParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...errors },
      },
    },
    async (request) => chats.readChat(deps, request.viewer, request.params.chatId, request.query),
  );

  app.post(
    '/chats/:chatId/messages',
    {
      preHandler: limitPerAccount(app, MESSAGE_BUDGET),
      schema: {
        tags,
        summary: 'Send a message into a conversation I am in (a mission group chat, or a direct one)',
        params: chatParamsSchema,
        body: chatMessageBodySchema,
        response: { 200: chatMessageResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await chats.sendToChat(deps, request.viewer, request.params.chatId, request.body) }),
  );

  app.put(
    '/chats/:chatId/read',
    {
      // A page polls this while a conversation is open; the budget stops a script from turning
      // it into a stream of writes, per account (people behind one address are not one reader).
      preHandler: limitBy(app, [{ name: 'chat-read', max: 120, timeWindow: '1 minute', key: (r) => r.viewer?.id }]),
      schema: { tags, summary: 'Mark one of my conversations read up to now', params: chatParamsSchema, response: { 204: z.null(), ...errors, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      await chats.markChatRead(deps, request.viewer, request.params.chatId);
      return reply.status(204).send(null);
    },
  );

  // Chat requests from outside my network arrive with issue 15 (the message policy already keeps
  // strangers out); until then nobody has one, and the shell's badge reads this.
  // (GET /chats/join-requests is the missions feature's.)
  app.get(
    '/chats/requests',
    {
      schema: {
        tags,
        summary: 'Chat requests from people outside my network',
        response: { 200: z.object({ data: z.array(z.object({ _id: z.string() })) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      requireViewer(request.viewer);
      return { data: [] };
    },
  );
};
