import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import {
  remoteOfferSchema,
  sentRemoteOfferResponseSchema,
  sentRemoteOffersResponseSchema,
} from '@muster/contract/federation';
import { offerParamsSchema } from '@muster/contract/offers';
import { OFFER_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import type { MusterFederation } from './federation.js';
import { mySentOffers, offerRemotely, withdrawSent } from './offers-remote.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['federation'];

/**
 * Offers of help on listings from other servers (decision 090), under the API's prefix at
 * /federation/offers. With FEDERATION off, offering answers 404 (the routes stay listed).
 */
export const remoteOfferRoutes: FastifyPluginAsyncZod<{ federation: MusterFederation | undefined }> = async (
  app,
  { federation },
) => {
  const { deps } = app;

  app.post(
    '/federation/offers',
    {
      // The local offers' budget: each tells someone, here or there.
      preHandler: limitPerAccount(app, OFFER_BUDGET),
      schema: {
        tags,
        summary: 'Offer help on a need or want from another server (its author is told there)',
        body: remoteOfferSchema,
        response: { 200: sentRemoteOfferResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await offerRemotely(deps, federation, request.viewer, request.body) }),
  );

  app.get(
    '/federation/offers',
    {
      schema: {
        tags,
        summary: 'The offers of help I sent to other servers, newest first',
        response: { 200: sentRemoteOffersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await mySentOffers(deps, request.viewer) }),
  );

  app.delete(
    '/federation/offers/:offerId',
    {
      preHandler: limitPerAccount(app, OFFER_BUDGET),
      schema: {
        tags,
        summary: 'Withdraw an unanswered offer I sent to another server',
        params: offerParamsSchema,
        response: { 200: sentRemoteOfferResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await withdrawSent(deps, federation, request.viewer, request.params.offerId),
    }),
  );
};
