/**
 * The order lifecycle: per order type, the states and the moves allowed in each, and the only code
 * that changes an order's status or payment status. Every move is recorded in order_events (who and
 * when), which is the order's timeline.
 *
 *   any type:  pending payment ──paid──▶ (see below)        ──payment failed / hold lapsed──▶ cancelled
 *   mint:      pending ──markProcessing──▶ processing
 *              pending | processing ──createArtchip──▶ completed
 *              completed ──markShipped (ship-to-me, chip still the buyer's and leaving)──▶ shipped ──▶ delivered
 *   purchase kept in the vault, transfer:  completed at once (nothing waits for a shipment)
 *   purchase shipped, shipping:  processing ──markCompleted──▶ completed
 *                                processing | completed ──markShipped──▶ shipped ──markDelivered──▶ delivered
 *
 * A shipped order is delivered one way, deliverOrder, whoever confirms it (decision 064): the buyer's
 * signed-in fresh tap of the chip, the buyer's "I received it", the auto-delivery job, or an admin.
 * The order keeps how (delivered_by) and when; its 'delivered' step starts the seller's payout hold.
 *
 * An unpaid mint or purchase (waiting for its payment, failed, or lapsed) may be paid again: the buyer's
 * Pay now places a new order with the same request and the old one is marked replaced (refusePayAgain).
 *
 * A fee order (transfer, or hand-over: 'transfer' orders) its owner withdraws before paying (the hand-over
 * cancelled or started again, the transfer replaced by another, or abandoned past its payment window)
 * is cancelled with its payment still pending: a payment of it arriving later does not count and is
 * refunded (isWithdrawnFeeOrder). A payment that failed is not a withdrawal.
 *
 * Shipping changes only the chip the order ships, and only while that chip is leaving the vault for
 * the order's buyer (chip-lifecycle canShipFor): a chip sold on meanwhile is not the order's to ship.
 */
import { BRAND } from '#shared/brand.ts';
import type {
  AdminOrderActions,
  DeliveryConfirmation,
  OrderEventType,
  OrderStatus,
} from '#shared/orders.schemas.ts';
import { ORDER_CANCELLED_NOT_RECEIVABLE_MESSAGE, ORDER_NOT_SHIPPED_MESSAGE } from '#shared/orders.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  canShipFor,
  canUnsell,
  deliverChip,
  ownerIdOf,
  refuseBuy,
  type ChipRow,
  type Refusal,
} from '#server/modules/chips/index.ts';
import {
  insertOrderEvent,
  insertOrder,
  listUnpaidTransferOrderIds,
  lockOrder,
  updateOrder,
  type NewOrderRow,
  type OrderRow,
} from './orders.repo.ts';

type OrderState = Pick<
  OrderRow,
  | 'orderType'
  | 'status'
  | 'paymentStatus'
  | 'shippingOption'
  | 'chipId'
  | 'buyerId'
  | 'isSurprize'
  | 'paymentMethod'
  | 'markupCents'
>;

/** The status an order takes once paid: mints wait for the admin; vault purchases are done. */
export function statusWhenPaid(order: Pick<OrderRow, 'orderType' | 'shippingOption'>): OrderStatus {
  if (order.orderType === 'mint') return 'pending';
  if (order.orderType === 'purchase' && order.shippingOption === 'store') return 'completed';
  if (order.orderType === 'transfer') return 'completed';
  return 'processing';
}

const isPaid = (order: OrderState) => order.paymentStatus === 'completed';
/** Orders whose job is to send a chip to their buyer. */
const isShipment = (order: OrderState) =>
  order.shippingOption === 'ship' && (order.orderType !== 'mint' || order.chipId !== null);

/** Answered (409) when an order's fulfilment has gone too far to undo here. */
export const ORDER_NOT_REFUNDABLE_MESSAGE =
  'This order can no longer be refunded here: its chip has moved on. Settle it with the buyer directly.';
/**
 * Answered (409) once an order's chip has shipped: the admin no longer cancels it; a buyer whose chip
 * never arrives, arrives damaged or is not as described opens a case (PRODUCT.md buyer protection).
 */
