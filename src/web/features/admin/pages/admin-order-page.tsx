import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from '#web/lib/router.tsx';
import { ArrowLeft, ImageOff, Printer } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { ChipCustody } from '#shared/chips.schemas.ts';
import { aspectOf, describeCrop, DEFAULT_CROP } from '#shared/chip-crop.ts';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import { INSURED_SHIPPING_LABEL } from '#shared/pricing.ts';
import type { AdminOrderDetail, OrderEvent } from '#shared/orders.schemas.ts';
import { ChipDisc } from '#web/components/chip-disc.tsx';
import { AddressLines } from '#web/components/address-lines.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiRequestError, errorMessage } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { PAYMENT_METHOD_LABELS } from '#web/features/checkout/index.ts';
import { openProductionSheet } from '../api/get-production-sheet.ts';
import { useOrder } from '../api/get-order.ts';
import { ADMIN_ORDERS_TAB_PATH } from '../lib/admin-routes.ts';
import { PROVIDER_LABELS } from '../lib/money-labels.ts';
import { adminLoginPathFor, useIsAdminSignedIn } from '../lib/admin-session.ts';
import { formatDateTime } from '../components/admin-ui.tsx';
import { OrderActions, hasOrderActions } from '../components/order-actions.tsx';
import { OrderMoneySection } from '../components/order-money-section.tsx';
import { OrderStatusBadge, PaymentStatusBadge, capitalize } from '../components/order-badges.tsx';

/** Where the physical chip is, as the admin fulfilling orders needs it. */
const CUSTODY_LABELS: Record<ChipCustody, string> = {
  in_vault: 'In our vault',
  dispatching: 'Waiting to be shipped',
  in_transit: 'In transit',
  with_owner: 'With its owner',
  inbound: 'On its way back to our vault',
};

const EVENT_LABELS: Record<OrderEvent['type'], string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  processing: 'Marked processing',
  completed: 'Marked completed',
  shipped: 'Marked shipped',
  delivered: 'Marked delivered',
  media_uploaded: 'Media uploaded',
  artchip_created: `${BRAND.name} created`,
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
};

/** The words worth showing from an event's data: the carrier and tracking, or why it ended. */
function eventDetail(event: OrderEvent): string | null {
  const { carrier, trackingNumber, reason } = event.data;
  if (typeof carrier === 'string' && typeof trackingNumber === 'string') {
    return `${carrier} · ${trackingNumber}`;
  }
  return typeof reason === 'string' ? reason : null;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 space-y-3 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A two-column list of facts that wraps long values (e-mails, references) instead of widening the page. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd className="break-words text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Opens the print-ready production sheet of the order's chip (54 mm artwork as placed, QR, NFC). */
function ProductionSheetButton({ orderId }: { orderId: number }) {
  const toast = useToast();
  const [isOpening, setIsOpening] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={isOpening}
      onClick={() => {
        setIsOpening(true);
        openProductionSheet({ orderId })
          .catch((err: unknown) =>
            toast({
              title: 'Error',
              description: errorMessage(err, 'The production sheet could not be opened.'),
              variant: 'destructive',
            }),
          )
          .finally(() => setIsOpening(false));
      }}
    >
      <Printer className="mr-1 h-4 w-4" aria-hidden="true" />
      Production sheet
    </Button>
  );
}

