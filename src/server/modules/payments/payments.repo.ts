/**
 * Provider signals (payment_events): each is stored under its unique (provider, eventKey) before it
 * acts, so it counts once. Orders are read through the orders feature.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import { paymentEvents } from './payments.table.ts';

/** The keys of the provider signals already recorded for an order (so they are not fetched again). */
export async function listRecordedEventKeys(db: Db, provider: string, orderId: number): Promise<Set<string>> {
  const rows = await db
    .select({ eventKey: paymentEvents.eventKey })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.orderId, orderId)));
  return new Set(rows.map((r) => r.eventKey));
}

/** Inserts a provider signal; null when (provider, eventKey) was seen before. */
export async function insertPaymentEventOnce(
  tx: Db,
  values: typeof paymentEvents.$inferInsert,
): Promise<typeof paymentEvents.$inferSelect | null> {
  const [row] = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventKey] })
    .returning();
  return row ?? null;
}

export async function setPaymentEventOutcome(tx: Db, id: number, outcome: string, now: Date): Promise<void> {
  await tx.update(paymentEvents).set({ outcome, processedAt: now }).where(eq(paymentEvents.id, id));
}

/** The key of the payment that paid an order (its completed signal), if recorded. */
export async function findCompletionKey(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ eventKey: paymentEvents.eventKey })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.outcome, 'completed')))
    .orderBy(paymentEvents.id)
    .limit(1);
  return row?.eventKey ?? null;
}

/** The order a provider's completed payment paid (its completion key), if recorded (decision 076). */
export async function findOrderIdByPaymentKey(
  db: Db,
  provider: string,
  paymentKey: string,
): Promise<number | null> {
  const [row] = await db
    .select({ orderId: paymentEvents.orderId })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.eventKey, paymentKey),
        eq(paymentEvents.outcome, 'completed'),
      ),
    )
    .limit(1);
  return row?.orderId ?? null;
}

/** The provider signals recorded for an order, oldest first (an admin's dispute file). */
export async function listPaymentEventsOfOrder(db: Db, orderId: number) {
  return db
    .select({ type: paymentEvents.type, createdAt: paymentEvents.createdAt, outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(paymentEvents.id);
}

/**
 * Per order: what providers captured, from their recorded signals (a payment kept, one refunded
 * because its chip sold elsewhere, a duplicate), for reconciliation.
 */
export async function listCapturedTotals(db: Db): Promise<Map<number, number>> {
  const rows = rowsOf<{ order_id: number; cents: number }>(
    await db.execute(sql`select ${paymentEvents.orderId} as order_id,
        sum((${paymentEvents.payload}->>'amountCents')::bigint) as cents
      from ${paymentEvents}
      where ${paymentEvents.outcome} in ('completed', 'chip_unavailable', 'duplicate_payment')
        and ${paymentEvents.orderId} is not null
      group by 1`),
  );
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.cents)]));
}
