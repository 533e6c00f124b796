/**
 * Refunds (PRODUCT.md: purchases stay final for buyers). A payment that cannot be fulfilled — its
 * chip sold to someone else first, a second payment for a paid order, an order an admin cancels —
 * goes back through its provider exactly once:
 *
 *   1. requestRefund, inside the transaction that finds the problem: one refunds row per captured
 *      payment (unique order and payment key), so two paths finding the same payment refund once.
 *   2. processRefund, after that commits: claims the row (requested|failed → processing, one caller
 *      wins), asks the provider (idempotent per refund id), then settles it.
 *   3. settleRefund, in one transaction with the refund row locked: marks it succeeded (or pending),
 *      books the ledger (cash out, allocation reversed), voids commissions not yet paid, marks the
 *      order refunded and e-mails the buyer. A token refund waits as `manual` until an admin records
 *      the on-chain signature (recordManualRefund), which settles it the same way.
 * The refunds job retries requested and failed ones.
 */
import type { RefundReason } from '#shared/refunds.schemas.ts';
import type { Db } from '#server/db/client.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { enqueueMail, mailImageUrl } from '#server/platform/mail/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { reverseOrderCommissions } from '#server/modules/affiliates/index.ts';
import { bookRefund, bookRefundDue, bookPayment } from '#server/modules/ledger/index.ts';
import {
  findChipRow,
  lockChipForChange,
  undispatchChip,
  unsellChip,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import { hasOpenDispute } from '#server/modules/disputes/index.ts';
import { DISPUTED_ORDER_REFUND_MESSAGE } from '#shared/disputes.schemas.ts';
import {
  cancelOrderForRefund,
  findOrderById,
  lockOrder,
  markOrderRefunded,
  refundMail,
  refuseRefund,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import {
  getPaymentRegistry,
  paymentContext,
  claimRefund,
  failProcessingRefund,
  findRefund,
  listRefundsOfOrder,
  insertRefundOnce,
  listRefundsToRetry,
  lockRefund,
  updateRefund,
  type RefundRow,
  findCompletionKey,
} from '#server/modules/payments/index.ts';
import { closeCaseOfRefund } from '#server/modules/cases/index.ts';
import { REFUND_REASON_TEXT, refundSettlement } from './settlement-rules.ts';

const STALE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;

/**
 * A captured payment that cannot be kept, inside the transaction of the signal that found it: the
 * money is booked in (cash) and owed back to the buyer, and its refund is requested once. Returns the
 * refund to process after the transaction commits (null when this payment already has one).
 */
export async function refundUnkeptPayment(
  tx: Db,
  args: {
    order: OrderRow;
    provider: OrderRow['paymentProvider'];
    paymentKey: string;
    amountCents: number;
    reason: Exclude<RefundReason, 'admin'>;
  },
): Promise<RefundRow | null> {
  const { order } = args;
  await bookPayment(tx, {
    order,
    provider: args.provider,
    paymentKey: args.paymentKey,
    amountCents: args.amountCents,
  });
  await bookRefundDue(tx, {
    order,
    provider: args.provider,
    paymentKey: args.paymentKey,
    amountCents: args.amountCents,
    why: `${REFUND_REASON_TEXT[args.reason]} (order #${order.id})`,
  });
  return insertRefundOnce(tx, {
    orderId: order.id,
    provider: args.provider,
    paymentKey: args.paymentKey,
    amountCents: args.amountCents,
    reason: args.reason,
  });
}

/**
 * POST /api/admin/orders/:id/refund: an admin cancels a paid order and refunds it, with a reason the
 * buyer reads. The fulfilment is undone now, in one transaction with the chip and order locked (a
 * mint is not made; a shipment stays in the vault; a bought chip goes back to its seller); the money
 * follows through the provider. Refused (409) once the order has gone too far (refuseRefund).
 */
export async function refundOrderByAdmin(
  ctx: ServiceContext,
  args: { orderId: number; adminId: number; reason: string },
): Promise<RefundRow> {
  const found = await findOrderById(ctx.db, args.orderId);
  if (!found) throw new AppError('NOT_FOUND', 'Order not found');
  const refund = await ctx.db.transaction(async (tx) => {
    const chip = found.chipId !== null ? await lockChipForChange(tx, found.chipId) : null;
    const order = (await lockOrder(tx, found.id))!;
    const refusal = refuseRefund(order, chip);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    // Decision 076: a disputed payment is the dispute's to settle (Stripe refuses its refund too).
    if (await hasOpenDispute(tx, order.id)) throw new AppError('CONFLICT', DISPUTED_ORDER_REFUND_MESSAGE);
    const paymentKey = (await findCompletionKey(tx, order.id)) ?? `order-${order.id}`;
    const row = await insertRefundOnce(tx, {
      orderId: order.id,
      provider: order.paymentProvider,
      paymentKey,
      amountCents: order.totalCents,
      reason: 'admin',
      note: args.reason,
      requestedBy: args.adminId,
    });
    if (!row) throw new AppError('CONFLICT', 'This payment is already being refunded.');
    if (chip && order.orderType === 'purchase' && order.sellerId !== null) {
      await unsellChip(tx, chip, {
        orderId: order.id,
        sellerId: order.sellerId,
        actorUserId: args.adminId,
        reason: args.reason,
      });
    } else if (chip && order.orderType === 'shipping') {
      await undispatchChip(tx, chip);
    }
    await cancelOrderForRefund(tx, order, {
      refundId: row.id,
      actorUserId: args.adminId,
      reason: args.reason,
    });
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'order.refund',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: { refundId: row.id, amountCents: row.amountCents, reason: args.reason },
    });
    return row;
  });
  return processRefund(ctx, refund.id);
}

