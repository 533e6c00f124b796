import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import {
  findOrderById,
  insertPaymentEventOnce,
  lockOrder,
  setPaymentEventOutcome,
  updateOrder,
} from '#server/features/orders/orders.repo.ts';
import type { PaymentProviderName } from './payment-provider.ts';

/** A verified provider signal that does not pay its order (a short transfer, the wrong token or wallet). */
export type RejectOrderPaymentInput = {
  orderId: number;
  provider: PaymentProviderName;
  /** Unique per signal at the provider (e.g. the transaction signature). */
  eventKey: string;
  /** Why it does not pay the order, for admins: 'short_transfer', 'wrong_mint', 'wrong_recipient', … */
  reason: string;
  payload?: Record<string, unknown>;
};

/**
 * Records a signal that does not pay its order, once per signal: the payment event is stored with
 * outcome 'rejected' and the unpaid order is flagged with the reason for an admin. The order's
 * payment is NOT changed (it stays payable); a paid order is left alone ('ignored').
 */
export async function rejectOrderPayment(
  app: FastifyInstance,
  input: RejectOrderPaymentInput,
): Promise<{ outcome: 'rejected' | 'duplicate' | 'ignored'; orderId: number }> {
  const now = app.clock();
  if (!(await findOrderById(app.db, input.orderId))) throw new AppError('NOT_FOUND', 'Order not found');
  return app.db.transaction(async (tx) => {
    const event = await insertPaymentEventOnce(tx, {
      provider: input.provider,
      eventKey: input.eventKey,
      orderId: input.orderId,
      type: 'payment.rejected',
      payload: { ...input.payload, reason: input.reason },
    });
    if (!event) return { outcome: 'duplicate' as const, orderId: input.orderId };
    // Only the order row is locked, so this cannot deadlock with the chip-then-order lock order.
    const order = (await lockOrder(tx, input.orderId))!;
    if (order.paymentStatus === 'completed' || order.paymentProvider !== input.provider) {
      await setPaymentEventOutcome(tx, event.id, 'ignored', now);
      return { outcome: 'ignored' as const, orderId: order.id };
    }
    await updateOrder(tx, order.id, { paymentFlagged: input.reason });
    await setPaymentEventOutcome(tx, event.id, 'rejected', now);
    return { outcome: 'rejected' as const, orderId: order.id };
  });
}
