/**
 * The start of a payment (docs/decisions/033). A checkout's hold is idle until its buyer starts
 * paying: it yields to another buyer who checks out or pays meanwhile. When the payment page is about
 * to hand the payment to the provider, it says so here; the chip is then kept for this order for as
 * long as the provider may need, and nobody else can take it. A buyer whose idle checkout lost the
 * hold takes it back here if the new holder is idle too; if the new holder is paying, this answers
 * CONFLICT before any money moves.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { CHECKOUT_EXPIRED_MESSAGE, type PaymentStartedResponse } from '#shared/checkout.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  canSeeOrder,
  findOrderById,
  holdsOrderGuestToken,
  lockOrder,
  ORDER_NOT_FOUND,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import { holdChip, holdChipWhilePaying, lockChipForChange, refuseBuy } from '#server/modules/chips/index.ts';
import { PAYMENT_WINDOW_MINUTES } from '#server/modules/payments/index.ts';
import { assertHoldAllowance } from './place-order.ts';

/** The buyer (signed in), or the browser holding the guest checkout's token or the demo payment token. */
function mayPay(order: OrderRow, viewer: AuthUser | null, token: string | undefined): boolean {
  if (viewer && viewer.role !== 'admin' && canSeeOrder(order, viewer, undefined)) return true;
  return holdsOrderGuestToken(order, token) || canSeeOrder(order, null, token);
}

export async function startPaying(
  ctx: ServiceContext,
  viewer: AuthUser | null,
  orderId: number,
  token: string | undefined,
): Promise<PaymentStartedResponse> {
  const now = ctx.clock();
  const order = await findOrderById(ctx.db, orderId);
  if (!order || !mayPay(order, viewer, token)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  // Paid already (a reload, a retried call): nothing to keep, and the provider says it is paid.
  if (order.paymentStatus === 'completed') return { holdUntil: null };
  if (order.status !== 'pending' || order.paymentStatus === 'failed') {
    throw new AppError('CONFLICT', CHECKOUT_EXPIRED_MESSAGE);
  }
  // Only a purchase competes for its chip; a mint, a shipment or a transfer has nothing to keep.
  if (order.orderType !== 'purchase' || order.chipId === null) return { holdUntil: null };
  if (order.quoteExpiresAt !== null && order.quoteExpiresAt <= now) {
    throw new AppError('CONFLICT', CHECKOUT_EXPIRED_MESSAGE);
  }
  const chipId = order.chipId;
  const until = new Date(now.getTime() + PAYMENT_WINDOW_MINUTES[order.paymentProvider] * 60_000);

  const held = await ctx.db.transaction(async (tx) => {
    // The allowance's advisory locks come before any chip or order lock, as in checkout.
    if (order.offerId === null) {
      await assertHoldAllowance(tx, { buyerId: order.buyerId, clientKey: order.clientKey, chipId, now });
    }
    const chip = await lockChipForChange(tx, chipId);
    const current = await lockOrder(tx, order.id);
    if (!chip || !current || current.status !== 'pending' || current.paymentStatus === 'completed') {
      throw new AppError('CONFLICT', CHECKOUT_EXPIRED_MESSAGE);
    }
    if (chip.reservedByOrderId === order.id) {
      return holdChipWhilePaying(tx, chip, { orderId: order.id, until });
    }
    // The hold went to another buyer's checkout (or lapsed): this order takes it back unless that
    // buyer is paying. Their order stays open; the chip goes to whoever pays first.
    const refusal = refuseBuy(chip, order.buyerId, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    return holdChip(tx, chip, { buyerId: order.buyerId, until, orderId: order.id, now, idle: false });
  });
  return { holdUntil: held.reservedUntil?.toISOString() ?? null };
}
