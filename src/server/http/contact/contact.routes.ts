import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageInputSchema, ContactMessageSentSchema } from '#shared/contact.schemas.ts';
import { sendContactMessage } from '#server/modules/contact/index.ts';

/** The public contact form. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: app.config.rateLimit ? { max: 5, timeWindow: '1 minute' } : false },
      schema: { body: ContactMessageInputSchema, response: { 200: ContactMessageSentSchema } },
    },
    async (request) => sendContactMessage(app, request.body),
  );
};
