import { BRAND } from '#shared/brand.ts';
import type { ChipCustody } from '#shared/chips.schemas.ts';
import { PAYMENT_FAILED_NOTE, PAYMENT_PENDING_NOTE, type Order } from '#shared/orders.schemas.ts';

/** Spec §3: a card ('usd') payment reads as credit card, the token by its ticker. */
export function paymentMethodLabel(method: Order['paymentMethod']): string {
  if (method === 'card') return 'Credit card';
  if (method === 'paypal') return 'PayPal';
  return `${BRAND.ticker} token`;
}

export const ORDER_TYPE_LABELS: Record<Order['orderType'], string> = {
  mint: 'Mint',
  purchase: 'Purchase',
  shipping: 'Shipping',
  transfer: 'Transfer',
};

export const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const PAYMENT_STATUS_LABELS: Record<Order['paymentStatus'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * The payment badge, read with the order (issue 27): a cancelled order's payment that never came is "Not
 * paid", never "Pending", which would read as money on its way.
 */
export function paymentBadgeLabel(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  const unpaid = order.paymentStatus === 'pending' || order.paymentStatus === 'processing';
  if (order.status === 'cancelled' && unpaid) return 'Not paid';
  return PAYMENT_STATUS_LABELS[order.paymentStatus];
}

/** Spec §4: pending payments note 'still processing', failed ones 'contact support'. */
export function paymentStatusNote(order: Pick<Order, 'paymentStatus' | 'statusNote'>): string | null {
  if (order.statusNote) return order.statusNote;
  if (order.paymentStatus === 'pending') return PAYMENT_PENDING_NOTE;
  if (order.paymentStatus === 'failed') return PAYMENT_FAILED_NOTE;
  return null;
}

/** "March 5, 2025". */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Where the physical chip is, in its owner's words. */
export const CUSTODY_LABELS: Record<ChipCustody, string> = {
  in_vault: 'In our vault',
  dispatching: 'Being packed to ship to you',
  in_transit: 'On its way to you',
  with_owner: 'With you',
  inbound: 'On its way to our vault',
};
