import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PayableBalanceListSchema,
  PayoutSchema,
  SellerBalanceSchema,
  SellerPayoutInputSchema,
  SellerPayoutParamsSchema,
} from '#shared/payouts.schemas.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { getSellerBalance, listPayableBalances, payOutSeller } from './payouts.service.ts';

/** A seller's balance and payouts, and the admin's payouts screen. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-payouts',
    { config: { auth: 'user' }, schema: { response: { 200: SellerBalanceSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getSellerBalance(app, currentUser(request).id);
    },
  );

  app.get(
    '/api/admin/payouts',
    { config: { auth: 'admin' }, schema: { response: { 200: PayableBalanceListSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listPayableBalances(app);
    },
  );

  app.post(
    '/api/admin/payouts/sellers/:userId',
    {
      config: { auth: 'admin' },
      schema: {
        params: SellerPayoutParamsSchema,
        body: SellerPayoutInputSchema,
        response: { 201: PayoutSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await payOutSeller(app, {
          sellerId: request.params.userId,
          adminId: currentUser(request).id,
          input: request.body,
        }),
      ),
  );
};
