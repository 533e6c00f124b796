/**
 * Delivered by tap (issue 28, decision 064): a shipped order is delivered when its buyer taps the
 * chip while signed in, or presses "I received it"; otherwise the auto-delivery job delivers it
 * `autoDeliveryDays` after shipping. Every way goes through order-lifecycle deliverOrder, whose
 * 'delivered' step starts the seller's payout hold.
 */
import type { Order, Sale } from '#shared/orders.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { lockChipForChange } from '#server/modules/chips/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { canConfirmReceived, deliverOrder, refuseReceived } from './order-lifecycle.ts';
import {
  findOrderById,
  listSalesOfSeller,
  listShippedOrdersOfChip,
  listShippedOrdersShippedBefore,
  lockOrder,
} from './orders.repo.ts';
import { getOrder, ORDER_NOT_FOUND } from './orders.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders the auto-delivery job delivers in one run; the next run takes the rest. */
const AUTO_DELIVERY_BATCH = 100;

/**
 * POST /api/orders/:id/received: the buyer's "I received it". Another user's order reads as not
 * found (as GET /api/orders/:id does); one not shipped is refused; one already delivered is answered
 * as it is, so a double press changes nothing.
 */
export async function confirmReceived(
  ctx: ServiceContext,
  viewer: AuthUser,
  orderId: number,
): Promise<Order> {
  const buyerId = viewer.id;
  const preview = await findOrderById(ctx.db, orderId);
  if (!preview || preview.buyerId !== buyerId || preview.buyerConfirmation === 'pending') {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  await ctx.db.transaction(async (tx) => {
    // Chip before order, the lock order every commerce transaction follows.
    const chip = preview.chipId === null ? null : await lockChipForChange(tx, preview.chipId);
    const order = (await lockOrder(tx, orderId))!;
    if (order.status === 'delivered') return;
    const refusal = refuseReceived(order, chip, buyerId);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    await deliverOrder(tx, order, chip, { by: 'buyer', actorUserId: buyerId, at: ctx.clock() });
  });
  return getOrder(ctx, viewer, orderId);
}

/**
 * A fresh, verified tap of the chip by a signed-in user (nfc verifyTap, in its transaction): when the
 * chip is on its way to them on a shipped order of theirs, that order is delivered. Returns its id,
 * or null (anyone else's tap delivers nothing).
 */
export async function deliverOrderByTap(
  tx: Db,
  args: { chipId: number; viewerId: number; now: Date },
): Promise<number | null> {
  // Most signed-in taps have no shipment to deliver: only then is the chip locked.
  const candidates = await listShippedOrdersOfChip(tx, args.chipId, args.viewerId);
  if (candidates.length === 0) return null;
  const chip = await lockChipForChange(tx, args.chipId);
  if (!chip) return null;
  for (const candidate of candidates) {
    const order = await lockOrder(tx, candidate.id);
    if (!order || !canConfirmReceived(order, chip, args.viewerId)) continue;
    await deliverOrder(tx, order, chip, { by: 'tap', actorUserId: args.viewerId, at: args.now });
    return order.id;
  }
  return null;
}

/**
 * The auto-delivery job: shipped orders whose shipment is `autoDeliveryDays` (site setting) old are
 * delivered, each in its own transaction. Safe to repeat: an order delivered meanwhile is skipped.
 */
export async function autoDeliverShipments(ctx: ServiceContext): Promise<{ delivered: number[] }> {
  const now = ctx.clock();
  const { autoDeliveryDays } = await getSiteSettings(ctx);
  const shippedBefore = new Date(now.getTime() - autoDeliveryDays * DAY_MS);
  const delivered: number[] = [];
  for (const due of await listShippedOrdersShippedBefore(ctx.db, shippedBefore, AUTO_DELIVERY_BATCH)) {
    await ctx.db.transaction(async (tx) => {
      const chip = due.chipId === null ? null : await lockChipForChange(tx, due.chipId);
      const order = await lockOrder(tx, due.id);
      if (!order || order.status !== 'shipped' || !order.shippedAt || order.shippedAt > shippedBefore) return;
      if (!canConfirmReceived(order, chip, order.buyerId)) return;
      await deliverOrder(tx, order, chip, { by: 'auto', actorUserId: null, at: now });
      delivered.push(order.id);
    });
  }
  return { delivered };
}

/** GET /api/my-sales: the seller's paid sales and how each delivery was confirmed. */
export async function listMySales(ctx: ServiceContext, sellerId: number): Promise<Sale[]> {
  return (await listSalesOfSeller(ctx.db, sellerId)).map(({ order, chipTitle }) => ({
    id: order.id,
    status: order.status,
    artchipId: order.chipId,
    artchipTitle: chipTitle,
    priceCents: order.basePriceCents,
    shippingOption: order.shippingOption,
    paidAt: order.paidAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    deliveredBy: order.deliveredBy,
  }));
}
