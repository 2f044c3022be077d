import { apiErrorSchema } from '@muster/contract/errors';
import { missionParamsSchema } from '@muster/contract/missions';
import {
  acceptOfferResponseSchema,
  createOfferSchema,
  offerListQuerySchema,
  offerPageResponseSchema,
  offerParamsSchema,
  offerResponseSchema,
} from '@muster/contract/offers';
import { postParamsSchema } from '@muster/contract/posts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFER_BUDGET, OFFER_DECISION_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as offers from './offers.service.js';

export type OffersRoutesOptions = {
  /** Sends the answer to a remote helper's offer back to their server (decision 090; app.ts). */
  answerRemote?: offers.AnswerRemoteOffer;
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['offers'];
const one = { 200: offerResponseSchema, ...errors };

/** Offers of help (issue 13): on a need or want, or to a mission; the Received and Made boxes; accept, decline, withdraw. */
export const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (app, options) => {
  const { deps } = app;

  // Each offer tells its receiver: one budget per account for both kinds.
  app.post(
    '/posts/:postId/offers',
    {
      // One statement for the offer: it checks the session itself (offers.queries' offerOnPost).
      config: { sessionCheckedByWrite: true },
      preHandler: limitPerAccount(app, OFFER_BUDGET),
      schema: {
        tags,
        summary: 'Offer help on an open need or want (its author is told)',
        params: postParamsSchema,
        body: createOfferSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await offers.offerOnPost(deps, request.viewer, request.params.postId, request.body),
    }),
  );

  app.post(
    '/missions/:missionId/offers',
    {
      preHandler: limitPerAccount(app, OFFER_BUDGET),
      schema: {
        tags,
        summary: 'Offer help to a mission (its owner is told)',
        params: missionParamsSchema,
        body: createOfferSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await offers.offerToMission(deps, request.viewer, request.params.missionId, request.body),
    }),
  );

  app.get(
    '/offers',
    {
      schema: {
        tags,
        summary: 'Offers I received or made, newest first (keyset paged)',
        querystring: offerListQuerySchema,
        response: { 200: offerPageResponseSchema, ...errors },
      },
    },
    async (request) => offers.myOffers(deps, request.viewer, request.query),
  );

  app.put(
    '/offers/:offerId/accept',
    {
      preHandler: limitPerAccount(app, OFFER_DECISION_BUDGET),
      schema: {
        tags,
        summary:
          'Accept an offer I received (opens or reuses our direct chat, the offer its first message; none for a helper on another server)',
        params: offerParamsSchema,
        response: { 200: acceptOfferResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await offers.acceptOffer(deps, request.viewer, request.params.offerId, options.answerRemote),
    }),
  );

  app.put(
    '/offers/:offerId/decline',
    {
      preHandler: limitPerAccount(app, OFFER_DECISION_BUDGET),
      schema: {
        tags,
        summary: 'Decline an offer I received (the helper is thanked, with no details)',
        params: offerParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await offers.declineOffer(deps, request.viewer, request.params.offerId, options.answerRemote),
    }),
  );

  app.delete(
    '/offers/:offerId',
    { schema: { tags, summary: 'Withdraw my pending offer', params: offerParamsSchema, response: one } },
    async (request) => ({ data: await offers.withdraw(deps, request.viewer, request.params.offerId) }),
  );
};
