import type { Db } from '#server/db/client.ts';
import { priceTicks } from '#server/modules/price/price.table.ts';

/** Stores a price tick as if the price source had been read at `createdAt`. */
export async function insertPriceTick(db: Db, tick: { priceUsd: string; createdAt: Date; source?: string }) {
  const [row] = await db
    .insert(priceTicks)
    .values({ source: 'test', ...tick, updatedAt: tick.createdAt })
    .returning();
  return row!;
}

/** Every stored tick, oldest first. */
export async function listPriceTicks(db: Db) {
  const rows = await db.select().from(priceTicks);
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
