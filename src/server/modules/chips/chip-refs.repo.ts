import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from './chips.table.ts';

/*
 * The chip reads and the one chip write the NFC production tools need: they must reach chips that are
 * not public yet (QR codes and sheets are printed before a chip goes live), and assigning a tag writes
 * chips.nfc_uid. Exported through index.ts for the nfc feature.
 */

/** What NFC needs to know about a chip: its page path, artwork and identifiers. */
export type ChipRef = {
  id: number;
  title: string;
  slug: string;
  creatorUsername: string;
  imageUrl: string | null;
  shape: string;
  /** Where the artwork sits in the disc (chip-crop.ts); null: centred, zoom 1, upright. */
  crop: { x: number; y: number; zoom: number; rotation: number } | null;
  imageWidth: number | null;
  imageHeight: number | null;
  unitId: string | null;
  nfcUid: string | null;
  /** Who may see it before it is public (chip-lifecycle.ts isChipPublic, chips.service canManageChip). */
  status: (typeof chips.$inferSelect)['status'];
  creatorId: number;
  ownerId: number | null;
};

const chipRefColumns = {
  id: chips.id,
  title: chips.title,
  slug: chips.slug,
  creatorUsername: users.username,
  imageUrl: chips.imageUrl,
  shape: chips.shape,
  crop: chips.crop,
  imageWidth: chips.imageWidth,
  imageHeight: chips.imageHeight,
  unitId: chips.unitId,
  nfcUid: chips.nfcUid,
  status: chips.status,
  creatorId: chips.creatorId,
  ownerId: chips.ownerId,
};

/** The chip, or null. */
export async function findChipRef(db: Db, chipId: number): Promise<ChipRef | null> {
  const [row] = await db
    .select(chipRefColumns)
    .from(chips)
    .innerJoin(users, eq(users.id, chips.creatorId))
    .where(eq(chips.id, chipId))
    .limit(1);
  return row ?? null;
}

/** Chips by id, in the order asked. */
export async function listChipRefs(db: Db, chipIds: number[]): Promise<ChipRef[]> {
  if (chipIds.length === 0) return [];
  const rows = await db
    .select(chipRefColumns)
    .from(chips)
    .innerJoin(users, eq(users.id, chips.creatorId))
    .where(inArray(chips.id, chipIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return chipIds.flatMap((id) => byId.get(id) ?? []);
}

/** Chips made from a mint order, or the chip a purchase/shipping order is about. */
export async function listChipRefsOfOrder(db: Db, orderId: number): Promise<ChipRef[]> {
  return db
    .select(chipRefColumns)
    .from(chips)
    .innerJoin(users, eq(users.id, chips.creatorId))
    .where(
      or(
        eq(chips.sourceOrderId, orderId),
        sql`${chips.id} = (select chip_id from orders where id = ${orderId})`,
      ),
    )
    .orderBy(chips.id);
}

/** Whether another chip already carries this NFC UID (chips_nfc_uid_uq). */
export async function isNfcUidOnOtherChip(db: Db, uid: string, chipId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chips.id })
    .from(chips)
    .where(and(eq(chips.nfcUid, uid), ne(chips.id, chipId)))
    .limit(1);
  return Boolean(row);
}

export async function setChipNfcUid(db: Db, chipId: number, uid: string): Promise<void> {
  await db.update(chips).set({ nfcUid: uid }).where(eq(chips.id, chipId));
}
