import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageInputSchema, ContactMessageSentSchema } from '#shared/contact.schemas.ts';
import { sendContactMessage } from '#server/modules/contact/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** The public contact form. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: limitPerMinute(app.config, 5) },
      schema: { body: ContactMessageInputSchema, response: { 200: ContactMessageSentSchema } },
    },
    async (request) => sendContactMessage(app, request.body),
  );
};