export const SHIPPED_ORDER_REFUND_MESSAGE = 'Shipped orders are refunded through a buyer protection case.';
/** Answered (409) for a direct-PayPal sale: the money is in the seller's own PayPal account. */
export const ORDER_PAID_TO_SELLER_MESSAGE =
  "This order was paid to the seller's own PayPal account; the seller refunds it from PayPal.";

/**
 * Why an admin may not refund this paid order now (null: they may). A refund undoes the order's
 * fulfilment, so only while that is possible: a mint not made yet, a shipment not handed to the
 * carrier, a purchase whose chip the buyer still holds untouched in our vault or that still waits
 * there for the carrier (it goes back to the seller). Once shipped, the buyer's case decides it.
 * Offline transfers and direct-PayPal sales are settled outside.
 */
export function refuseRefund(order: OrderState, chip: ChipRow | null): Refusal | null {
  if (!isPaid(order)) return { code: 'CONFLICT', message: 'Only a paid order can be refunded.' };
  if (order.paymentMethod === 'paypal' && order.markupCents > 0) {
    return { code: 'CONFLICT', message: ORDER_PAID_TO_SELLER_MESSAGE };
  }
  if (order.status === 'shipped' || order.status === 'delivered') {
    return { code: 'CONFLICT', message: SHIPPED_ORDER_REFUND_MESSAGE };
  }
  const undoable =
    order.orderType === 'mint'
      ? order.chipId === null && (order.status === 'pending' || order.status === 'processing')
      : order.orderType === 'shipping'
        ? chip !== null && canShipFor(chip, order)
        : order.orderType === 'purchase'
          ? chip !== null && canUnsell(chip, order)
          : false;
  return undoable ? null : { code: 'CONFLICT', message: ORDER_NOT_REFUNDABLE_MESSAGE };
}

/**
 * What a ship-to-me mint gives back when its creator lists the chip before it ships (PRODUCT.md
 * "Custody", decision 066): the shipping and shipping protection it paid, once the chip is made and
 * while the order has not shipped; 0 otherwise (kept in the vault, unpaid, shipped, nothing paid).
 */
export function unusedShippingCents(
  order: Pick<
    OrderRow,
    'orderType' | 'shippingOption' | 'paymentStatus' | 'status' | 'shippingCents' | 'insuranceCents'
  >,
): number {
  const isUnshippedMint =
    order.orderType === 'mint' &&
    order.shippingOption === 'ship' &&
    order.paymentStatus === 'completed' &&
    order.status === 'completed';
  return isUnshippedMint ? order.shippingCents + order.insuranceCents : 0;
}

/** The shipping of a ship-to-me mint goes back: the order stands (its chip is made), its timeline says so. */
export async function recordShippingRefundRequested(
  tx: Db,
  order: OrderRow,
  args: { refundId: number; amountCents: number; actorUserId: number },
): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refund_requested',
    actorUserId: args.actorUserId,
    data: { refundId: args.refundId, amountCents: args.amountCents, reason: 'shipping_unused' },
  });
}

/**
 * A buyer protection case decided a refund (decision 070): the order stands (its chip was delivered or
 * lost on the way), its timeline says so; the money follows (markOrderRefunded).
 */
export async function recordCaseRefundRequested(
  tx: Db,
  order: OrderRow,
  args: { refundId: number; caseId: number; amountCents: number; actorUserId: number },
): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refund_requested',
    actorUserId: args.actorUserId,
    data: {
      refundId: args.refundId,
      caseId: args.caseId,
      amountCents: args.amountCents,
      reason: 'buyer_protection',
    },
  });
}

/** An admin refund was asked for: the order ends now; the money follows (markOrderRefunded). */
export async function cancelOrderForRefund(
  tx: Db,
  order: OrderRow,
  args: { refundId: number; actorUserId: number | null; reason: string },
): Promise<OrderRow> {
  const next = await updateOrder(tx, order.id, { status: 'cancelled' });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refund_requested',
    actorUserId: args.actorUserId,
    data: { refundId: args.refundId, reason: args.reason },
  });
  return next;
}

/**
 * The provider gave the money back. The refund of the order's own payment makes it refunded; a
 * refunded duplicate payment leaves the order as it is and only joins its timeline.
 */
