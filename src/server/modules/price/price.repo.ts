import { and, asc, desc, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { priceTicks } from './price.table.ts';

export type PriceTick = { priceUsd: string; createdAt: Date };

export async function insertPriceTick(
  db: Db,
  tick: { priceUsd: string; source: string; createdAt: Date },
): Promise<void> {
  await db.insert(priceTicks).values({ ...tick, updatedAt: tick.createdAt });
}

/** The newest stored tick, or null. */
export async function findLatestTick(db: Db): Promise<PriceTick | null> {
  const rows = await db
    .select({ priceUsd: priceTicks.priceUsd, createdAt: priceTicks.createdAt })
    .from(priceTicks)
    .orderBy(desc(priceTicks.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The tick closest in time to `at`, at most `toleranceMs` away (two index look-ups), or null. */
export async function findTickNearest(db: Db, at: Date, toleranceMs: number): Promise<PriceTick | null> {
  const select = { priceUsd: priceTicks.priceUsd, createdAt: priceTicks.createdAt };
  const [before] = await db
    .select(select)
    .from(priceTicks)
    .where(
      and(lte(priceTicks.createdAt, at), gte(priceTicks.createdAt, new Date(at.getTime() - toleranceMs))),
    )
    .orderBy(desc(priceTicks.createdAt))
    .limit(1);
  const [after] = await db
    .select(select)
    .from(priceTicks)
    .where(
      and(gte(priceTicks.createdAt, at), lte(priceTicks.createdAt, new Date(at.getTime() + toleranceMs))),
    )
    .orderBy(asc(priceTicks.createdAt))
    .limit(1);
  if (!before) return after ?? null;
  if (!after) return before;
  return at.getTime() - before.createdAt.getTime() <= after.createdAt.getTime() - at.getTime()
    ? before
    : after;
}

/** Deletes ticks older than `cutoff`. */
export async function deleteTicksBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(priceTicks).where(lt(priceTicks.createdAt, cutoff));
}
