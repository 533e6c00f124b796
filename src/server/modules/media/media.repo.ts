import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { media } from './media.table.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

export async function findMediaByHash(db: Db, hash: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.hash, hash)).limit(1);
  return row ?? null;
}

/** Inserts a media row; the same content uploaded twice (even concurrently) keeps the first row. */
export async function insertMediaIfAbsent(db: Db, values: NewMedia): Promise<MediaRow> {
  const [inserted] = await db
    .insert(media)
    .values(values)
    .onConflictDoNothing({ target: media.hash })
    .returning();
  if (inserted) return inserted;
  const existing = await findMediaByHash(db, values.hash);
  if (!existing) throw new Error(`media ${values.hash} vanished after a conflicting insert`);
  return existing;
}

/** The media rows of these ids (those that exist). */
export async function findMediaByIds(db: Db, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
}
