import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { LIVE_HANDOVER_STATUSES } from '#shared/handovers.schemas.ts';
import { chipHandovers, handoverClaims, handoverOwnerTaps } from './handovers.table.ts';

export type HandoverRow = typeof chipHandovers.$inferSelect;
export type NewHandoverRow = typeof chipHandovers.$inferInsert;
export type HandoverClaimRow = typeof handoverClaims.$inferSelect;

/** The chip's live handover (awaiting its fee, open, or being paid by a claimant), or null. */
export async function findLiveHandover(db: Db, chipId: number, lock = false): Promise<HandoverRow | null> {
  const query = db
    .select()
    .from(chipHandovers)
    .where(and(eq(chipHandovers.chipId, chipId), inArray(chipHandovers.status, [...LIVE_HANDOVER_STATUSES])))
    .orderBy(desc(chipHandovers.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function lockHandover(tx: Db, id: number): Promise<HandoverRow | null> {
  const [row] = await tx.select().from(chipHandovers).where(eq(chipHandovers.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findHandoverById(db: Db, id: number): Promise<HandoverRow | null> {
  const [row] = await db.select().from(chipHandovers).where(eq(chipHandovers.id, id)).limit(1);
  return row ?? null;
}

export async function insertHandover(tx: Db, values: NewHandoverRow): Promise<HandoverRow> {
  const [row] = await tx.insert(chipHandovers).values(values).returning();
  return row!;
}

export async function updateHandover(
  tx: Db,
  id: number,
  values: Partial<NewHandoverRow>,
): Promise<HandoverRow> {
  const [row] = await tx.update(chipHandovers).set(values).where(eq(chipHandovers.id, id)).returning();
  return row!;
}

/** Stores a tap's claim token (hashed); null when this tap (handover, counter) already has one. */
export async function insertClaimOnce(
  tx: Db,
  values: typeof handoverClaims.$inferInsert,
): Promise<HandoverClaimRow | null> {
  const [row] = await tx.insert(handoverClaims).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findClaimByTokenHash(db: Db, tokenHash: string): Promise<HandoverClaimRow | null> {
  const [row] = await db
    .select()
    .from(handoverClaims)
    .where(eq(handoverClaims.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function lockClaim(tx: Db, id: number): Promise<HandoverClaimRow | null> {
  const [row] = await tx
    .select()
    .from(handoverClaims)
    .where(eq(handoverClaims.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function markClaimUsed(tx: Db, id: number, userId: number, now: Date): Promise<void> {
  await tx.update(handoverClaims).set({ usedAt: now, usedBy: userId }).where(eq(handoverClaims.id, id));
}

export type HandoverOwnerTapRow = typeof handoverOwnerTaps.$inferSelect;

/** Stores an owner's tap token (hashed); null when this tap (tag, counter) already has one. */
export async function insertOwnerTapOnce(
  tx: Db,
  values: typeof handoverOwnerTaps.$inferInsert,
): Promise<HandoverOwnerTapRow | null> {
  const [row] = await tx.insert(handoverOwnerTaps).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function lockOwnerTapByTokenHash(
  tx: Db,
  tokenHash: string,
): Promise<HandoverOwnerTapRow | null> {
  const [row] = await tx
    .select()
    .from(handoverOwnerTaps)
    .where(eq(handoverOwnerTaps.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function markOwnerTapUsed(tx: Db, id: number, now: Date): Promise<void> {
  await tx.update(handoverOwnerTaps).set({ usedAt: now }).where(eq(handoverOwnerTaps.id, id));
}
