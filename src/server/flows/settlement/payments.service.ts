/**
 * The one way an order becomes paid (or failed): completeOrderPayment / failOrderPayment. Every
 * provider — the demo route, webhooks, reconciliation — ends here, so a payment counts once however
 * often its signal arrives: the signal's (provider, eventKey) row is inserted first, in the same
 * transaction as everything it causes.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { ROUTES } from '#shared/brand.ts';
import { creatorRoyaltyCents, splitSale, transferRoyaltyCents } from '#shared/pricing.ts';
import { toPricingSettings, type FeeBase } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { findAccountById, findOrCreateGuestUser } from '#server/modules/users/index.ts';
import { createSetPasswordToken } from '#server/modules/auth/index.ts';
import { bookMintCommissions } from '#server/modules/affiliates/index.ts';
import {
  bookMint,
  bookPayment,
  bookSale,
  bookShippingOrder,
  bookTransferFee,
  type Royalty,
} from '#server/modules/ledger/index.ts';
import { closeOffersOnSale } from '#server/modules/offers/index.ts';
import {
  canDispatchTo,
  canSellTo,
  canTransferFrom,
  dispatchChip,
  fulfilHandoverOrder,
  lockChipForChange,
  releaseChipHold,
  sellChip,
  transferChip,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import {
  cancelOrder,
  chipSoldMail,
  chipTransferredMail,
  findOrderById,
  issueBuyerConfirmUrl,
  isWithdrawnFeeOrder,
  listUnpaidOrdersInWindow,
  sweepAbandonedFeeOrders,
  sweepLapsedHolds,
  lockOrder,
  markOrderPaid,
  orderConfirmationMail,
  orderMailInfo,
  flagOrderPayment,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import type { PaymentProviderName } from '#server/modules/payments/index.ts';
import { getPaymentRegistry, paymentContext } from '#server/modules/payments/index.ts';
import { insertPaymentEventOnce, setPaymentEventOutcome } from '#server/modules/payments/index.ts';
import { reconcileWindow, WATCH_MAX_AGE_MS } from '#server/modules/payments/index.ts';
import { processRefund, refundUnkeptPayment } from './refunds.service.ts';
import { isPaidToSellerDirectly, paymentVerdict } from './settlement-rules.ts';

/** A provider's verified report that an order was paid. */
export type CompleteOrderPaymentInput = {
  orderId: number;
  provider: PaymentProviderName;
  /** Unique per real payment at the provider (charge id, capture id, transaction signature). */
  eventKey: string;
  /** What was paid, in USD cents (token adapters convert the verified transfer to the order's USD total). */
  amountCents: number;
  currency: string;
  payload?: Record<string, unknown>;
};

/**
 * completed: this call marked the order paid. duplicate: this signal was applied before.
 * already_paid: another signal paid the order first. rejected: the signal does not match the order
 * (provider, amount or currency); the order is flagged. unfulfillable: paid, but the chip was sold to
 * someone else meanwhile; the order is cancelled and flagged for a refund.
 */
type PaymentOutcome = 'completed' | 'duplicate' | 'already_paid' | 'rejected' | 'unfulfillable';

export type CompleteOrderPaymentResult = {
  outcome: PaymentOutcome;
  orderId: number;
  reason?: string;
  /** The refund this payment started (unfulfillable, or a second payment of a paid order). */
  refundId?: number;
};

type SaleContext = {
  tx: Db;
  ctx: ServiceContext;
  order: OrderRow;
  /** The order's chip, already locked. */
  chip: ChipRow | null;
  now: Date;
  platformFeeBasisPoints: number;
  /** The creator's royalty on resales, transfers and hand-overs (decision 081). */
  creatorRoyaltyBasisPoints: number;
  feeBase: FeeBase;
};

/** Who gets a royalty on this order: the chip's creator, unless the chip is leaving them now. */
function royaltyFor(chip: ChipRow, fromUserId: number, amountCents: number): Royalty | undefined {
  return chip.creatorId === fromUserId || amountCents <= 0
    ? undefined
    : { creatorId: chip.creatorId, amountCents };
}

