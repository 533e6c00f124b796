/**
 * The chip side of the order state machine: holds, sale and hand-over. These writes belong to the
 * order transaction that locks the chip row, so they live beside the orders rather than in the
 * catalogue (which owns the chips table and its listings).
 */
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { chips } from '#server/features/chips/chips.table.ts';
import { users } from '#server/features/users/users.table.ts';

export type ChipRow = typeof chips.$inferSelect;

/**
 * Locks a chip row so that one checkout, sale or offer decision runs at a time. FOR NO KEY UPDATE
 * (a chip's id never changes): it excludes every other such lock but not the KEY SHARE locks taken
 * by inserting rows that reference the chip (orders, events), which would otherwise deadlock.
 */
export async function lockChipRow(tx: Db, id: number): Promise<ChipRow | null> {
  const [row] = await tx.select().from(chips).where(eq(chips.id, id)).for('no key update').limit(1);
  return row ?? null;
}

export async function findChipRow(db: Db, id: number): Promise<ChipRow | null> {
  const [row] = await db.select().from(chips).where(eq(chips.id, id)).limit(1);
  return row ?? null;
}

export async function updateChipRow(
  tx: Db,
  id: number,
  values: Partial<typeof chips.$inferInsert>,
): Promise<ChipRow> {
  const [row] = await tx.update(chips).set(values).where(eq(chips.id, id)).returning();
  return row!;
}

/** Clears a hold, but only the one this order placed. */
export async function releaseChipHold(tx: Db, chipId: number, orderId: number): Promise<void> {
  await tx
    .update(chips)
    .set({ reservedByOrderId: null, reservedUntil: null })
    .where(and(eq(chips.id, chipId), eq(chips.reservedByOrderId, orderId)));
}

/** Chips whose hold lapsed before `now`: ids and the order that held each. */
export async function listLapsedHolds(db: Db, now: Date, limit = 200) {
  return db
    .select({ chipId: chips.id, orderId: chips.reservedByOrderId })
    .from(chips)
    .where(and(isNotNull(chips.reservedByOrderId), lt(chips.reservedUntil, now)))
    .limit(limit);
}

const creator = alias(users, 'my_chip_creator');
const owner = alias(users, 'my_chip_owner');

/** Chips a user created or owns (owner null means the creator still owns it), newest first. */
export async function listChipsOfUser(db: Db, userId: number) {
  return db
    .select({ chip: chips, creatorUsername: creator.username, ownerUsername: owner.username })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .leftJoin(owner, eq(owner.id, chips.ownerId))
    .where(or(eq(chips.ownerId, userId), eq(chips.creatorId, userId)))
    .orderBy(sql`${chips.createdAt} desc`, sql`${chips.id} desc`);
}

/** A chip with the usernames its DTO shows. */
export async function findChipWithUsers(db: Db, id: number) {
  const [row] = await db
    .select({ chip: chips, creatorUsername: creator.username, ownerUsername: owner.username })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .leftJoin(owner, eq(owner.id, chips.ownerId))
    .where(eq(chips.id, id))
    .limit(1);
  return row ?? null;
}

/** The current owner: possession is ownership, and the creator owns a chip until its first sale. */
export function ownerIdOf(chip: Pick<ChipRow, 'ownerId' | 'creatorId'>): number {
  return chip.ownerId ?? chip.creatorId;
}

export async function countChipsCreatedBy(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(eq(chips.creatorId, userId));
  return row?.n ?? 0;
}