export async function markOrderRefunded(
  tx: Db,
  order: OrderRow,
  args: { refundId: number; amountCents: number; isOrderPayment: boolean; reference: string | null },
): Promise<void> {
  if (args.isOrderPayment) {
    await updateOrder(tx, order.id, { paymentStatus: 'refunded', paymentFlagged: null });
  }
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refunded',
    actorUserId: null,
    data: { refundId: args.refundId, amountCents: args.amountCents, reference: args.reference },
  });
}

/**
 * A payment the order cannot keep (wrong amount, paid late, a chip gone): the order is flagged with
 * why, which stops Pay again and shows on the admin's order (`paymentFlagged`).
 */
export async function flagOrderPayment(tx: Db, orderId: number, reason: string): Promise<void> {
  await updateOrder(tx, orderId, { paymentFlagged: reason });
}

/** The provider's reference for the payment just started (its payment intent or order id). */
export async function recordProviderRef(db: Db, orderId: number, providerRef: string): Promise<void> {
  await updateOrder(db, orderId, { providerRef });
}

/** The admin moves this order allows now; `chip` is the order's chip (null for a mint not made yet). */
export function orderActions(order: OrderState, chip: ChipRow | null): AdminOrderActions {
  const paid = isPaid(order);
  const awaitingChip = paid && order.orderType === 'mint' && order.chipId === null;
  const canShip = paid && isShipment(order) && chip !== null && canShipFor(chip, order);
  return {
    markProcessing: awaitingChip && order.status === 'pending',
    createArtchip: awaitingChip && (order.status === 'pending' || order.status === 'processing'),
    uploadMedia:
      awaitingChip && order.isSurprize && (order.status === 'pending' || order.status === 'processing'),
    markCompleted: paid && order.orderType !== 'mint' && order.status === 'processing',
    markShipped: canShip && (order.status === 'processing' || order.status === 'completed'),
    markDelivered: canDeliver(order, chip),
    refund: refuseRefund(order, chip) === null,
  };
}

/** A paid order shipped and on its way: its chip is in transit. */
function canDeliver(order: OrderState, chip: ChipRow | null): boolean {
  return isPaid(order) && order.status === 'shipped' && chip?.custody === 'in_transit';
}

/**
 * Whether the buyer may confirm receipt now ("I received it", or their fresh tap): the order is
 * theirs, shipped, and its chip on its way to them (they own it).
 */
export function canConfirmReceived(order: OrderState, chip: ChipRow | null, viewerId: number): boolean {
  return order.buyerId === viewerId && canDeliver(order, chip) && ownerIdOf(chip!) === viewerId;
}

/**
 * Why the buyer cannot confirm receipt of this order (null: they can). Another user's order reads
 * as not found; an order not shipped (or its chip not on its way) is a conflict. An order already
 * delivered is no refusal: the caller answers it as it is (a double press changes nothing).
 */
export function refuseReceived(order: OrderState, chip: ChipRow | null, viewerId: number): Refusal | null {
  if (order.buyerId !== viewerId) return { code: 'NOT_FOUND', message: 'Order not found' };
  if (canConfirmReceived(order, chip, viewerId)) return null;
  if (order.status === 'cancelled')
    return { code: 'CONFLICT', message: ORDER_CANCELLED_NOT_RECEIVABLE_MESSAGE };
  return { code: 'CONFLICT', message: ORDER_NOT_SHIPPED_MESSAGE };
}

/**
 * Delivers a shipped order: its chip reaches its owner (in transit → with its owner), the order
 * records how and when, and its 'delivered' step at `at` is when the sale settles, which starts the
 * seller's payout hold (ledger orderSettledAt). The only way any order becomes delivered.
 */