/** Purchase: ownership, sale booking and provenance. Returns false when the chip cannot be handed over. */
async function fulfilPurchase({
  tx,
  ctx,
  order,
  chip,
  now,
  platformFeeBasisPoints,
  creatorRoyaltyBasisPoints,
  feeBase,
}: SaleContext): Promise<boolean> {
  if (!chip || order.sellerId === null) return false;
  if (!canSellTo(chip, { orderId: order.id, sellerId: order.sellerId, buyerId: order.buyerId, now })) {
    return false;
  }
  const salePriceCents = order.basePriceCents;
  const split = splitSale({
    salePriceCents,
    highestSaleCents: chip.highestPriceCents,
    platformFeeBasisPoints,
    feeBase,
  });
  const royalty = royaltyFor(
    chip,
    order.sellerId,
    creatorRoyaltyCents({
      baseCents: salePriceCents,
      platformFeeCents: split.platformFeeCents,
      creatorRoyaltyBasisPoints,
      leavesCreator: chip.creatorId === order.sellerId,
    }),
  );
  await sellChip(tx, chip, {
    orderId: order.id,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    priceCents: salePriceCents,
    shippingOption: order.shippingOption,
  });
  await bookSale(tx, {
    order,
    sellerId: order.sellerId,
    sellerProceedsCents: split.sellerProceedsCents,
    directToSeller: isPaidToSellerDirectly(order),
    royalty,
  });
  await closeOffersOnSale(tx, ctx, { chipId: chip.id, offerId: order.offerId, orderId: order.id });
  const seller = await findAccountById(tx, order.sellerId);
  if (seller) {
    await enqueueMail(
      tx,
      await chipSoldMail(seller, ctx.config.publicUrl, {
        title: chip.title,
        image: chip,
        salePriceCents,
        platformFeeBasisPoints,
        feeBase,
        ...split,
        creatorRoyaltyCents: royalty?.amountCents ?? 0,
      }),
    );
  }
  return true;
}

/** Shipping a vaulted chip: it leaves the vault once the shipment is paid. */
async function fulfilShipping({ tx, order, chip, now }: SaleContext): Promise<boolean> {
  // Paid once: a second shipping order for a chip already leaving the vault cannot be fulfilled.
  if (!chip || !canDispatchTo(chip, order.buyerId, now)) return false;
  await dispatchChip(tx, chip);
  await bookShippingOrder(tx, { order });
  return true;
}

/**
 * An offline transfer: the owner who paid the fee hands the chip to the person they named (an account
 * is made for an e-mail nobody uses yet, and its invitation carries a mailed set-password link).
 */
async function fulfilTransfer(sale: SaleContext): Promise<boolean> {
  const { tx, ctx, order, chip, now } = sale;
  // Withdrawn before it was paid (its hand-over cancelled or started again, replaced, abandoned): a
  // payment arriving now does not count, whatever the chip's state (issue 28).
  if (isWithdrawnFeeOrder(order)) return false;
  if (order.handoverId !== null) {
    // A handover by tap (issue 15): the owner's fee opens it; the claimant's moves the chip to them.
    if (!chip) return false;
    const handoverId = order.handoverId;
    // The owner handing it over, read before the hand-over moves it.
    const royalty = transferRoyalty(sale, chip, chip.ownerId);
    if (!(await fulfilHandoverOrder(tx, chip, { ...order, handoverId }, now))) return false;
    await bookTransferFee(tx, { order, royalty });
    return true;
  }
  if (!chip || order.transferRecipient === null || !canTransferFrom(chip, order.buyerId, now)) return false;
  const recipientId =
    order.transferToUserId ?? (await findOrCreateGuestUser(tx, order.transferRecipient)).user.id;
  const recipient = await findAccountById(tx, recipientId);
  if (!recipient || recipient.id === order.buyerId) return false;
  await transferChip(tx, chip, {
    orderId: order.id,
    fromUserId: order.buyerId,
    toUserId: recipient.id,
    feeCents: order.basePriceCents,
  });
  await bookTransferFee(tx, { order, royalty: transferRoyalty(sale, chip, order.buyerId) });
  await closeOffersOnSale(tx, ctx, { chipId: chip.id, offerId: null, orderId: order.id });
  const [owner, creator] = await Promise.all([
    findAccountById(tx, order.buyerId),
    findAccountById(tx, chip.creatorId),
  ]);
  const publicUrl = ctx.config.publicUrl;
  let setPasswordUrl: string | null = null;
  if (!recipient.passwordHash) {
    const token = await createSetPasswordToken(tx, recipient.id, now);
    setPasswordUrl = `${publicUrl}${ROUTES.setPassword}?${new URLSearchParams({ token, email: recipient.email })}`;
  }
  await enqueueMail(
    tx,
    await chipTransferredMail(recipient, publicUrl, {
      title: chip.title,
      image: chip,
      fromUsername: owner?.username ?? 'Someone',
      chipPath: ROUTES.chip(creator?.username ?? '', chip.slug),
      setPasswordUrl,
      isInVault: chip.custody === 'in_vault',
    }),
  );
  return true;
}

