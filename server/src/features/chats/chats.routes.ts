import {
  chatListResponseSchema,
  chatMessageBodySchema,
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  chatParamsSchema,
  chatRequestAcceptedResponseSchema,
  chatRequestParamsSchema,
  chatRequestSentResponseSchema,
  chatRequestsResponseSchema,
  messagesQuerySchema,
  sendMessageSchema,
} from '@muster/contract/chats';
import { apiErrorSchema } from '@muster/contract/errors';
import { emptyResponseSchema } from '@muster/contract/responses';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataText, sendJsonText } from '../../platform/json-text.js';
import {
  CHAT_REQUEST_DECISION_BUDGET,
  MESSAGE_BUDGET,
  NEW_ACCOUNT_STRANGER_BUDGET,
} from '../../platform/limits.js';
import { limitBy, limitNewAccount, limitPerAccount } from '../../platform/rate-limit.js';
import * as chats from './chats.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['chats'];

/**
 * What a send answers: 200 with the message, or 202 when it became a chat request (the recipient
 * takes messages only from connections); 409 for a second request while one waits, or a
 * clientMessageId already used for another message.
 */
const sent = {
  200: chatMessageResponseSchema,
  202: chatRequestSentResponseSchema,
  ...errors,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
function answerSend(reply: FastifyReply, outcome: chats.SendOutcome) {
  if (outcome.request) return reply.status(202).send({ data: { request: outcome.request } });
  return reply.status(200).send({ data: outcome.message });
}

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  chats.subscribeMissionChats(deps);
  chats.subscribeOfferChats(deps);
  chats.subscribeChatRequests(deps);
  chats.subscribeModeratedMessages(deps);

  app.get(
    '/chats',
    {
      schema: {
        tags,
        summary: 'My conversations, most recent first, with unread counts',
        response: { 200: chatListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chats.listMyChats(deps, request.viewer) }),
  );

  app.post(
    '/chats/send',
    {
      // One round trip: the send's statement checks the session (chats.queries' directSend).
      config: { sessionCheckedByWrite: true },
      preHandler: [
        limitPerAccount(app, MESSAGE_BUDGET),
        // A new account messages few people it has no chat with yet (issue 35 item 5, decision
        // 072): it has no connections, so anyone new to it is a stranger.
        limitNewAccount(app, NEW_ACCOUNT_STRANGER_BUDGET, (request) =>
          chats.isFirstContact(deps, request.viewer!, (request.body as { recipientId: string }).recipientId),
        ),
      ],
      schema: {
        tags,
        summary:
          'Send a direct message (opens the chat on the first one; to someone who takes messages only from connections, a chat request: 202)',
        body: sendMessageSchema,
        response: sent,
      },
    },
    async (request, reply) =>
      answerSend(reply, await chats.sendDirectMessage(deps, request.viewer, request.body)),
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
        summary:
          'Send a message into a conversation I am in (a mission group chat, or a direct one: as POST /chats/send, 202 when it became a chat request)',
        params: chatParamsSchema,
        body: chatMessageBodySchema,
        response: sent,
      },
    },
    async (request, reply) =>
      answerSend(reply, await chats.sendToChat(deps, request.viewer, request.params.chatId, request.body)),
  );

  app.put(
    '/chats/:chatId/read',
    {
      // A page polls this while a conversation is open; the budget stops a script from turning
      // it into a stream of writes, per account (people behind one address are not one reader).
      preHandler: limitBy(app, [
        { name: 'chat-read', max: 120, timeWindow: '1 minute', key: (r) => r.viewer?.id },
      ]),
      schema: {
        tags,
        summary: 'Mark one of my conversations read up to its newest message',
        params: chatParamsSchema,
        response: { 204: emptyResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await chats.markChatRead(deps, request.viewer, request.params.chatId);
      return reply.status(204).send(null);
    },
  );

  // Chat requests (issue 15). (GET /chats/join-requests is the missions feature's.)
  app.get(
    '/chats/requests',
    {
      schema: {
        tags,
        summary:
          'Chat requests waiting for my answer (first messages from people outside my network), newest first',
        response: { 200: chatRequestsResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, dataText(await chats.myChatRequests(deps, request.viewer))),
  );

  app.put(
    '/chats/requests/:requestId/accept',
    {
      preHandler: limitPerAccount(app, CHAT_REQUEST_DECISION_BUDGET),
      schema: {
        tags,
        summary: 'Accept a chat request: opens (or reuses) our chat with its message in it',
        params: chatRequestParamsSchema,
        response: { 200: chatRequestAcceptedResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await chats.acceptChatRequest(deps, request.viewer, request.params.requestId),
    }),
  );

  app.put(
    '/chats/requests/:requestId/decline',
    {
      preHandler: limitPerAccount(app, CHAT_REQUEST_DECISION_BUDGET),
      schema: {
        tags,
        summary: 'Decline a chat request: it goes, and its sender learns only that it was not accepted',
        params: chatRequestParamsSchema,
        response: { 204: emptyResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await chats.declineChatRequest(deps, request.viewer, request.params.requestId);
      return reply.status(204).send(null);
    },
  );
};