export async function deliverOrder(
  tx: Db,
  order: OrderRow,
  chip: ChipRow | null,
  args: { by: DeliveryConfirmation; actorUserId: number | null; at: Date },
): Promise<{ order: OrderRow; chip: ChipRow | null }> {
  if (!canDeliver(order, chip)) {
    throw new AppError('CONFLICT', `An order that is ${order.status} cannot be marked delivered.`);
  }
  const movedChip = await deliverChip(tx, chip!, {
    actorId: args.actorUserId,
    orderId: order.id,
    by: args.by,
  });
  const next = await updateOrder(tx, order.id, {
    status: 'delivered',
    deliveredBy: args.by,
    deliveredAt: args.at,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'delivered',
    actorUserId: args.actorUserId,
    at: args.at,
    data: { by: args.by },
  });
  return { order: next, chip: movedChip };
}

/** Records one step of the order's timeline. */
export async function recordOrderEvent(
  tx: Db,
  event: {
    orderId: number;
    type: OrderEventType;
    actorUserId: number | null;
    data?: Record<string, unknown>;
    /** When it happened, by the app's clock (settlement and payouts are judged by it). */
    at?: Date;
  },
): Promise<void> {
  const { at, ...rest } = event;
  await insertOrderEvent(tx, { ...rest, data: event.data ?? {}, ...(at ? { createdAt: at } : {}) });
}

/**
 * Places an order (pending payment) and starts its timeline; `data` goes on the 'placed' step (a
 * pay-again order says which order it retries: { retryOf }).
 */
export async function placeOrder(
  tx: Db,
  values: NewOrderRow,
  data?: Record<string, unknown>,
): Promise<OrderRow> {
  const order = await insertOrder(tx, { ...values, status: 'pending', paymentStatus: 'pending' });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'placed',
    actorUserId: order.buyerId,
    ...(data ? { data } : {}),
  });
  return order;
}

/** Payment confirmed by the provider: the order takes its paid status. */
export async function markOrderPaid(
  tx: Db,
  order: OrderRow,
  args: { now: Date; provider: string; eventKey: string },
): Promise<OrderRow> {
  const paid = await updateOrder(tx, order.id, {
    paymentStatus: 'completed',
    paidAt: args.now,
    status: statusWhenPaid(order),
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'paid',
    actorUserId: null,
    data: { provider: args.provider, eventKey: args.eventKey, amountCents: order.totalCents },
    at: args.now,
  });
  return paid;
}

/**
 * An unpaid order ends: its payment failed, its hold lapsed, or the buyer started again. A paid
 * order whose chip went to someone else ends too, flagged for a refund.
 */
export async function cancelOrder(
  tx: Db,
  order: OrderRow,
  args: { reason: string; paymentFailed?: boolean; flag?: string; actorUserId?: number | null },
): Promise<OrderRow> {
  const next = await updateOrder(tx, order.id, {
    status: 'cancelled',
    ...(args.paymentFailed ? { paymentStatus: 'failed' as const } : {}),
    ...(args.flag ? { paymentFlagged: args.flag } : {}),
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: args.paymentFailed ? 'payment_failed' : 'cancelled',
    actorUserId: args.actorUserId ?? null,
    data: { reason: args.reason },
  });
  return next;
}

/** Answered (409) when a paid order is to be paid again. */
export const ORDER_ALREADY_PAID_MESSAGE = 'This order is already paid.';
/** Answered (409) for an order a payment was flagged on (a refund, a wrong amount): support settles it. */
export const ORDER_PAYMENT_FLAGGED_MESSAGE =
  'A payment for this order needs our attention. Please contact support.';
/** Answered (409) for an order its buyer already started again (Pay now, or a new checkout). */
export const ORDER_REPLACED_MESSAGE = 'This order was replaced by a newer one. Pay that one from My Orders.';
/** Answered (409) while the provider is still processing the order's payment. */
export const ORDER_PAYMENT_PROCESSING_MESSAGE = 'The payment for this order is still processing.';
/** Answered (409) for any other order that is not waiting for a payment. */
export const ORDER_NOT_PAYABLE_MESSAGE = 'This order cannot be paid again.';
/** Answered (422) for a shipping order: its owner asks for shipping again from My Artchip. */
export const SHIPPING_ORDER_PAY_AGAIN_MESSAGE = 'Ask for shipping again from My Artchip.';

type PayAgainState = Pick<OrderRow, 'orderType' | 'status' | 'paymentStatus' | 'paymentFlagged' | 'buyerId'>;

