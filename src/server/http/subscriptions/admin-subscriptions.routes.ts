import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#server/lib/auth-user.ts';
import { AdminIdParamsSchema } from '#shared/admin.schemas.ts';
import {
  EmailSubscriptionPageSchema,
  EmailSubscriptionSchema,
  ListEmailSubscriptionsQuerySchema,
  UpdateEmailSubscriptionInputSchema,
} from '#shared/subscriptions.schemas.ts';
import {
  deleteEmailSubscription,
  exportEmailSubscriptionsCsv,
  listEmailSubscriptions,
  updateEmailSubscription,
} from '#server/modules/subscriptions/index.ts';

const admin = { auth: 'admin' } as const;

/** The e-mail list in the back office: list, CSV export, edit and delete. */
export const adminSubscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
