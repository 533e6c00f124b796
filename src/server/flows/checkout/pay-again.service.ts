/**
 * Pay now (POST /api/orders/:id/pay): an unpaid or failed order is paid again without re-entering
 * anything. A new order copies the old one's request (the mint with its uploaded image, or the chip
 * and the buyer's accepted offer; the shipping option and address) priced at today's settings and
 * token price; the old order is marked replaced (order lifecycle), and the payment starts exactly as
 * a checkout's does.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  CHECKOUT_HOLD_MINUTES,
  type CheckoutResponse,
  type PayOrderRequest,
} from '#shared/checkout.schemas.ts';
import type { PaymentMethod, PricingSettings } from '#shared/settings.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { findChipRow, lockChipForChange, saleContext, type ChipRow } from '#server/modules/chips/index.ts';
import {
  canSeeOrder,
  findMintDesign,
  findOrderById,
  isOrderReplaced,
  lockOrder,
  ORDER_NOT_FOUND,
  refusePayAgain,
  replaceUnpaidOrder,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import { paymentOptionsFor } from '#server/modules/payments/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import type { Db } from '#server/db/client.ts';
import { loadPricingContext, requirePaymentProvider, toSummaryDto } from './checkout.service.ts';
import {
  assertHoldAllowance,
  placeMintOrder,
  placePurchaseOrder,
  requireUploadedImage,
  type OrderRequest,
} from './place-order.ts';
import { startOrderPayment } from './start-payment.ts';

/** The method asked for; else the order's own if still offered; else the first one offered. */
function choosePaymentMethod(
  ctx: ServiceContext,
  settings: PricingSettings,
  order: OrderRow & { orderType: 'mint' | 'purchase' },
  requested: PaymentMethod | undefined,
): PaymentMethod {
  if (requested) return requested;
  const offered = paymentOptionsFor(ctx, settings.paymentMethods[order.orderType]).map((o) => o.method);
  return offered.includes(order.paymentMethod) ? order.paymentMethod : (offered[0] ?? order.paymentMethod);
}

/** Throws the lifecycle's refusal when the order cannot be paid again now. */
async function assertPayable(db: Db, order: OrderRow, chip: ChipRow | null, now: Date): Promise<void> {
  const refusal = refusePayAgain(order, { isReplaced: await isOrderReplaced(db, order), chip, now });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/**
 * Pays an unpaid, failed or lapsed mint or purchase again, for its buyer or the guest holding its
 * demo payment token (anyone else reads NOT_FOUND). A paid order, one flagged for a refund or
 * already replaced is a CONFLICT; a purchase whose chip sold meanwhile answers the chip
 * lifecycle's refusal.
 */
export async function payOrderAgain(
  ctx: ServiceContext,
  viewer: AuthUser | null,
  orderId: number,
  input: PayOrderRequest,
  paymentToken?: string,
  clientKey: string | null = null,
): Promise<CheckoutResponse> {
  const now = ctx.clock();
  const old = await findOrderById(ctx.db, orderId);
  const isBuyer = viewer !== null && old?.buyerId === viewer.id;
  if (!old || !(isBuyer || canSeeOrder(old, null, paymentToken))) {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  const chipId = old.orderType === 'purchase' ? old.chipId : null;
  await assertPayable(ctx.db, old, chipId === null ? null : await findChipRow(ctx.db, chipId), now);
  // refusePayAgain lets only mints and purchases through.
  const order = old as OrderRow & { orderType: 'mint' | 'purchase' };

  const pricing = await loadPricingContext(ctx);
  const method = choosePaymentMethod(ctx, pricing.settings, order, input.paymentMethod);
  const provider = requirePaymentProvider(ctx, pricing.settings, order.orderType, method);
  const imageUrl =
    order.orderType === 'mint' && !order.isSurprize
      ? await requireUploadedImage(ctx.db, order.originalImageUrl)
      : null;
  const buyer = await findAccountById(ctx.db, order.buyerId);
  if (!buyer) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  // The new order keeps the creator's design from the studio.
  const design = order.orderType === 'mint' ? await findMintDesign(ctx.db, order.id) : null;
  // A guest's retry keeps the guest's claim on the new account (the same browser token works).
  const isNewAccount = order.isNewAccount && !buyer.passwordHash;
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000);

  const placed = await ctx.db.transaction(async (tx) => {
    // Holding the chip again counts against the buyer's and the client's open holds, as a checkout.
    if (order.orderType === 'purchase' && order.offerId === null && chipId !== null) {
      await assertHoldAllowance(tx, { buyerId: order.buyerId, clientKey, chipId, now });
    }
    // Chip before order, the lock order of every commerce transaction; then check again under locks.
    const chip = chipId === null ? null : await lockChipForChange(tx, chipId);
    const locked = (await lockOrder(tx, order.id))!;
    await assertPayable(tx, locked, chip, now);
    await replaceUnpaidOrder(tx, locked, { actorUserId: order.buyerId });
    const request: OrderRequest = {
      buyerId: order.buyerId,
      paymentMethod: method,
      paymentProvider: provider.name,
      shippingOption: order.shippingOption,
      shippingAddress: order.shippingAddress,
      tokenPriceUsd: pricing.tokenPriceUsd,
      quoteExpiresAt: expiresAt,
      isNewAccount,
      guestTokenHash: order.guestTokenHash,
      buyerConfirmation: order.buyerConfirmation,
      clientKey: clientKey ?? order.clientKey,
    };
    const timeline = { retryOf: order.id };
    if (order.orderType === 'mint') {
      return placeMintOrder(tx, request, {
        settings: pricing.settings,
        mint: {
          isSurprize: order.isSurprize,
          title: order.mintTitle ?? '',
          description: order.mintDescription,
          associatedUrl: order.mintAssociatedUrl,
          imageUrl,
          design: design ?? { shape: 'round', crop: null },
        },
        timeline,
      });
    }
    return placePurchaseOrder(tx, request, {
      settings: pricing.settings,
      chipId: chipId!,
      offerId: order.offerId ?? undefined,
      now,
      sale: saleContext(ctx),
      timeline,
    });
  });

  const payment = await startOrderPayment(ctx, placed.order, provider, {
    buyerEmail: buyer.email,
    title: placed.title,
    sellerPaypalEmail: placed.sellerPaypalEmail,
  });
  return {
    orderId: placed.order.id,
    ...payment,
    newAccount: isNewAccount,
    email: buyer.email,
    paymentMode: provider.mode,
    summary: toSummaryDto(placed.summary, pricing, expiresAt),
  };
}