/**
 * Pay now: why the buyer cannot pay this order again at `now` (null: they can). An order may be paid
 * again while it waits for its payment (the buyer left the payment page) or once its payment failed
 * or its hold lapsed (cancelled, never paid), unless a payment was flagged on it (money may exist) or
 * the buyer already replaced it. A purchase also needs its chip buyable by this buyer (chip
 * lifecycle refuseBuy). Mints and purchases only: a shipping order is asked for again.
 */
export function refusePayAgain(
  order: PayAgainState,
  args: { isReplaced: boolean; chip: ChipRow | null; now: Date },
): Refusal | null {
  if (order.paymentStatus === 'completed') return { code: 'CONFLICT', message: ORDER_ALREADY_PAID_MESSAGE };
  if (order.paymentFlagged !== null) return { code: 'CONFLICT', message: ORDER_PAYMENT_FLAGGED_MESSAGE };
  if (order.orderType === 'shipping') {
    return { code: 'UNPROCESSABLE', message: SHIPPING_ORDER_PAY_AGAIN_MESSAGE };
  }
  if (order.paymentStatus === 'processing') {
    return { code: 'CONFLICT', message: ORDER_PAYMENT_PROCESSING_MESSAGE };
  }
  const isUnpaid =
    (order.status === 'pending' && order.paymentStatus === 'pending') ||
    (order.status === 'cancelled' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed'));
  if (!isUnpaid) return { code: 'CONFLICT', message: ORDER_NOT_PAYABLE_MESSAGE };
  // A withdrawn fee order ended with its hand-over or transfer: nothing is left to pay for.
  if (isWithdrawnFeeOrder(order)) return { code: 'CONFLICT', message: ORDER_NOT_PAYABLE_MESSAGE };
  if (args.isReplaced) return { code: 'CONFLICT', message: ORDER_REPLACED_MESSAGE };
  if (order.orderType === 'purchase') {
    if (!args.chip) return { code: 'NOT_FOUND', message: `${BRAND.name} not found` };
    return refuseBuy(args.chip, order.buyerId, args.now);
  }
  return null;
}

/** Whether My Orders offers Pay now on this order: exactly when refusePayAgain lets it through. */
export function canPayAgain(
  order: PayAgainState,
  args: { isReplaced: boolean; chip: ChipRow | null; now: Date },
): boolean {
  return refusePayAgain(order, args) === null;
}

/**
 * The buyer paid an unpaid order again as a new order: the old one ends if it still waits for its
 * payment, and its timeline says it was replaced either way, so it is never paid again itself.
 */
export async function replaceUnpaidOrder(
  tx: Db,
  order: OrderRow,
  args: { actorUserId: number | null },
): Promise<OrderRow> {
  if (order.status === 'pending') {
    return cancelOrder(tx, order, { reason: 'replaced_by_retry', actorUserId: args.actorUserId });
  }
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'cancelled',
    actorUserId: args.actorUserId,
    data: { reason: 'replaced_by_retry' },
  });
  return order;
}

const ACTION_OF: Record<'processing' | 'completed' | 'shipped' | 'delivered', keyof AdminOrderActions> = {
  processing: 'markProcessing',
  completed: 'markCompleted',
  shipped: 'markShipped',
  delivered: 'markDelivered',
};

/** Refuses an admin status move the order's state does not allow, in words the admin can act on. */
export function assertOrderMove(order: OrderState, chip: ChipRow | null, to: keyof typeof ACTION_OF): void {
  if (!isPaid(order)) throw new AppError('CONFLICT', 'Only paid orders can change status.');
  if (orderActions(order, chip)[ACTION_OF[to]]) return;
  if (to === 'shipped' && order.shippingOption !== 'ship') {
    throw new AppError('CONFLICT', 'This order is kept in the vault; there is nothing to ship.');
  }
  if (to === 'shipped' && chip && !canShipFor(chip, order)) {
    throw new AppError(
      'CONFLICT',
      'This Artchip is no longer waiting to be shipped to this buyer (it was listed or sold since).',
    );
  }
  if (to === 'completed' && order.orderType === 'mint') {
    throw new AppError('CONFLICT', 'A mint order is completed by creating its Artchip.');
  }
  throw new AppError('CONFLICT', `An order that is ${order.status} cannot be marked ${to}.`);
}

