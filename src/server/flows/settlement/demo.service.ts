/** The demo payment simulation's completion, the one way a demo order is paid. */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import { HANDOVER_PAYMENT_TOO_LATE_MESSAGE } from '#shared/handovers.schemas.ts';
import { TRANSFER_WITHDRAWN_MESSAGE } from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  canSeeOrder,
  findOrderById,
  getOrder,
  isWithdrawnFeeOrder,
  ORDER_NOT_FOUND,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import type { Db } from '#server/db/client.ts';
import { completeOrderPayment } from './payments.service.ts';
import { insertPaymentEventOnce } from '#server/modules/payments/index.ts';

/** The demo provider's one payment of an order (its completion's event key). */
const demoPaymentKey = (orderId: number) => `complete:${orderId}`;

/**
 * The demo catalogue's fixture sales (seed): records the demo payment of an order as paid at `at`,
 * the signal reconciliation counts as captured; returns its key for the ledger booking.
 */
export async function recordSeededDemoPayment(
  tx: Db,
  args: { orderId: number; amountCents: number; at: Date },
): Promise<string> {
  const eventKey = demoPaymentKey(args.orderId);
  await insertPaymentEventOnce(tx, {
    provider: 'demo',
    eventKey,
    orderId: args.orderId,
    type: 'payment.completed',
    payload: { amountCents: args.amountCents, currency: 'USD', seeded: true },
    outcome: 'completed',
    processedAt: args.at,
    createdAt: args.at,
  });
  return eventKey;
}

/** Why a payment that arrived too late to apply is refunded, in the words of what the order was for. */
function unfulfillableMessage(order: OrderRow): string {
  if (order.orderType === 'purchase') {
    return `This ${BRAND.name} was sold to someone else before your payment completed.`;
  }
  if (order.handoverId !== null) {
    return HANDOVER_PAYMENT_TOO_LATE_MESSAGE;
  }
  if (isWithdrawnFeeOrder(order)) return TRANSFER_WITHDRAWN_MESSAGE;
  return `This ${BRAND.name} changed hands before your payment completed, so the payment is refunded.`;
}

/**
 * POST /api/orders/:id/complete (demo payments only): the buyer finishes the payment simulation.
 * Completing twice changes nothing; a chip taken meanwhile is a CONFLICT.
 */
export async function completeDemoOrder(
  ctx: ServiceContext,
  viewer: AuthUser | null,
  orderId: number,
  paymentToken?: string,
): Promise<Order> {
  const order = await findOrderById(ctx.db, orderId);
  const isBuyer = viewer !== null && order?.buyerId === viewer.id;
  if (!order || !(isBuyer || canSeeOrder(order, null, paymentToken))) {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  if (order.paymentProvider !== 'demo') {
    throw new AppError('UNPROCESSABLE', 'This order is paid through its payment provider, not the demo.');
  }
  const result = await completeOrderPayment(ctx, {
    orderId,
    provider: 'demo',
    eventKey: demoPaymentKey(orderId),
    amountCents: order.totalCents,
    currency: 'USD',
    payload: { userId: viewer?.id ?? null, byPaymentToken: !isBuyer },
  });
  if (result.outcome === 'unfulfillable') {
    throw new AppError('CONFLICT', unfulfillableMessage(order));
  }
  return getOrder(ctx, viewer, orderId, paymentToken);
}