/**
 * Asks the provider for one refund and settles it. Safe to call again and from two places at once:
 * only the caller that claims the row calls the provider, and the provider call is idempotent per
 * refund. A provider error leaves the refund failed with its message, for the job to retry.
 */
export async function processRefund(ctx: ServiceContext, refundId: number): Promise<RefundRow> {
  const now = ctx.clock();
  const claimed = await ctx.db.transaction((tx) =>
    claimRefund(tx, refundId, now, new Date(now.getTime() - STALE_MS)),
  );
  if (!claimed) {
    const current = await findRefund(ctx.db, refundId);
    if (!current) throw new AppError('NOT_FOUND', 'Refund not found');
    return current;
  }
  const order = (await findOrderById(ctx.db, claimed.orderId))!;
  const provider = getPaymentRegistry(ctx).byName(claimed.provider);
  try {
    if (!provider?.refundPayment) {
      throw new AppError('PAYMENT_FAILED', `The ${claimed.provider} payments are not configured here.`);
    }
    const result = await provider.refundPayment(
      {
        providerRef: order.providerRef ?? claimed.paymentKey,
        orderId: order.id,
        refundId: claimed.id,
        amountCents: claimed.amountCents,
        reason: claimed.note ?? REFUND_REASON_TEXT[claimed.reason],
      },
      paymentContext(ctx),
    );
    if (result.status === 'manual') {
      return ctx.db.transaction((tx) => updateRefund(tx, claimed.id, { status: 'manual', updatedAt: now }));
    }
    return settleRefund(ctx, claimed.id, { status: result.status, reference: result.reference });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, refundId }, 'refund failed at the provider');
    // Only while still processing: the provider's webhook may have settled it meanwhile (decision 076).
    return ctx.db.transaction((tx) =>
      failProcessingRefund(tx, claimed.id, {
        status: 'failed',
        failureMessage: message.slice(0, 500),
        updatedAt: now,
      }),
    );
  }
}

/** The money went back (or the provider accepted it): book it once, tell the buyer. */
export async function settleRefund(
  ctx: ServiceContext,
  refundId: number,
  result: { status: 'succeeded' | 'pending'; reference: string | null },
): Promise<RefundRow> {
  return ctx.db.transaction((tx) => settleRefundIn(ctx, tx, refundId, result));
}

/**
 * settleRefund inside the caller's transaction: locks the refund, then its order (so the caller holds
 * no older refund's lock, or has just inserted this one). A chargeback is not mailed: the buyer took
 * the money back through their bank or PayPal.
 */
async function settleRefundIn(
  ctx: ServiceContext,
  tx: Db,
  refundId: number,
  result: { status: 'succeeded' | 'pending'; reference: string | null },
): Promise<RefundRow> {
  const now = ctx.clock();
  {
    const refund = (await lockRefund(tx, refundId))!;
    if (refund.status === 'succeeded' || refund.status === 'pending') return refund;
    const order = (await lockOrder(tx, refund.orderId))!;
    const settled = await updateRefund(tx, refund.id, {
      status: result.status,
      providerReference: result.reference,
      failureMessage: null,
      completedAt: now,
      updatedAt: now,
    });
    const plan = refundSettlement(refund, order.id, order.totalCents);
    await bookRefund(tx, {
      order,
      refundId: refund.id,
      amountCents: refund.amountCents,
      reversesAllocation: plan.reversesAllocation,
      reversedKinds: plan.reversedKinds,
      proportional: plan.proportional,
      why: plan.why,
    });
    if (plan.reversesCommissions) await reverseOrderCommissions(tx, order.id);
    await markOrderRefunded(tx, order, {
      refundId: refund.id,
      amountCents: refund.amountCents,
      isOrderPayment: plan.isOrderPayment,
      reference: result.reference,
    });
    // A buyer protection case's refund closes its case and releases the sale's remaining proceeds.
    if (refund.reason === 'buyer_protection') await closeCaseOfRefund(ctx, tx, refund.id);
    const buyer = refund.reason === 'chargeback' ? null : await findAccountById(tx, order.buyerId);
    if (buyer) {
      const chip = order.chipId === null ? null : await findChipRow(tx, order.chipId);
      await enqueueMail(
        tx,
        await refundMail(buyer, ctx.config.publicUrl, {
          orderId: order.id,
          title: chip?.title ?? order.mintTitle ?? `Order #${order.id}`,
          imageUrl: mailImageUrl(chip) ?? order.originalImageUrl,
          amountCents: refund.amountCents,
          reason: refund.reason,
          note: refund.note,
          method: order.paymentMethod,
        }),
      );
    }
    return settled;
  }
}