/** A transfer or hand-over fee's royalty, from the fee (transferRoyaltyCents). */
function transferRoyalty(sale: SaleContext, chip: ChipRow, fromUserId: number | null): Royalty | undefined {
  if (fromUserId === null) return undefined;
  const amountCents = transferRoyaltyCents({
    feeCents: sale.order.totalCents,
    platformFeeBasisPoints: sale.platformFeeBasisPoints,
    creatorRoyaltyBasisPoints: sale.creatorRoyaltyBasisPoints,
    leavesCreator: chip.creatorId === fromUserId,
  });
  return royaltyFor(chip, fromUserId, amountCents);
}

const FULFILMENTS = {
  purchase: fulfilPurchase,
  shipping: fulfilShipping,
  transfer: fulfilTransfer,
} as const;

/** What a provider signal applies to, inside its transaction, with the rows already locked. */
export type SignalContext = {
  tx: Db;
  order: OrderRow;
  /** The order's chip, locked first (null for a mint). */
  chip: ChipRow | null;
  now: Date;
  /** Records how the signal ended on its payment event. */
  settle: (outcome: string) => Promise<void>;
};

/**
 * The skeleton every provider signal follows, so each counts once: in one transaction, store the
 * signal under its unique (provider, eventKey) — a repeat stops there as a duplicate — then lock the
 * chip and the order (chip first, the lock order of every commerce transaction), then apply it.
 */
export async function applySignalOnce<T>(
  ctx: ServiceContext,
  signal: {
    provider: PaymentProviderName;
    eventKey: string;
    orderId: number;
    type: string;
    payload: Record<string, unknown>;
    /** A rejection touches only the order; it never waits for the chip. */
    locksChip: boolean;
  },
  onDuplicate: T,
  apply: (ctx: SignalContext) => Promise<T>,
  /**
   * For signals that only act on an order still waiting for this provider's payment: answered (and
   * recorded as 'ignored') when the order is paid or belongs to another provider.
   */
  onNotPayable?: T,
): Promise<T> {
  const now = ctx.clock();
  const found = await findOrderById(ctx.db, signal.orderId);
  if (!found) throw new AppError('NOT_FOUND', 'Order not found');
  return ctx.db.transaction(async (tx) => {
    const event = await insertPaymentEventOnce(tx, {
      provider: signal.provider,
      eventKey: signal.eventKey,
      orderId: signal.orderId,
      type: signal.type,
      payload: signal.payload,
    });
    if (!event) return onDuplicate;
    const chip = signal.locksChip && found.chipId !== null ? await lockChipForChange(tx, found.chipId) : null;
    const order = (await lockOrder(tx, signal.orderId))!;
    const settle = (outcome: string) => setPaymentEventOutcome(tx, event.id, outcome, now);
    const isPayable = order.paymentStatus !== 'completed' && order.paymentProvider === signal.provider;
    if (onNotPayable !== undefined && !isPayable) {
      await settle('ignored');
      return onNotPayable;
    }
    return apply({ tx, order, chip, now, settle });
  });
}

/**
 * Marks an order paid, exactly once. In one transaction: records the signal (unique per provider and
 * eventKey), checks provider, amount and currency against the order, then for purchases hands the
 * chip to the buyer (sold, off sale, hold cleared), books seller proceeds and the platform fee, records
 * the provenance event and closes other offers; for mints books the mint fee and the affiliate
 * commissions; and queues the buyer's confirmation and the seller's notice.
 */
