import type { ServiceContext } from '#server/lib/service-context.ts';
import { createSecretToken, hashToken, safeEqual } from '#server/lib/tokens.ts';
import { ROUTES } from '#shared/brand.ts';
import type { Db } from '#server/db/client.ts';
import {
  type BUYER_CONFIRMATIONS,
  CONFIRM_BUYER_INVALID_MESSAGE,
  type ConfirmBuyerResponse,
  PAYMENT_FAILED_NOTE,
  PAYMENT_PENDING_NOTE,
  ORDER_CANCELLED_UNPAID_NOTE,
  ORDER_REPLACED_NOTE,
  type Order,
} from '#shared/orders.schemas.ts';
import type { CheckoutSuccessResponse } from '#shared/checkout.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { createGuestClaimToken } from '#server/modules/auth/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { expireLapsedOffers } from '#server/modules/offers/index.ts';
import { listLapsedHolds, lockChipForChange, releaseChipHold } from '#server/modules/chips/index.ts';
import { UNPAID_ORDER_NOTICE_DAYS } from '#shared/attention.schemas.ts';
import {
  canCancelTransfer,
  canConfirmReceived,
  canPayAgain,
  cancelOrder,
  withdrawFeeOrder,
} from './order-lifecycle.ts';
import {
  claimSetPasswordHandOut,
  confirmOrderBuyer,
  findOrderById,
  findOrderWithChip,
  listAbandonedFeeOrders,
  listOrdersOfBuyer,
  listUnpaidOrdersOfBuyer,
  lockOrder,
  updateOrder,
  type OrderWithChip,
  type OrderRow,
} from './orders.repo.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/** The guest's set-password hand-out is offered this long after the order was placed. */
const SET_PASSWORD_HANDOUT_MS = 60 * 60 * 1000;

/**
 * One line that says where the order stands, from the order's and its payment's lifecycles together
 * (issue 27): a cancelled or replaced order is never "still processing". Spec §4's notes stand for an
 * order still open: pending payments are still processing, failed ones need support.
 */
function statusNote(order: Pick<OrderRow, 'status' | 'paymentStatus'>, isReplaced: boolean): string | null {
  const unpaid = order.paymentStatus !== 'completed' && order.paymentStatus !== 'refunded';
  if (order.status === 'cancelled' && unpaid) {
    return isReplaced ? ORDER_REPLACED_NOTE : ORDER_CANCELLED_UNPAID_NOTE;
  }
  if (order.paymentStatus === 'pending' || order.paymentStatus === 'processing') return PAYMENT_PENDING_NOTE;
  if (order.paymentStatus === 'failed') return PAYMENT_FAILED_NOTE;
  return null;
}

/** Order row (with its chip's names and state) → the buyer's view at `now`. */
function toOrderDto(row: OrderWithChip, now: Date): Order {
  const o = row.order;
  return {
    id: o.id,
    orderType: o.orderType,
    status: o.status,
    paymentStatus: o.paymentStatus,
    statusNote: statusNote(o, row.isReplaced),
    paymentMethod: o.paymentMethod,
    paymentProvider: o.paymentProvider,
    artchipAmount: o.artchipAmount,
    basePriceCents: o.basePriceCents,
    discountCents: o.discountCents,
    markupCents: o.markupCents,
    shippingCents: o.shippingCents,
    insuranceCents: o.insuranceCents,
    totalCents: o.totalCents,
    shippingOption: o.shippingOption,
    shippingAddress: o.shippingAddress
      ? { ...o.shippingAddress, addressLine2: o.shippingAddress.addressLine2 ?? null }
      : null,
    artchipTitle: row.chipTitle ?? o.mintTitle,
    artchipId: o.chipId,
    artchipImageUrl: row.chipImageUrl ?? o.originalImageUrl,
    creatorUsername: row.creatorUsername,
    artchipSlug: row.chipSlug,
    isSurprize: o.isSurprize,
    offerId: o.offerId,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    quoteExpiresAt: o.quoteExpiresAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    deliveredBy: o.deliveredBy,
    canConfirmReceived: canConfirmReceived(o, row.chip, o.buyerId),
    createdAt: o.createdAt.toISOString(),
    transferTo: o.transferRecipient,
    canCancelTransfer: canCancelTransfer(o),
    canPayNow: canPayAgain(o, { isReplaced: row.isReplaced, chip: row.chip, now }),
  };
}

