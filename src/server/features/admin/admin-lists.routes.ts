import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#server/plugins/auth.ts';
import {
  AdminIdParamsSchema,
  AuditListQuerySchema,
  AuditPageSchema,
  MailListQuerySchema,
  MailLogPageSchema,
  MessageStatusInputSchema,
} from '#shared/admin.schemas.ts';
import {
  EmailSubscriptionPageSchema,
  EmailSubscriptionSchema,
  ListEmailSubscriptionsQuerySchema,
  UpdateEmailSubscriptionInputSchema,
} from '#shared/subscriptions.schemas.ts';
import {
  ContactMessagePageSchema,
  ContactMessageSchema,
  ListContactMessagesQuerySchema,
} from '#shared/contact.schemas.ts';
import { listAuditLog } from '#server/features/audit/audit.service.ts';
import {
  deleteEmailSubscription,
  exportEmailSubscriptionsCsv,
  listEmailSubscriptions,
  updateEmailSubscription,
} from './admin-subscriptions.service.ts';
import { listContactMessages, listMailLog, updateContactMessageStatus } from './admin-inbox.service.ts';

const admin = { auth: 'admin' } as const;

/** The e-mail list, contact messages, the mail log and the audit log. */
export const adminListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/email-subscriptions',
    {
      config: admin,
      schema: {
        querystring: ListEmailSubscriptionsQuerySchema,
        response: { 200: EmailSubscriptionPageSchema },
      },
    },
    async (request) => listEmailSubscriptions(app.db, request.query),
  );

  app.get(
    '/api/admin/email-subscriptions.csv',
    {
      config: admin,
      schema: { querystring: ListEmailSubscriptionsQuerySchema.pick({ status: true, search: true }) },
    },
    async (request, reply) => {
      const csv = await exportEmailSubscriptionsCsv(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="email-subscriptions.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put(
    '/api/admin/email-subscriptions/:id',
    {
      config: admin,
      schema: {
        params: AdminIdParamsSchema,
        body: UpdateEmailSubscriptionInputSchema,
        response: { 200: EmailSubscriptionSchema },
      },
    },
    async (request) =>
      updateEmailSubscription(app.db, app.clock, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/email-subscriptions/:id',
    { config: admin, schema: { params: AdminIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteEmailSubscription(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

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

  app.get(
    '/api/admin/mail',
    { config: admin, schema: { querystring: MailListQuerySchema, response: { 200: MailLogPageSchema } } },
    async (request) => listMailLog(app.db, request.query),
  );

  app.get(
    '/api/admin/audit',
    { config: admin, schema: { querystring: AuditListQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => listAuditLog(app.db, request.query),
  );
};
