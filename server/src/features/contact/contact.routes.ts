import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageResponseSchema, contactMessageSchema } from '@muster/contract/contact';
import { apiErrorSchema } from '@muster/contract/errors';
import { presentContactReceipt } from './contact.present.js';
import { defineContactMail, sendContactMessage } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  defineContactMail(app.deps);
  app.post(
    '/email/contact',
    {
      config: { rateLimit: { max: app.deps.config.contactRateLimit, timeWindow: '1 hour' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Muster team',
        body: contactMessageSchema,
        response: { 200: contactMessageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await sendContactMessage(app.deps, request.body, request.ip);
      return { data: presentContactReceipt(row) };
    },
  );
};