/** GET /api/orders/:id: the buyer's own order (or any, for an admin); anyone else gets NOT_FOUND. */
export async function getOrder(
  ctx: ServiceContext,
  viewer: AuthUser | null,
  orderId: number,
  paymentToken?: string,
): Promise<Order> {
  const row = await findOrderWithChip(ctx.db, orderId);
  if (!row || !canSeeOrder(row.order, viewer, paymentToken)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return toOrderDto(row, ctx.clock());
}

/**
 * The buyer (or an admin) sees an order; so does whoever holds its demo payment token, which is how
 * a guest without a session follows their own payment. Other people get NOT_FOUND.
 */
export function canSeeOrder(
  order: {
    buyerId: number;
    paymentProvider: string;
    providerRef: string | null;
    buyerConfirmation?: (typeof BUYER_CONFIRMATIONS)[number];
  },
  viewer: AuthUser | null,
  paymentToken: string | undefined,
): boolean {
  if (viewer?.role === 'admin') return true;
  // A guest checkout made with an existing account's e-mail is not that account's until it confirms.
  if (viewer && order.buyerId === viewer.id && order.buyerConfirmation !== 'pending') return true;
  return (
    order.paymentProvider === 'demo' &&
    paymentToken !== undefined &&
    order.providerRef !== null &&
    safeEqual(paymentToken, order.providerRef)
  );
}

/** Whether `token` is the one-time guest token this order's guest checkout gave its browser. */
export function holdsOrderGuestToken(
  order: { guestTokenHash: string | null },
  token: string | undefined,
): boolean {
  return (
    order.guestTokenHash !== null && token !== undefined && safeEqual(hashToken(token), order.guestTokenHash)
  );
}

/** GET /api/my-orders: the user's orders, newest first. */
export async function listMyOrders(ctx: ServiceContext, userId: number): Promise<Order[]> {
  const now = ctx.clock();
  return (await listOrdersOfBuyer(ctx.db, userId)).map((row) => toOrderDto(row, now));
}

/**
 * How many of the user's orders wait for their payment: those My Orders offers Pay now on
 * (canPayAgain), placed in the last UNPAID_ORDER_NOTICE_DAYS.
 */
export async function countOrdersToPay(ctx: ServiceContext, userId: number): Promise<number> {
  const now = ctx.clock();
  const placedAfter = new Date(now.getTime() - UNPAID_ORDER_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  const rows = await listUnpaidOrdersOfBuyer(ctx.db, userId, placedAfter);
  return rows.filter((row) => canPayAgain(row.order, { isReplaced: row.isReplaced, chip: row.chip, now }))
    .length;
}

/**
 * GET /api/orders/:id/checkout-success?email=&token=: what /checkout-success shows. Only the browser
 * holding the order's guest token (handed out by its checkout) is answered; for a paid guest order
 * (made with a new account) less than an hour old it hands out, once, a token that sets the new
 * account's password without verifying its e-mail. Anyone else reads NOT_FOUND, so orders cannot be
 * probed and nobody claims an account by knowing its e-mail (issue 14, finding 1).
 */
export async function getCheckoutSuccess(
  ctx: ServiceContext,
  orderId: number,
  query: { email?: string | undefined; token?: string | undefined },
): Promise<CheckoutSuccessResponse> {
  const now = ctx.clock();
  const order = await findOrderById(ctx.db, orderId);
  const buyer = order ? await findAccountById(ctx.db, order.buyerId) : null;
  const holdsGuestToken = order !== null && holdsOrderGuestToken(order, query.token);
  const isSameEmail = !!buyer && !!query.email && buyer.email.toLowerCase() === query.email.toLowerCase();
  if (!order || !buyer || !holdsGuestToken || !isSameEmail) {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  const isEligible =
    order.isNewAccount &&
    order.paymentStatus === 'completed' &&
    !buyer.passwordHash &&
    order.setPasswordHandedOutAt === null &&
    now.getTime() - order.createdAt.getTime() < SET_PASSWORD_HANDOUT_MS;
  let setPasswordToken: string | null = null;
  if (isEligible) {
    setPasswordToken = await ctx.db.transaction(async (tx) =>
      (await claimSetPasswordHandOut(tx, order.id, now)) ? createGuestClaimToken(tx, buyer.id, now) : null,
    );
  }
  return {
    orderId: order.id,
    orderType: order.orderType,
    paymentStatus: order.paymentStatus,
    isNewAccount: order.isNewAccount,
    setPasswordToken,
  };
}

/**
 * The link of a pending guest order's confirmation e-mail: a fresh one-time token, kept only as its
 * hash on the order. Called inside the transaction that marks the order paid.
 */
export async function issueBuyerConfirmUrl(tx: Db, publicUrl: string, orderId: number): Promise<string> {
  const token = createSecretToken();
  await updateOrder(tx, orderId, { buyerConfirmTokenHash: hashToken(token) });
  return `${publicUrl}${ROUTES.confirmOrder}?orderId=${orderId}&token=${encodeURIComponent(token)}`;
}

/**
 * POST /api/orders/:id/confirm-buyer: the owner of the e-mail a guest checkout used confirms, with the
 * token of the order confirmation e-mail, that the order is theirs; it joins their account (My Orders).
 */
export async function confirmBuyer(
  ctx: ServiceContext,
  orderId: number,
  token: string,
): Promise<ConfirmBuyerResponse> {
  const order = await ctx.db.transaction((tx) => confirmOrderBuyer(tx, orderId, hashToken(token)));
  if (!order) throw new AppError('NOT_FOUND', CONFIRM_BUYER_INVALID_MESSAGE);
  return { orderId: order.id, confirmed: true };
}

/**
 * Background sweep: chips whose checkout hold lapsed are freed (the unpaid order is cancelled), and
 * lapsed offers expire. Checkout checks lapsed holds itself too, so the sweep is only tidiness.
 */
export async function sweepLapsedHolds(
  ctx: ServiceContext,
): Promise<{ chipsFreed: number; offersExpired: number; cancelled: OrderRow[] }> {
  const now = ctx.clock();
  let chipsFreed = 0;
  const cancelled: OrderRow[] = [];
  for (const hold of await listLapsedHolds(ctx.db, now)) {
    if (hold.orderId === null) continue;
    const orderId = hold.orderId;
    await ctx.db.transaction(async (tx) => {
      // Chip before order, the lock order every commerce transaction follows.
      const chip = await lockChipForChange(tx, hold.chipId);
      const order = await lockOrder(tx, orderId);
      if (chip) await releaseChipHold(tx, chip, { orderId });
      if (order && order.paymentStatus !== 'completed' && order.status === 'pending') {
        cancelled.push(await cancelOrder(tx, order, { reason: 'hold_lapsed' }));
      }
    });
    chipsFreed++;
  }
  return { chipsFreed, offersExpired: await expireLapsedOffers(ctx), cancelled };
}

/**
 * Background sweep: transfer and hand-over fee orders placed before `createdBefore` (the payment window's
 * end: the caller knows it) whose payment never started are abandoned and withdrawn, so they leave My
 * Orders' pending list; a payment of one arriving after all is refunded (isWithdrawnFeeOrder).
 */
export async function sweepAbandonedFeeOrders(ctx: ServiceContext, createdBefore: Date): Promise<OrderRow[]> {
  const withdrawn: OrderRow[] = [];
  for (const found of await listAbandonedFeeOrders(ctx.db, createdBefore)) {
    const order = await ctx.db.transaction(async (tx) => {
      // Chip before order, the lock order every commerce transaction follows.
      if (found.chipId !== null) await lockChipForChange(tx, found.chipId);
      return withdrawFeeOrder(tx, found.id, { reason: 'abandoned', actorUserId: null, onlyUnstarted: true });
    });
    if (order) withdrawn.push(order);
  }
  return withdrawn;
}
