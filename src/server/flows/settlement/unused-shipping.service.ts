/**
 * Activating a chip, and the ship-to-me mint's shipping that activation makes unused (issue 28,
 * PRODUCT.md "Custody"): a creator who minted with Ship to me and lists the chip before it ships keeps
 * it in our vault, so the shipping (and any shipping protection) they paid goes back through the
 * provider that took it, like any refund (refunds.service.ts): requested in the activation's
 * transaction, exactly once per order, then processed after commit; settling it books the shipping
 * back out of the ledger and e-mails the creator. The mint fee and its commissions stand.
 */
import type { Chip } from '#shared/chips.schemas.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { parseUsdToCents } from '#shared/money.ts';
import type { ActivateArtchipInput } from '#shared/orders.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  activateChip,
  getChipDto,
  isChipPublic,
  lockChipForChange,
  ownerIdOf,
} from '#server/modules/chips/index.ts';
import {
  lockMintOrderOfChip,
  recordShippingRefundRequested,
  unusedShippingCents,
} from '#server/modules/orders/index.ts';
import { findCompletionKey, insertRefundOnce, type RefundRow } from '#server/modules/payments/index.ts';
import { processRefund } from './refunds.service.ts';

/**
 * Inside the activation's transaction, with the chip locked: the refund of its mint order's unused
 * shipping, requested once (null when there is nothing to give back, or it was asked for already).
 */
async function requestUnusedShippingRefund(
  tx: Db,
  args: { chipId: number; actorId: number },
): Promise<RefundRow | null> {
  const order = await lockMintOrderOfChip(tx, args.chipId);
  if (!order || order.buyerId !== args.actorId) return null;
  const amountCents = unusedShippingCents(order);
  if (amountCents === 0) return null;
  const paymentKey = (await findCompletionKey(tx, order.id)) ?? `order-${order.id}`;
  const refund = await insertRefundOnce(tx, {
    orderId: order.id,
    provider: order.paymentProvider,
    // One shipping refund per order, apart from the refund of the payment itself.
    paymentKey: `${paymentKey}:shipping_unused`,
    amountCents,
    reason: 'shipping_unused',
  });
  if (refund) {
    await recordShippingRefundRequested(tx, order, {
      refundId: refund.id,
      amountCents,
      actorUserId: args.actorId,
    });
  }
  return refund;
}

/**
 * PATCH /api/artchip/:id/activate: the owner of a pending chip prices it and lists it. A chip made
 * for a ship-to-me mint and not shipped yet stays in the vault, and its shipping goes back.
 */
export async function activateArtchip(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: ActivateArtchipInput,
): Promise<Chip> {
  const priceCents = parseUsdToCents(input.price);
  const refund = await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    const isParty = chip && (ownerIdOf(chip) === user.id || chip.creatorId === user.id);
    // A chip that is neither yours nor public reads as missing.
    if (!chip || (!isParty && !isChipPublic(chip))) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    const wasLeaving = chip.custody === 'dispatching';
    await activateChip(tx, chip, {
      actorId: user.id,
      priceCents,
      ...(input.description !== undefined ? { description: input.description || null } : {}),
    });
    return wasLeaving ? requestUnusedShippingRefund(tx, { chipId, actorId: user.id }) : null;
  });
  // A provider failure leaves the refund failed, for the refunds job to retry; the chip is listed.
  if (refund) await processRefund(ctx, refund.id);
  return getChipDto(ctx, chipId, user);
}
