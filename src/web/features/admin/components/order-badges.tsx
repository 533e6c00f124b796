import type { AdminOrder, OrderStatus } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const STATUS_TONES = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  shipped: 'brand',
  delivered: 'green',
  cancelled: 'gray',
} as const satisfies Record<OrderStatus, string>;

const PAYMENT_TONES = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  refunded: 'gray',
} as const satisfies Record<AdminOrder['paymentStatus'], string>;

/** "processing" → "Processing". */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The order's status: Pending, Processing, Completed, Shipped, Delivered or Cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{capitalize(status)}</Badge>;
}

/** The order's payment status: Pending, Processing, Completed or Failed. */
export function PaymentStatusBadge({ status }: { status: AdminOrder['paymentStatus'] }) {
  return <Badge tone={PAYMENT_TONES[status]}>{capitalize(status)}</Badge>;
}
