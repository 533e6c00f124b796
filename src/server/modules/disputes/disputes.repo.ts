/** Reads of `disputes` (decision 076); dispute-lifecycle.ts writes. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { OPEN_DISPUTE_STATUSES } from '#shared/disputes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { disputes } from './disputes.table.ts';
import type { DisputeRow } from './dispute-lifecycle.ts';

export async function findDispute(db: Db, id: number): Promise<DisputeRow | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  return row ?? null;
}

/** The open disputes, oldest first (the admin's queue). */
export async function listOpenDisputes(db: Db): Promise<DisputeRow[]> {
  return db.select().from(disputes).where(isNull(disputes.closedAt)).orderBy(asc(disputes.openedAt));
}

/** Whether the order has a dispute open now (an admin refund then waits for it). */
export async function hasOpenDispute(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])))
    .limit(1);
  return row !== undefined;
}
