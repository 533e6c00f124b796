import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckoutSuccessQuerySchema, CheckoutSuccessResponseSchema } from '#shared/checkout.schemas.ts';
import {
  ConfirmBuyerBodySchema,
  ConfirmBuyerResponseSchema,
  OrderIdParamsSchema,
  OrderListSchema,
  OrderSchema,
  PaymentTokenQuerySchema,
  SaleListSchema,
} from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  confirmBuyer,
  confirmReceived,
  getCheckoutSuccess,
  getOrder,
  listMyOrders,
  listMySales,
} from '#server/modules/orders/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** The buyer's orders and the /checkout-success hand-out. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-orders',
    { config: { auth: 'user' }, schema: { response: { 200: OrderListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listMyOrders(app, currentUser(request).id);
    },
  );

  app.get(
    '/api/my-sales',
    { config: { auth: 'user' }, schema: { response: { 200: SaleListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listMySales(app, currentUser(request).id);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { auth: 'optional' },
      schema: {
        params: OrderIdParamsSchema,
        querystring: PaymentTokenQuerySchema,
        response: { 200: OrderSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!request.user && !request.query.token) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
      return getOrder(app, request.user, request.params.id, request.query.token);
    },
  );

  // "I received it": the buyer confirms a shipped order arrived (decision 064); a double press changes nothing.
  app.post(
    '/api/orders/:id/received',
    {
      config: { auth: 'user' },
      schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema } },
    },
    async (request) => confirmReceived(app, currentUser(request), request.params.id),
  );

  app.get(
    '/api/orders/:id/checkout-success',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 20),
      },
      schema: {
        params: OrderIdParamsSchema,
        querystring: CheckoutSuccessQuerySchema,
        response: { 200: CheckoutSuccessResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getCheckoutSuccess(app, request.params.id, {
        email: request.query.email || undefined,
        token: request.query.token,
      });
    },
  );

  // The link in the order confirmation e-mail of a guest checkout made with an existing account's
  // e-mail: the page posts its token (a GET would let mail scanners confirm it).
  app.post(
    '/api/orders/:id/confirm-buyer',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 20),
      },
      schema: {
        params: OrderIdParamsSchema,
        body: ConfirmBuyerBodySchema,
        response: { 200: ConfirmBuyerResponseSchema },
      },
    },
    async (request) => confirmBuyer(app, request.params.id, request.body.token),
  );
};
