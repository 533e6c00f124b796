/**
 * A mint's design (shape and crop from the mint studio) travels with its order as the data of the
 * order's 'placed' step, the record of what the creator asked for, until the admin makes the chip,
 * which then keeps it in chips.shape and chips.crop (docs/decisions/018-mint-design-on-the-placed-step.md).
 */
import { and, asc, eq } from 'drizzle-orm';
import { MintDesignSchema, type MintDesign } from '#shared/orders.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { orderEvents } from './orders.table.ts';

/** The 'placed' step's data of a mint: the caller's timeline data and the design. */
export function placedDataWithDesign(
  data: Record<string, unknown> | undefined,
  design: MintDesign,
): Record<string, unknown> {
  return { ...data, design };
}

/** The design recorded on a 'placed' step's data, or null (not a mint, or placed before the studio). */
export function mintDesignFrom(data: Record<string, unknown> | undefined): MintDesign | null {
  const parsed = MintDesignSchema.safeParse(data?.design);
  return parsed.success ? parsed.data : null;
}

/** The design an order was placed with, or null. */
export async function findMintDesign(db: Db, orderId: number): Promise<MintDesign | null> {
  const [placed] = await db
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'placed')))
    .orderBy(asc(orderEvents.id))
    .limit(1);
  return mintDesignFrom(placed?.data);
}
