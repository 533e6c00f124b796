/**
 * Provider signals (payment_events): each is stored under its unique (provider, eventKey) before it
 * acts, so it counts once. Orders are read through the orders feature.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
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
