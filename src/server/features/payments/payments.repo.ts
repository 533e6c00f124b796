/**
 * Order lookups the live payment adapters need (by provider reference, pending within a window).
 * Orders and payment events are the commerce tables (orders.table.ts); this file only reads them.
 */
import { and, eq, gt, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orders, paymentEvents } from '#server/features/orders/orders.table.ts';
import type { OrderRow } from '#server/features/orders/orders.repo.ts';
import type { PaymentProviderName } from './payment-provider.ts';

/** The order a provider's reference (PaymentIntent id, PayPal order id, Solana Pay reference) belongs to. */
export async function findOrderByProviderRef(
  db: Db,
  provider: PaymentProviderName,
  providerRef: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** A creation-time window: orders created after `createdAfter` (and before `createdBefore`, if given). */
export type PendingWindow = {
  createdAfter: Date;
  createdBefore?: Date;
  provider?: PaymentProviderName;
  limit?: number;
};

/**
 * Unpaid orders with a provider reference created inside the window, oldest first. Cancelled ones
 * are included: a lapsed hold cancels the order, yet its payment may still have gone through and
 * must be settled (completeOrderPayment then hands the chip over or flags a refund).
 */
export async function listUnpaidOrdersInWindow(db: Db, window: PendingWindow): Promise<OrderRow[]> {
  const conditions: SQL[] = [
    inArray(orders.paymentStatus, ['pending', 'processing']),
    inArray(orders.status, ['pending', 'cancelled']),
    isNotNull(orders.providerRef),
    gt(orders.createdAt, window.createdAfter),
  ];
  if (window.createdBefore) conditions.push(lt(orders.createdAt, window.createdBefore));
  if (window.provider) conditions.push(eq(orders.paymentProvider, window.provider));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(orders.createdAt)
    .limit(window.limit ?? 200);
}

/** The keys of the provider signals already recorded for an order (so they are not fetched again). */
export async function listRecordedEventKeys(db: Db, provider: string, orderId: number): Promise<Set<string>> {
  const rows = await db
    .select({ eventKey: paymentEvents.eventKey })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.orderId, orderId)));
  return new Set(rows.map((r) => r.eventKey));
}
