import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderIdParamsSchema } from '#shared/orders.schemas.ts';
import { AdminRefundInputSchema, RefundSchema, RefundSignatureInputSchema } from '#shared/refunds.schemas.ts';
import { MAX_ID } from '#shared/checkout.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { toRefundDto } from '#server/modules/payments/index.ts';
import { recordManualRefund, refundOrderByAdmin } from '#server/flows/settlement/index.ts';

const RefundIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});

/** Admin refunds: refund a paid order with a reason; record a token refund's on-chain signature. */
export const adminRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/orders/:id/refund',
    {
      config: { auth: 'admin' },
      schema: { params: OrderIdParamsSchema, body: AdminRefundInputSchema, response: { 201: RefundSchema } },
    },
    async (request, reply) => {
      const refund = await refundOrderByAdmin(app, {
        orderId: request.params.id,
        adminId: currentUser(request).id,
        reason: request.body.reason,
      });
      return reply.status(201).send(toRefundDto(refund));
    },
  );

  app.post(
    '/api/admin/refunds/:id/signature',
    {
      config: { auth: 'admin' },
      schema: {
        params: RefundIdParamsSchema,
        body: RefundSignatureInputSchema,
        response: { 200: RefundSchema },
      },
    },
    async (request) =>
      toRefundDto(
        await recordManualRefund(app, {
          refundId: request.params.id,
          adminId: currentUser(request).id,
          signature: request.body.signature,
        }),
      ),
  );
};
