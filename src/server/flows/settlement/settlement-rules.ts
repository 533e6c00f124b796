/**
 * The money decisions of settling payments and refunds, pure (decision 050): what a provider's
 * "payment completed" does to an order, who a sale's money went to, and what settling a refund books
 * and reverses. payments.service.ts and refunds.service.ts act on these answers inside their
 * transactions; they are unit- and mutation-tested here (docs/mutation-testing.md).
 */
import type { LedgerKind } from '#shared/ledger.schemas.ts';
import type { RefundReason } from '#shared/refunds.schemas.ts';
import type { OrderRow } from '#server/modules/orders/index.ts';

/**
 * What a completed payment does to its order: a second real payment of a paid order goes back
 * (`refund_duplicate`), any other signal for it changes nothing (`already_paid`); a payment through
 * another provider, or of another amount or currency, is rejected; else the order is fulfilled.
 */
export type PaymentVerdict =
  'refund_duplicate' | 'already_paid' | 'provider_mismatch' | 'amount_mismatch' | 'fulfil';

export function paymentVerdict(
  order: Pick<OrderRow, 'paymentStatus' | 'paymentProvider' | 'totalCents'>,
  payment: { provider: string; amountCents: number; currency: string },
): PaymentVerdict {
  if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') {
    return order.paymentProvider === payment.provider && payment.amountCents > 0
      ? 'refund_duplicate'
      : 'already_paid';
  }
  if (order.paymentProvider !== payment.provider) return 'provider_mismatch';
  if (payment.currency.toUpperCase() !== 'USD' || payment.amountCents !== order.totalCents) {
    return 'amount_mismatch';
  }
  return 'fulfil';
}

/**
 * Direct PayPal (the markup is charged only then) pays the seller's own PayPal account: their
 * proceeds are already paid, and the platform fee is owed by the seller rather than withheld.
 */
export function isPaidToSellerDirectly(order: Pick<OrderRow, 'paymentMethod' | 'markupCents'>): boolean {
  return order.paymentMethod === 'paypal' && order.markupCents > 0;
}

/** The buyer-facing reason of each kind of refund (the ledger's reason and the provider's note). */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  chip_unavailable: 'Paid after its chip sold to someone else',
  duplicate_payment: 'A second payment for a paid order',
  admin: 'Refunded by an admin',
  shipping_unused: 'Shipping not used: the chip was listed before it shipped',
  buyer_protection: 'Refunded under buyer protection',
  chargeback: 'Taken back by a dispute the platform lost',
  provider: "Refunded at the payment provider's dashboard",
};

/** What a shipment that will not happen gives back: its postage and its shipping protection. */
const SHIPMENT_KINDS = ['shipping', 'shipping_insurance'] as const;

/**
 * What settling a refund books. An admin refund undoes a fulfilled order: the ledger reverses its
 * whole allocation and the affiliates' commissions of it are reversed too. A refund of a payment that
 * could not be kept only clears the money owed back. A duplicate payment is not the order's payment,
 * so the order's own payment stands. An unused shipment's refund reverses only the shipping and its
 * insurance; the rest of the order (the mint fee, its commissions) stands, and so does its payment.
 * A buyer protection refund of the whole order is like an admin refund; of a part, it reverses each
 * line of the allocation in proportion and the order stays paid (decision 070).
 */
export function refundSettlement(
  refund: { reason: RefundReason; note: string | null; amountCents?: number },
  orderId: number,
  orderTotalCents?: number,
): {
  reversesAllocation: boolean;
  reversedKinds: readonly LedgerKind[] | undefined;
  proportional: boolean;
  reversesCommissions: boolean;
  isOrderPayment: boolean;
  why: string;
} {
  const isAdminRefund = refund.reason === 'admin';
  const isShipmentRefund = refund.reason === 'shipping_unused';
  // A case, a lost dispute or a refund made at the provider (decision 076) gives back all or part of
  // the order: a part reverses every line in proportion (decision 070), leaves the commissions and the
  // order's payment standing; the whole is an admin refund's.
  const isCaseRefund =
    refund.reason === 'buyer_protection' || refund.reason === 'chargeback' || refund.reason === 'provider';
  const isPartial =
    isCaseRefund &&
    refund.amountCents !== undefined &&
    orderTotalCents !== undefined &&
    refund.amountCents < orderTotalCents;
  return {
    reversesAllocation: isAdminRefund || isShipmentRefund || isCaseRefund,
    reversedKinds: isShipmentRefund ? SHIPMENT_KINDS : undefined,
    proportional: isPartial,
    reversesCommissions: isAdminRefund || (isCaseRefund && !isPartial),
    isOrderPayment: refund.reason !== 'duplicate_payment' && !isShipmentRefund && !isPartial,
    why: `${REFUND_REASON_TEXT[refund.reason]} (order #${orderId})${refund.note ? `: ${refund.note}` : ''}`,
  };
}
