/**
 * A refund the provider reports (Stripe charge.refunded, decision 076): ours, reported back, or one
 * made in Stripe's dashboard. The signal is recorded once (payment_events); the payment's total
 * refunded so far is compared with our refunds of it:
 * - more than we know of: the difference was refunded at the provider; it is booked once as a refund
 *   of reason `provider` (the whole order's under the payment's own key, the same key an admin refund
 *   takes, so a dashboard refund and an admin refund of the same order racing each other count once);
 * - no more: it is ours; any of ours not settled yet (in flight, or failed because the dashboard
 *   refund got there first) is settled after this transaction, each once (settleRefund).
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { PaymentProviderName } from '#server/modules/payments/index.ts';
import { findOrderIdByPaymentKey, listRefundsOfOrder } from '#server/modules/payments/index.ts';
import { applySignalOnce } from './payments.service.ts';
import { recordTakenBack, settleRefund, unrefundedCents } from './refunds.service.ts';

export type ProviderRefundSignal = {
  provider: PaymentProviderName;
  eventKey: string;
  paymentKey: string;
  amountRefundedCents: number;
  reference: string | null;
  payload?: Record<string, unknown>;
};

type ProviderRefundOutcome = 'refunded_at_provider' | 'ours' | 'duplicate' | 'ignored';

export async function applyProviderRefund(
  ctx: ServiceContext,
  signal: ProviderRefundSignal,
): Promise<{ outcome: ProviderRefundOutcome; orderId: number | null }> {
  const orderId = await findOrderIdByPaymentKey(ctx.db, signal.provider, signal.paymentKey);
  if (orderId === null) return { outcome: 'ignored', orderId: null };
  const toSettle: number[] = [];
  const outcome = await applySignalOnce<ProviderRefundOutcome>(
    ctx,
    {
      provider: signal.provider,
      eventKey: signal.eventKey,
      orderId,
      type: 'payment.refunded',
      payload: { ...signal.payload, amountRefundedCents: signal.amountRefundedCents },
      locksChip: true,
    },
    'duplicate',
    async ({ tx, order, chip, settle }) => {
      const ours = (await listRefundsOfOrder(tx, order.id)).filter(
        (r) => r.provider === signal.provider && r.reason !== 'duplicate_payment',
      );
      const known = ours.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
      const extra = Math.min(signal.amountRefundedCents - known, await unrefundedCents(tx, order));
      const isWhole = known === 0 && extra >= order.totalCents;
      const key = isWhole ? signal.paymentKey : `${signal.paymentKey}:provider:${signal.amountRefundedCents}`;
      const sameKey = ours.find((r) => r.paymentKey === key);
      if (extra > 0 && sameKey) {
        // An admin refund of the whole order that failed (the dashboard refund got there first): it is
        // the same money; it is settled, once.
        toSettle.push(sameKey.id);
        await settle('ours');
        return 'ours';
      }
      if (extra > 0) {
        await recordTakenBack(ctx, tx, {
          order,
          chip,
          reason: 'provider',
          paymentKey: key,
          amountCents: extra,
          reference: signal.reference,
          note: `Refunded at ${signal.provider}`,
        });
        await settle('refunded_at_provider');
        return 'refunded_at_provider';
      }
      // Ours: settle, in order, those the provider's total covers and we have not settled yet.
      let settled = ours
        .filter((r) => r.status === 'succeeded' || r.status === 'pending')
        .reduce((sum, r) => sum + r.amountCents, 0);
      for (const r of [...ours].reverse()) {
        if (r.status === 'succeeded' || r.status === 'pending' || r.status === 'manual') continue;
        if (settled + r.amountCents > signal.amountRefundedCents) continue;
        settled += r.amountCents;
        toSettle.push(r.id);
      }
      await settle('ours');
      return 'ours';
    },
  );
  for (const id of toSettle)
    await settleRefund(ctx, id, { status: 'succeeded', reference: signal.reference });
  return { outcome, orderId };
}