function ItemSection({ order }: { order: AdminOrderDetail }) {
  const item = order.item;
  const title = item?.title ?? order.mintTitle ?? `Order #${order.id}`;
  const imageUrl = item?.imageUrl ?? order.originalImageUrl;
  // The chip as made, else the creator's design from the mint studio (none for a surprize mint's art).
  const shape = item?.shape ?? order.mintDesign?.shape ?? null;
  const crop = item ? item.crop : (order.mintDesign?.crop ?? null);
  const placement =
    shape && imageUrl && !(order.isSurprize && !item) ? describeCrop(crop ?? DEFAULT_CROP) : null;
  return (
    <Section id="order-item" title="Item">
      <div className="flex flex-col gap-4 sm:flex-row">
        {imageUrl ? (
          <ChipDisc
            imageUrl={imageUrl}
            imageAspect={item ? aspectOf(item.imageWidth, item.imageHeight) : null}
            alt={`${title}: ${shape ?? 'round'} ${BRAND.name}${placement ? `, ${placement}` : ''}`}
            shape={shape ?? 'round'}
            crop={crop}
            size="10rem"
          />
        ) : (
          <div
            role="img"
            aria-label={`${title} (no image yet)`}
            className="flex h-40 w-40 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-700"
          >
            <ImageOff className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-base font-semibold break-words text-gray-900">
            {item ? (
              <Link
                to={ROUTES.chip(item.creatorUsername, item.slug)}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {item.title}
              </Link>
            ) : (
              title
            )}
          </p>
          {item ? (
            <>
              <Facts
                rows={[
                  ['Unit number', item.unitId ?? 'Not assigned'],
                  ['Shape', capitalize(item.shape)],
                  ...(placement ? [['Placement', placement] as [string, ReactNode]] : []),
                  ['Where it is', CUSTODY_LABELS[item.custody]],
                  ['Owner', `@${item.ownerUsername ?? item.creatorUsername}`],
                  ['Creator', `@${item.creatorUsername}`],
                ]}
              />
              <ProductionSheetButton orderId={order.id} />
            </>
          ) : (
            <>
              <p className="text-sm text-gray-800">The {BRAND.name} of this mint is not made yet.</p>
              {shape && (
                <Facts
                  rows={[
                    ['Shape', `${capitalize(shape)} (the creator's choice)`],
                    ...(placement ? [['Placement', placement] as [string, ReactNode]] : []),
                  ]}
                />
              )}
              {order.mintDescription && (
                <p className="text-sm break-words text-gray-800">{order.mintDescription}</p>
              )}
            </>
          )}
          {order.mediaState && (
            <Badge tone={order.mediaState === 'Needs Media' ? 'yellow' : 'green'}>{order.mediaState}</Badge>
          )}
          {order.mintAssociatedUrl && (
            <a
              href={order.mintAssociatedUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="block text-sm break-all text-brand-700 underline"
            >
              Associated link<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </Section>
  );
}

/**
 * What to book with the carrier (decision 066): an insured, signed-for shipment for a chip above the
 * threshold, at its declared value; a plain one otherwise.
 */
function PackingDetails({ packing }: { packing: NonNullable<AdminOrderDetail['packing']> }) {
  return (
    <div aria-label="Packing details" role="group" className="space-y-1">
      {packing.isInsured ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Insured, signature on delivery.</strong> Book it with the carrier insured for{' '}
          {formatUsd(packing.declaredValueCents)} and signed for on delivery.
        </p>
      ) : (
        <p className="text-sm text-gray-800">Standard shipment: no insurance or signature was paid for.</p>
      )}
      <Facts
        rows={[
          ['Declared value', packing.declaredValueCents > 0 ? formatUsd(packing.declaredValueCents) : '—'],
          ['Insurance', packing.isInsured ? formatUsd(packing.insuranceCents) : 'None'],
          ['Signature on delivery', packing.requiresSignature ? 'Required' : 'Not required'],
        ]}
      />
    </div>
  );
}

function ShippingSection({ order }: { order: AdminOrderDetail }) {
  const address = order.shippingAddress;
  return (
    <Section id="order-shipping" title="Ship to">
      {order.shippingOption === 'store' || !address ? (
        <p className="text-sm text-gray-800">Kept in our vault: nothing to ship.</p>
      ) : (
        <address className="text-sm break-words text-gray-900 not-italic">
          <AddressLines address={address} />
        </address>
      )}
      {order.packing && <PackingDetails packing={order.packing} />}
      {order.trackingNumber && (
        <Facts
          rows={[
            ['Carrier', order.carrier ?? '—'],
            ['Tracking number', order.trackingNumber],
          ]}
        />
      )}
      <Facts
        rows={[
          ['Customer', order.username],
          ['E-mail', order.email],
        ]}
      />
    </Section>
  );
}

function PaymentSection({ order }: { order: AdminOrderDetail }) {
  const { payment } = order;
  const rows: [string, ReactNode][] = [
    ['Method', PAYMENT_METHOD_LABELS[payment.method]],
    ['Provider', PROVIDER_LABELS[payment.provider]],
    ['Provider reference', payment.providerRef ?? '—'],
    ['Status', <PaymentStatusBadge key="status" status={order.paymentStatus} />],
    ['Paid', formatDateTime(payment.paidAt)],
    ['Price', formatUsd(payment.basePriceCents)],
  ];
  if (payment.discountCents > 0) rows.push(['Discount', `−${formatUsd(payment.discountCents)}`]);
  if (payment.markupCents > 0) rows.push(['Markup', formatUsd(payment.markupCents)]);
  rows.push(['Shipping', formatUsd(payment.shippingCents)]);
  if (payment.insuranceCents > 0) rows.push([INSURED_SHIPPING_LABEL, formatUsd(payment.insuranceCents)]);
  rows.push(['Total', <strong key="total">{formatUsd(payment.totalCents)}</strong>]);
  // Only a token order was paid in tokens; a card or PayPal order's quote amount means nothing.
  if (payment.method === 'artchip' && payment.artchipAmount) {
    rows.push(['Token amount', formatTokenAmount(payment.artchipAmount, { withTicker: true })]);
  }
  return (
    <Section id="order-payment" title="Payment">
      <Facts rows={rows} />
      {payment.flagged && (
        <p role="note" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <strong>Flagged:</strong> {payment.flagged}
        </p>
      )}
    </Section>
  );
}

function TimelineSection({ timeline }: { timeline: OrderEvent[] }) {
  return (
    <Section id="order-timeline" title="Timeline">
      {timeline.length === 0 ? (
        <p className="text-sm text-gray-800">Nothing recorded yet.</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-gray-200 pl-4">
          {timeline.map((event, index) => {
            const detail = eventDetail(event);
            return (
              <li key={`${event.type}-${event.createdAt}-${index}`} className="text-sm">
                <p className="font-medium text-gray-900">{EVENT_LABELS[event.type]}</p>
                <p className="text-gray-700">
                  {event.actorUsername ? `by @${event.actorUsername}` : 'by the system'} ·{' '}
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </p>
                {detail && <p className="break-words text-gray-800">{detail}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
        <span className="capitalize">
          {order.orderType}
          {order.isSurprize ? ' · surprize' : ''}
        </span>
        <span aria-hidden="true">·</span>
        <span>{formatDateTime(order.createdAt)}</span>
        <OrderStatusBadge status={order.orderStatus} />
      </div>
      <Section id="order-actions" title="Actions">
        {hasOrderActions(order) ? (
          <OrderActions order={order} layout="row" />
        ) : (
          !order.actions.refund && (
            <p className="text-sm text-gray-800">No action is open for this order in its current state.</p>
          )
        )}
        {order.actions.refund && (
          <p className="text-sm text-gray-800">This order can be refunded from its Money section below.</p>
        )}
        {!order.actions.refund && order.refundRefusal && order.paymentStatus === 'completed' && (
          <p role="note" className="text-sm text-gray-800">
            <strong>No refund here:</strong> {order.refundRefusal}
          </p>
        )}
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ItemSection order={order} />
        <ShippingSection order={order} />
        <PaymentSection order={order} />
        <TimelineSection timeline={order.timeline} />
      </div>
      <OrderMoneySection order={order} />
    </div>
  );
}

/** /admin/orders/:id: one order with what the admin needs to fulfil it, and only the actions it allows. */
export default function AdminOrderPage() {
  const { id: param } = useParams();
  const isSignedIn = useIsAdminSignedIn();
  const location = useLocation();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const order = useOrder(isSignedIn && id !== null ? id : null);
  usePageTitle(id === null ? 'Order' : `Order #${id}`);

  if (!isSignedIn) return <Navigate to={adminLoginPathFor(location.pathname)} replace />;

  let body: ReactNode;
  if (id === null || (order.error instanceof ApiRequestError && order.error.status === 404)) {
    body = (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        Order not found.
      </p>
    );
  } else if (order.isPending) {
    body = (
      <div role="status" aria-label="Loading order" className="space-y-4">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (order.isError) {
    body = (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        Failed to fetch the order. Please try again.
      </p>
    );
  } else {
    body = <OrderDetail order={order.data} />;
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to={ADMIN_ORDERS_TAB_PATH}
        className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Orders
      </Link>
      <h1 className="mb-4 text-3xl font-bold break-words text-gray-900">
        {id === null ? 'Order' : `Order #${id}`}
      </h1>
      {body}
    </div>
  );
}