export async function completeOrderPayment(
  ctx: ServiceContext,
  input: CompleteOrderPaymentInput,
): Promise<CompleteOrderPaymentResult> {
  // Read before the transaction: the settings read does not join it.
  const settings = toPricingSettings(await getSiteSettings(ctx));
  const signal = {
    provider: input.provider,
    eventKey: input.eventKey,
    orderId: input.orderId,
    type: 'payment.completed',
    payload: { ...input.payload, amountCents: input.amountCents, currency: input.currency },
    locksChip: true,
  };
  const duplicate: CompleteOrderPaymentResult = { outcome: 'duplicate', orderId: input.orderId };
  const result = await applySignalOnce(ctx, signal, duplicate, async ({ tx, order, chip, now, settle }) => {
    const finish = async (
      outcome: PaymentOutcome,
      reason?: string,
      refundId?: number,
    ): Promise<CompleteOrderPaymentResult> => {
      await settle(reason ?? outcome);
      return {
        outcome,
        orderId: input.orderId,
        ...(reason === undefined ? {} : { reason }),
        ...(refundId === undefined ? {} : { refundId }),
      };
    };
    const unkept = (reason: 'chip_unavailable' | 'duplicate_payment') =>
      refundUnkeptPayment(tx, {
        order,
        provider: input.provider,
        paymentKey: input.eventKey,
        amountCents: input.amountCents,
        reason,
      });
    const verdict = paymentVerdict(order, input);
    if (verdict === 'refund_duplicate') {
      // A second real payment (its own provider key) for an order already paid goes back.
      const refund = await unkept('duplicate_payment');
      return finish('already_paid', 'duplicate_payment', refund?.id);
    }
    if (verdict === 'already_paid') return finish('already_paid');
    if (verdict === 'provider_mismatch') return finish('rejected', 'provider_mismatch');
    if (verdict === 'amount_mismatch') {
      await flagOrderPayment(tx, order.id, 'amount_mismatch');
      return finish('rejected', 'amount_mismatch');
    }

    const sale: SaleContext = {
      tx,
      ctx,
      order,
      chip,
      now,
      platformFeeBasisPoints: settings.platformFeeBasisPoints,
      creatorRoyaltyBasisPoints: settings.creatorRoyaltyBasisPoints,
      feeBase: settings.feeBase,
    };
    if (order.orderType !== 'mint') {
      const isFulfilled = await FULFILMENTS[order.orderType](sale);
      if (!isFulfilled) {
        await cancelOrder(tx, order, {
          reason: 'chip_unavailable',
          paymentFailed: true,
          flag: 'refund_required',
        });
        if (chip) await releaseChipHold(tx, chip, { orderId: order.id });
        const refund = await unkept('chip_unavailable');
        return finish('unfulfillable', 'chip_unavailable', refund?.id);
      }
    } else {
      const commissions = await bookMintCommissions(tx, {
        orderId: order.id,
        buyerId: order.buyerId,
        mintFeeCents: order.basePriceCents,
      });
      await bookMint(tx, { order, commissions });
    }
    await bookPayment(tx, {
      order,
      provider: input.provider,
      paymentKey: input.eventKey,
      amountCents: input.amountCents,
    });

    const paid = await markOrderPaid(tx, order, { now, provider: input.provider, eventKey: input.eventKey });
    const buyer = await findAccountById(tx, order.buyerId);
    if (buyer) {
      await enqueueMail(
        tx,
        await orderConfirmationMail(
          buyer,
          ctx.config.publicUrl,
          orderMailInfo(paid, chip),
          order.isNewAccount && !buyer.passwordHash,
          order.buyerConfirmation === 'pending'
            ? await issueBuyerConfirmUrl(tx, ctx.config.publicUrl, order.id)
            : undefined,
        ),
      );
    }
    return finish('completed');
  });
  // The money of a payment that cannot be kept goes back now; the refunds job retries a failure.
  if (result.refundId !== undefined) await processRefund(ctx, result.refundId);
  return result;
}

/** A provider's verified report that a payment failed. */
export type FailOrderPaymentInput = {
  orderId: number;
  provider: PaymentProviderName;
  eventKey: string;
  reason: string;
  payload?: Record<string, unknown>;
};

