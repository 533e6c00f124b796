import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import { AdminIdParamsSchema, MessageStatusInputSchema } from '#shared/admin.schemas.ts';
import {
  ContactMessagePageSchema,
  ContactMessageSchema,
  ListContactMessagesQuerySchema,
} from '#shared/contact.schemas.ts';
import { listContactMessages, updateContactMessageStatus } from '#server/modules/contact/index.ts';

const admin = { auth: 'admin' } as const;

/** Contact-form messages in the back office: list, mark read or archive. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/messages',
    {
      config: admin,
      schema: { querystring: ListContactMessagesQuerySchema, response: { 200: ContactMessagePageSchema } },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      config: admin,
      schema: {
        params: AdminIdParamsSchema,
        body: MessageStatusInputSchema,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) =>
      updateContactMessageStatus(app.db, currentUser(request).id, request.params.id, request.body),
  );
};