/**
 * What of an order's payment is not given back yet: its total less every refund of it that has not
 * failed (requested, processing, pending, succeeded, manual).
 */
export async function unrefundedCents(tx: Db, order: OrderRow): Promise<number> {
  const given = (await listRefundsOfOrder(tx, order.id))
    .filter(
      (r) => r.status !== 'failed' && r.reason !== 'duplicate_payment' && r.reason !== 'chip_unavailable',
    )
    .reduce((sum, r) => sum + r.amountCents, 0);
  return Math.max(0, order.totalCents - given);
}

/**
 * Money a provider already took back from us (decision 076): a lost dispute's chargeback, or a refund
 * made in the provider's dashboard. Inside the caller's transaction, with the chip and order locked:
 * one refunds row per `paymentKey` (null when that key has one already: counted once), settled at
 * once (the money has moved). A whole refund made at the provider undoes the fulfilment like an admin
 * refund when it still can be (a bought chip back to its seller, a shipment kept in the vault).
 */
export async function recordTakenBack(
  ctx: ServiceContext,
  tx: Db,
  args: {
    order: OrderRow;
    chip: ChipRow | null;
    reason: 'chargeback' | 'provider';
    paymentKey: string;
    amountCents: number;
    reference: string | null;
    note: string;
  },
): Promise<RefundRow | null> {
  const { order, chip } = args;
  const row = await insertRefundOnce(tx, {
    orderId: order.id,
    provider: order.paymentProvider,
    paymentKey: args.paymentKey,
    amountCents: args.amountCents,
    reason: args.reason,
    note: args.note,
    status: 'processing',
  });
  if (!row) return null;
  const isWhole = args.amountCents >= order.totalCents;
  if (args.reason === 'provider' && isWhole && refuseRefund(order, chip) === null) {
    if (chip && order.orderType === 'purchase' && order.sellerId !== null) {
      await unsellChip(tx, chip, {
        orderId: order.id,
        sellerId: order.sellerId,
        actorUserId: null,
        reason: args.note,
      });
    } else if (chip && order.orderType === 'shipping') {
      await undispatchChip(tx, chip);
    }
    await cancelOrderForRefund(tx, order, { refundId: row.id, actorUserId: null, reason: args.note });
  }
  return settleRefundIn(ctx, tx, row.id, { status: 'succeeded', reference: args.reference });
}

/**
 * POST /api/admin/refunds/:id/signature: a token refund the admin sent on chain, recorded with its
 * transaction signature; settles it like a provider refund.
 */
export async function recordManualRefund(
  ctx: ServiceContext,
  args: { refundId: number; adminId: number; signature: string },
): Promise<RefundRow> {
  const refund = await findRefund(ctx.db, args.refundId);
  if (!refund) throw new AppError('NOT_FOUND', 'Refund not found');
  if (refund.status !== 'manual') {
    throw new AppError('CONFLICT', 'Only a refund waiting to be sent by hand takes a signature.');
  }
  const settled = await settleRefund(ctx, refund.id, { status: 'succeeded', reference: args.signature });
  await recordAudit(ctx.db, {
    adminId: args.adminId,
    action: 'refund.manual',
    entity: 'order',
    entityId: refund.orderId,
    before: { refundId: refund.id, status: refund.status },
    after: { status: settled.status, signature: args.signature },
  });
  return settled;
}

/** Background task: (re)tries refunds that are requested, failed a while ago, or stuck processing. */
export async function retryRefunds(ctx: ServiceContext): Promise<{ processed: number }> {
  const now = ctx.clock();
  const due = await listRefundsToRetry(ctx.db, new Date(now.getTime() - STALE_MS), MAX_ATTEMPTS);
  for (const refund of due) await processRefund(ctx, refund.id);
  return { processed: due.length };
}
