import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOrderPageSchema, OrderListQuerySchema } from '#shared/admin.schemas.ts';
import { listAdminOrders } from './admin-orders.service.ts';

/** The Orders tab's list; the order actions (create chip, media, status) are the commerce module's. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/orders',
    {
      config: { auth: 'admin' },
      schema: { querystring: OrderListQuerySchema, response: { 200: AdminOrderPageSchema } },
    },
    async (request) => listAdminOrders(app.db, request.query),
  );
};
