import { and, count, desc, eq, inArray, isNull, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import { nfcTags, nfcTaps } from './nfc.table.ts';

export type NfcTagRow = typeof nfcTags.$inferSelect;
export type NfcTapRow = typeof nfcTaps.$inferSelect;

/** The tag with this UID (any status), or null. */
export async function findTagByUid(db: Db, uid: string): Promise<NfcTagRow | null> {
  const [row] = await db.select().from(nfcTags).where(eq(nfcTags.uid, uid)).limit(1);
  return row ?? null;
}

/** The chip's active tag, or null. */
export async function findActiveTagByChipId(db: Db, chipId: number): Promise<NfcTagRow | null> {
  const [row] = await db
    .select()
    .from(nfcTags)
    .where(and(eq(nfcTags.chipId, chipId), eq(nfcTags.status, 'active')))
    .orderBy(desc(nfcTags.id))
    .limit(1);
  return row ?? null;
}

export type MetaKeyRef = { metaReadKeyId: string; uid: string; metaReadKeyEnc: string };

/**
 * One sealed copy of every distinct meta-read key in use (few: normally one). A loose index scan over
 * nfc_tags_meta_key_idx, so the cost grows with the number of distinct keys, not of tags.
 */
export async function listMetaKeyRefs(db: Db): Promise<MetaKeyRef[]> {
  const result = await db.execute(sql`
    with recursive ids as (
      (select meta_read_key_id as id from nfc_tags where status = 'active' order by meta_read_key_id limit 1)
      union all
      select (
        select meta_read_key_id from nfc_tags
        where status = 'active' and meta_read_key_id > ids.id order by meta_read_key_id limit 1
      ) from ids where ids.id is not null
    )
    select t.meta_read_key_id as "metaReadKeyId", t.uid, t.meta_read_key_enc as "metaReadKeyEnc"
    from ids
    cross join lateral (
      select meta_read_key_id, uid, meta_read_key_enc from nfc_tags
      where meta_read_key_id = ids.id and status = 'active' order by id limit 1
    ) t
    where ids.id is not null`);
  return rowsOf<MetaKeyRef>(result);
}

export type TagValues = Pick<
  typeof nfcTags.$inferInsert,
  'uid' | 'mode' | 'metaReadKeyEnc' | 'fileReadKeyEnc' | 'metaReadKeyId' | 'keySource' | 'urlTemplate'
>;

/**
 * Creates the tag, or replaces keys and chip of the tag with this UID. New keys mean the tag was (re)programmed,
 * and enabling SDM resets its counter to 0 (SUN.md pitfall 9), so the accepted counter restarts too.
 */
export async function upsertTag(db: Db, chipId: number, values: TagValues): Promise<NfcTagRow | null> {
  const fresh = { ...values, chipId, status: 'active', lastCounter: -1, lastEventAt: null };
  const [row] = await db
    .insert(nfcTags)
    .values(fresh)
    .onConflictDoUpdate({
      target: nfcTags.uid,
      set: { ...fresh, updatedAt: new Date() },
      // Never takes an active tag away from another chip (null row = conflict).
      setWhere: or(eq(nfcTags.status, 'retired'), isNull(nfcTags.chipId), eq(nfcTags.chipId, chipId)),
    })
    .returning();
  return row ?? null;
}

/** Retires the chip's other tags (a chip carries one tag; a replaced one must stop verifying as this chip). */
export async function retireOtherTagsOfChip(db: Db, chipId: number, keepUid: string): Promise<void> {
  await db
    .update(nfcTags)
    .set({ status: 'retired' })
    .where(and(eq(nfcTags.chipId, chipId), ne(nfcTags.uid, keepUid), eq(nfcTags.status, 'active')));
}

/**
 * Compare-and-set of the replay counter: succeeds only for a counter above the stored one. Concurrent taps with
 * the same counter serialise on the row lock and the loser re-checks the WHERE clause, so only one succeeds.
 */
export async function acceptCounter(db: Db, tagId: number, counter: number): Promise<boolean> {
  const rows = await db
    .update(nfcTags)
    .set({ lastCounter: counter })
    .where(and(eq(nfcTags.id, tagId), eq(nfcTags.status, 'active'), lt(nfcTags.lastCounter, counter)))
    .returning({ id: nfcTags.id });
  return rows.length > 0;
}

/** The stored counter (read after a refused compare-and-set). */
export async function findLastCounter(db: Db, tagId: number): Promise<number | null> {
  const [row] = await db
    .select({ lastCounter: nfcTags.lastCounter })
    .from(nfcTags)
    .where(eq(nfcTags.id, tagId))
    .limit(1);
  return row?.lastCounter ?? null;
}

/** Takes the tag's provenance-event slot if the last one is older than `since`; true when taken. */
export async function claimEventSlot(db: Db, tagId: number, now: Date, since: Date): Promise<boolean> {
  const rows = await db
    .update(nfcTags)
    .set({ lastEventAt: now })
    .where(and(eq(nfcTags.id, tagId), or(isNull(nfcTags.lastEventAt), lte(nfcTags.lastEventAt, since))))
    .returning({ id: nfcTags.id });
  return rows.length > 0;
}

/** Sets the accepted counter back to "never tapped" after the tag was re-programmed. */
export async function resetTagCounter(db: Db, tagId: number): Promise<NfcTagRow | null> {
  const [row] = await db.update(nfcTags).set({ lastCounter: -1 }).where(eq(nfcTags.id, tagId)).returning();
  return row ?? null;
}

export async function insertTap(db: Db, values: typeof nfcTaps.$inferInsert): Promise<void> {
  await db.insert(nfcTaps).values(values);
}

/** The chip's taps, newest first. */
export async function listTapsByChip(db: Db, chipId: number, limit: number): Promise<NfcTapRow[]> {
  return db
    .select()
    .from(nfcTaps)
    .where(eq(nfcTaps.chipId, chipId))
    .orderBy(desc(nfcTaps.createdAt), desc(nfcTaps.id))
    .limit(limit);
}

/** Whether another active tag holds this UID for a different chip. */
export async function isUidTakenByOtherChip(db: Db, uid: string, chipId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: nfcTags.id })
    .from(nfcTags)
    .where(and(eq(nfcTags.uid, uid), eq(nfcTags.status, 'active'), ne(nfcTags.chipId, chipId)))
    .limit(1);
  return Boolean(row);
}

/** Active tags of some chips (for the production sheet). */
export async function listActiveTagsByChipIds(db: Db, chipIds: number[]): Promise<NfcTagRow[]> {
  if (chipIds.length === 0) return [];
  return db
    .select()
    .from(nfcTags)
    .where(and(inArray(nfcTags.chipId, chipIds), eq(nfcTags.status, 'active')));
}

/** How many authentic taps the chip has had, and when the last was. */
export async function summarizeVerifiedTaps(
  db: Db,
  chipId: number,
): Promise<{ count: number; lastAt: Date | null }> {
  const [row] = await db
    .select({ count: count(), lastAt: max(nfcTaps.createdAt) })
    .from(nfcTaps)
    .where(and(eq(nfcTaps.chipId, chipId), eq(nfcTaps.status, 'authentic')));
  return { count: row?.count ?? 0, lastAt: row?.lastAt ?? null };
}
