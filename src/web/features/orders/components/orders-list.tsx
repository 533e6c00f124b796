import { Link } from '#web/lib/router.tsx';
import { ImageOff, Package } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import { formatAddressLine } from '#shared/addresses.schemas.ts';
import { DELIVERY_CONFIRMATION_LABELS, type Order } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useMyOrders } from '../api/list-my-orders.ts';
import { CancelTransferButton } from './cancel-transfer-button.tsx';
import { PayNowButton } from './pay-now-dialog.tsx';
import { ReceivedButton } from './received-button.tsx';
import { OrderCase } from './order-case.tsx';
import {
  formatOrderDate,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  paymentBadgeLabel,
  paymentMethodLabel,
  paymentStatusNote,
} from '../lib/order-format.ts';

const PAYMENT_TONES = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  refunded: 'gray',
} as const;

function tokenAmount(amount: string): string {
  try {
    return formatTokenAmount(amount, { withTicker: true });
  } catch {
    return `${amount} ${BRAND.ticker}`;
  }
}

function OrderCard({ order }: { order: Order }) {
  const title = order.artchipTitle ?? `Order #${order.id}`;
  const note = paymentStatusNote(order);
  const chipPath =
    order.creatorUsername && order.artchipSlug ? ROUTES.chip(order.creatorUsername, order.artchipSlug) : null;
  const address = order.shippingAddress;
  // A transfer hands the chip over where it is: no delivery of its own, but a recipient.
  const isTransfer = order.orderType === 'transfer';
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={`order-${order.id}-title`} className="flex flex-col gap-4 sm:flex-row">
        {order.artchipImageUrl ? (
          <img
            src={order.artchipImageUrl}
            alt={title}
            width={96}
            height={96}
            loading="lazy"
            className="h-24 w-24 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={`${title} (no image yet)`}
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-700"
          >
            <ImageOff className="h-6 w-6" aria-hidden="true" />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 id={`order-${order.id}-title`} className="text-lg font-semibold text-gray-900">
                {chipPath ? (
                  <Link to={chipPath} className="hover:underline">
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </h3>
              <p className="text-sm text-gray-700">
                Order #{order.id} · {formatOrderDate(order.createdAt)}
              </p>
              {isTransfer && order.transferTo && (
                <p className="text-sm text-gray-800">Transfer to {order.transferTo}</p>
              )}
            </div>
            <div className="flex flex-wrap gap-1">
              <Badge tone="brand">{ORDER_TYPE_LABELS[order.orderType]}</Badge>
              <Badge tone="gray">{ORDER_STATUS_LABELS[order.status]}</Badge>
              <Badge tone={order.status === 'cancelled' ? 'gray' : PAYMENT_TONES[order.paymentStatus]}>
                Payment: {paymentBadgeLabel(order)}
              </Badge>
            </div>
          </div>
          {note && (
            <p
              className={order.paymentStatus === 'failed' ? 'text-sm text-red-700' : 'text-sm text-gray-800'}
            >
              {note}
            </p>
          )}
          {(order.canPayNow || order.canCancelTransfer) && (
            <div className="flex flex-wrap items-center gap-3">
              {order.canPayNow && <PayNowButton order={order} />}
              {order.canCancelTransfer && order.artchipId !== null && (
                <CancelTransferButton order={{ ...order, artchipId: order.artchipId }} />
              )}
            </div>
          )}
          <dl className="grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
            <div className="flex justify-between gap-2">
              <dt>Payment method</dt>
              <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
            </div>
            {order.paymentMethod === 'artchip' && order.artchipAmount && (
              <div className="flex justify-between gap-2">
                <dt>Token amount</dt>
                <dd>{tokenAmount(order.artchipAmount)}</dd>
              </div>
            )}
            {order.discountCents > 0 && (
              <div className="flex justify-between gap-2">
                <dt>Discount</dt>
                <dd>-{formatUsd(order.discountCents)}</dd>
              </div>
            )}
            {order.markupCents > 0 && (
              <div className="flex justify-between gap-2">
                <dt>Convenience fee</dt>
                <dd>{formatUsd(order.markupCents)}</dd>
              </div>
            )}
            {!isTransfer && (
              <div className="flex justify-between gap-2">
                <dt>Shipping cost</dt>
                <dd>{order.shippingCents > 0 ? formatUsd(order.shippingCents) : 'Free'}</dd>
              </div>
            )}
            {order.insuranceCents > 0 && (
              <div className="flex justify-between gap-2">
                <dt>Insurance and signature on delivery</dt>
                <dd>{formatUsd(order.insuranceCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-2 font-semibold text-gray-900">
              <dt>Total</dt>
              <dd>{formatUsd(order.totalCents)}</dd>
            </div>
          </dl>
          <div className="text-sm text-gray-800">
            {!isTransfer && (
              <p>
                <span className="font-medium">Delivery:</span>{' '}
                {order.shippingOption === 'store' ? 'Stored in the vault' : 'Ship to address'}
              </p>
            )}
            {order.shippingOption === 'ship' && address && (
              <address className="not-italic text-gray-700">{formatAddressLine(address)}</address>
            )}
            {(order.status === 'shipped' || order.status === 'delivered') &&
              (order.carrier || order.trackingNumber) && (
                <p className="mt-1">
                  <span className="font-medium">Shipped with</span> {order.carrier ?? 'carrier'}
                  {order.trackingNumber ? ` · Tracking number ${order.trackingNumber}` : ''}
                </p>
              )}
            {order.status === 'delivered' && order.deliveredAt && (
              <p className="mt-1">
                <span className="font-medium">Delivered</span> {formatOrderDate(order.deliveredAt)}
                {order.deliveredBy ? ` · ${DELIVERY_CONFIRMATION_LABELS[order.deliveredBy]}` : ''}
              </p>
            )}
          </div>
          {order.canConfirmReceived && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-gray-800">Has it arrived? Tap it with your phone, or:</p>
              <ReceivedButton order={order} />
            </div>
          )}
          {order.orderType === 'purchase' &&
            order.shippingOption === 'ship' &&
            (order.status === 'shipped' || order.status === 'delivered') && <OrderCase order={order} />}
        </div>
      </article>
    </li>
  );
}

/** The order cards of /my-orders (spec §3 "Order (user view)"). */
export function OrdersList() {
  const orders = useMyOrders();
  if (orders.isPending) {
    return (
      <div role="status" aria-label="Loading orders" className="space-y-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full" />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to load orders. Please try again.
      </p>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 p-10 text-center">
        <Package className="mx-auto h-10 w-10 text-gray-700" aria-hidden="true" />
        <p className="mt-3 text-gray-800">You have no orders yet.</p>
        <Button asChild className="mt-4">
          <Link to={ROUTES.marketplace}>Browse the marketplace</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Orders">
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
