import {
  chatListResponseSchema,
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  messagesQuerySchema,
  sendMessageSchema,
} from '@muster/contract/chats';
import { apiErrorSchema } from '@muster/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/session.js';
import * as chats from './chats.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['chats'];

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/chats',
    { schema: { tags, summary: 'My conversations, most recent first, with unread counts', response: { 200: chatListResponseSchema, ...errors } } },
    async (request) => ({ data: await chats.listMyChats(deps, request.viewer) }),
  );

  app.post(
    '/chats/send',
    { schema: { tags, summary: 'Send a direct message (opens the chat on the first one)', body: sendMessageSchema, response: { 200: chatMessageResponseSchema, ...errors } } },
    async (request) => ({ data: await chats.sendDirectMessage(deps, request.viewer, request.body) }),
  );

  app.get(
    '/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'A page of a conversation, newest first; the first page marks it read',
        params: z.object({ chatId: z.uuid('Not a conversation id') }),
        querystring: messagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...errors },
      },
    },
    async (request) => chats.readChat(deps, request.viewer, request.params.chatId, request.query),
  );

  // Chat requests (from outside my network) and mission join requests arrive with missions and
  // privacy settings; until then a signed-in user has none, and the shell's badges read these.
  const empty = { 200: z.object({ data: z.array(z.object({ _id: z.string() })) }), 401: apiErrorSchema };
  for (const [url, summary] of [
    ['/chats/requests', 'Chat requests from people outside my network'],
    ['/chats/join-requests', 'Requests to join my missions'],
  ] as const) {
    app.get(url, { schema: { tags, summary, response: empty } }, async (request) => {
      requireViewer(request.viewer);
      return { data: [] };
    });
  }
};
