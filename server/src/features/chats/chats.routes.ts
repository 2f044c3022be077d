import { apiErrorSchema } from '@muster/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/session.js';

// Chats, chat requests and mission join requests land with the messaging feature; until then a
// signed-in user has none, and the shell's badges read these routes already.
const list = { 200: z.object({ data: z.array(z.object({ _id: z.string(), unreadCount: z.number() })) }), 401: apiErrorSchema };

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, summary] of [
    ['/chats', 'My conversations with their unread counts'],
    ['/chats/requests', 'Chat requests from people outside my network'],
    ['/chats/join-requests', 'Requests to join my missions'],
  ] as const) {
    app.get(url, { schema: { tags: ['chats'], summary, response: list } }, async (request) => {
      requireViewer(request.viewer);
      return { data: [] };
    });
  }
};
