import type { ServiceContext } from '#server/lib/service-context.ts';
import { flagOrderPayment } from '#server/modules/orders/index.ts';
import type { PaymentProviderName } from '#server/modules/payments/index.ts';
import { applySignalOnce, type SignalContext } from './payments.service.ts';

/** A verified provider signal that does not pay its order (a short transfer, the wrong token or wallet). */
export type RejectOrderPaymentInput = {
  orderId: number;
  provider: PaymentProviderName;
  /** Unique per signal at the provider (e.g. the transaction signature). */
  eventKey: string;
  /** Why it does not pay the order, for admins: 'short_transfer', 'wrong_mint', 'wrong_recipient', … */
  reason: string;
  payload?: Record<string, unknown>;
};

/**
 * Records a signal that does not pay its order, once per signal: the payment event is stored with
 * outcome 'rejected' and the unpaid order is flagged with the reason for an admin. The order's
 * payment is NOT changed (it stays payable); a paid order is left alone ('ignored').
 */
export async function rejectOrderPayment(
  ctx: ServiceContext,
  input: RejectOrderPaymentInput,
): Promise<{ outcome: 'rejected' | 'duplicate' | 'ignored'; orderId: number }> {
  const signal = {
    provider: input.provider,
    eventKey: input.eventKey,
    orderId: input.orderId,
    type: 'payment.rejected',
    payload: { ...input.payload, reason: input.reason },
    locksChip: false,
  };
  const duplicate: { outcome: 'rejected' | 'duplicate' | 'ignored'; orderId: number } = {
    outcome: 'duplicate',
    orderId: input.orderId,
  };
  const ignored = { outcome: 'ignored' as const, orderId: input.orderId };
  const apply = async ({ tx, order, settle }: SignalContext) => {
    await flagOrderPayment(tx, order.id, input.reason);
    await settle('rejected');
    return { outcome: 'rejected' as const, orderId: order.id };
  };
  return applySignalOnce(ctx, signal, duplicate, apply, ignored);
}
