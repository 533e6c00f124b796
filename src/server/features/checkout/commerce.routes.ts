import type { FastifyPluginAsync } from 'fastify';
import { affiliatesRoutes } from '#server/features/affiliates/affiliates.routes.ts';
import { offersRoutes } from '#server/features/offers/offers.routes.ts';
import { adminOrdersRoutes } from '#server/features/orders/admin-orders.routes.ts';
import { ordersRoutes } from '#server/features/orders/orders.routes.ts';
import { ownerToolsRoutes } from '#server/features/orders/owner-tools.routes.ts';
import { paymentsRoutes } from '#server/features/payments/payments.routes.ts';
import { checkoutRoutes } from './checkout.routes.ts';

/** Every commerce route (checkout, orders, payments, offers, affiliates, owner tools), registered as one. */
export const commerceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(ownerToolsRoutes);
  await app.register(offersRoutes);
  await app.register(affiliatesRoutes);
};