/**
 * Marks an unpaid order's payment failed, once per signal, and frees its chip hold; a paid order is
 * left alone. The buyer may check out again.
 */
export async function failOrderPayment(
  ctx: ServiceContext,
  input: FailOrderPaymentInput,
): Promise<{ outcome: 'failed' | 'duplicate' | 'ignored'; orderId: number }> {
  const signal = {
    provider: input.provider,
    eventKey: input.eventKey,
    orderId: input.orderId,
    type: 'payment.failed',
    payload: { ...input.payload, reason: input.reason },
    locksChip: true,
  };
  const duplicate: { outcome: 'failed' | 'duplicate' | 'ignored'; orderId: number } = {
    outcome: 'duplicate',
    orderId: input.orderId,
  };
  const ignored = { outcome: 'ignored' as const, orderId: input.orderId };
  const apply = async ({ tx, order, chip, settle }: SignalContext) => {
    await cancelOrder(tx, order, { reason: input.reason, paymentFailed: true });
    // An offer's hold outlives its checkout: the buyer may still pay at the agreed price.
    if (chip) await releaseChipHold(tx, chip, { orderId: order.id, keepForBuyer: order.offerId !== null });
    await settle('failed');
    return { outcome: 'failed' as const, orderId: order.id };
  };
  return applySignalOnce(ctx, signal, duplicate, apply, ignored);
}

/**
 * Background reconciliation: asks each provider that can be asked about unpaid orders it holds and
 * applies what it answers, for signals that were missed (a webhook that never arrived).
 */
export async function reconcilePendingPayments(ctx: ServiceContext): Promise<number> {
  const registry = getPaymentRegistry(ctx);
  let applied = 0;
  for (const order of await listUnpaidOrdersInWindow(ctx.db, reconcileWindow(ctx.clock()))) {
    const provider = registry.byName(order.paymentProvider);
    if (!provider?.lookupPayment || !order.providerRef) continue;
    try {
      const result = await provider.lookupPayment(order.providerRef, paymentContext(ctx));
      if (result.status === 'completed' && result.eventKey && result.amountCents !== undefined) {
        const done = await completeOrderPayment(ctx, {
          orderId: order.id,
          provider: provider.name,
          eventKey: result.eventKey,
          amountCents: result.amountCents,
          currency: result.currency ?? 'USD',
          payload: { source: 'reconciliation' },
        });
        if (done.outcome === 'completed') applied++;
      } else if (result.status === 'failed' || result.status === 'expired') {
        await failOrderPayment(ctx, {
          orderId: order.id,
          provider: provider.name,
          eventKey: `lookup:${result.status}:${order.providerRef}`,
          reason: result.reason ?? result.status,
        });
      }
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id, provider: provider.name }, 'payment lookup failed');
    }
  }
  return applied;
}

/**
 * Background task: frees lapsed checkout holds (orders.sweepLapsedHolds) and withdraws transfer and
 * hand-over fee orders abandoned past the window a payment may still arrive in (the one reconciliation
 * watches), then makes each cancelled order's payment unpayable at its provider (a Stripe
 * PaymentIntent is cancelled). A payment that went through meanwhile is not cancellable; its signal
 * then finds the order cancelled and refunds it (or, for a lapsed hold, hands over a chip still free).
 */
export async function sweepLapsedHoldsAndPayments(ctx: ServiceContext) {
  const swept = await sweepLapsedHolds(ctx);
  const abandoned = await sweepAbandonedFeeOrders(ctx, new Date(ctx.clock().getTime() - WATCH_MAX_AGE_MS));
  const registry = getPaymentRegistry(ctx);
  let paymentsCancelled = 0;
  for (const order of [...swept.cancelled, ...abandoned]) {
    const provider = registry.byName(order.paymentProvider);
    if (!order.providerRef || !provider?.cancelPayment) continue;
    try {
      if ((await provider.cancelPayment(order.providerRef, paymentContext(ctx))) === 'canceled')
        paymentsCancelled++;
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id }, 'could not cancel a lapsed payment at its provider');
    }
  }
  return {
    chipsFreed: swept.chipsFreed,
    offersExpired: swept.offersExpired,
    feeOrdersAbandoned: abandoned.length,
    paymentsCancelled,
  };
}