/** An admin's status move, already checked by assertOrderMove; delivery goes through deliverOrder. */
export async function moveOrder(
  tx: Db,
  order: OrderRow,
  args: {
    to: Exclude<OrderStatus, 'delivered'>;
    actorUserId: number;
    /** The app's clock. */
    at: Date;
    patch?: Partial<NewOrderRow>;
    data?: Record<string, unknown>;
  },
): Promise<OrderRow> {
  const next = await updateOrder(tx, order.id, { ...args.patch, status: args.to });
  const type: OrderEventType =
    args.to === 'processing' || args.to === 'completed' || args.to === 'shipped' ? args.to : 'cancelled';
  await recordOrderEvent(tx, {
    orderId: order.id,
    type,
    actorUserId: args.actorUserId,
    at: args.at,
    ...(args.data ? { data: args.data } : {}),
  });
  return next;
}

/** Why a fee order was withdrawn: the reason on its 'cancelled' step. */
export type FeeOrderWithdrawal =
  | 'handover_cancelled'
  | 'handover_replaced'
  | 'claim_overtaken'
  | 'transfer_replaced'
  | 'transfer_cancelled'
  | 'abandoned';

/**
 * Whether this is a fee order withdrawn before it was paid (see the header): a payment of it arriving
 * now must not count; settlement refunds it.
 */
export function isWithdrawnFeeOrder(
  order: Pick<OrderRow, 'orderType' | 'status' | 'paymentStatus'>,
): boolean {
  return (
    order.orderType === 'transfer' &&
    order.status === 'cancelled' &&
    (order.paymentStatus === 'pending' || order.paymentStatus === 'processing')
  );
}

/**
 * Withdraws a fee order not paid yet: it is cancelled, with why. Call under the lock of its chip (the
 * lock order of every commerce transaction); an order paid, failed or ended meanwhile is left as it is.
 * `onlyUnstarted` leaves an order whose payment is processing (the abandoned sweep). Null: unchanged.
 */
export async function withdrawFeeOrder(
  tx: Db,
  orderId: number,
  args: { reason: FeeOrderWithdrawal; actorUserId: number | null; onlyUnstarted?: boolean },
): Promise<OrderRow | null> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.orderType !== 'transfer' || order.status !== 'pending') return null;
  const isUnpaid =
    order.paymentStatus === 'pending' || (!args.onlyUnstarted && order.paymentStatus === 'processing');
  if (!isUnpaid) return null;
  return cancelOrder(tx, order, { reason: args.reason, actorUserId: args.actorUserId });
}

/**
 * Whether its sender may still cancel this offline transfer (DELETE /api/artchip/:id/transfer): its fee
 * is not paid yet. A hand-over's fee order ends with the hand-over instead.
 */
export function canCancelTransfer(
  order: Pick<OrderRow, 'orderType' | 'handoverId' | 'status' | 'paymentStatus'>,
): boolean {
  return (
    order.orderType === 'transfer' &&
    order.handoverId === null &&
    order.status === 'pending' &&
    (order.paymentStatus === 'pending' || order.paymentStatus === 'processing')
  );
}

/**
 * A new transfer or hand-over of the chip replaces the owner's offline transfers of it still waiting
 * for their fee: they are withdrawn, so only the newest can move the chip; the owner cancelling their
 * transfer withdraws them the same way (`transfer_cancelled`). Under the chip's lock.
 */
export async function withdrawReplacedTransfers(
  tx: Db,
  args: { chipId: number; ownerId: number; reason?: 'transfer_replaced' | 'transfer_cancelled' },
): Promise<OrderRow[]> {
  const withdrawn: OrderRow[] = [];
  const reason = args.reason ?? 'transfer_replaced';
  for (const id of await listUnpaidTransferOrderIds(tx, { chipId: args.chipId, buyerId: args.ownerId })) {
    const order = await withdrawFeeOrder(tx, id, { reason, actorUserId: args.ownerId });
    if (order) withdrawn.push(order);
  }
  return withdrawn;
}
