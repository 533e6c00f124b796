import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contactMessages } from './contact.table.ts';

type PageArgs = { status?: string | undefined; beforeId?: number | undefined; limit: number };

/** Contact messages, newest first; keyset on id (contact_messages_status_idx covers the filter). */
export function listMessages(db: Db, args: PageArgs) {
  const conditions: SQL[] = [];
  if (args.status) conditions.push(eq(contactMessages.status, args.status));
  if (args.beforeId !== undefined) conditions.push(lt(contactMessages.id, args.beforeId));
  return db
    .select()
    .from(contactMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(contactMessages.id))
    .limit(args.limit);
}

export async function findMessageForUpdate(db: Db, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row ?? null;
}

export async function setMessageStatus(db: Db, id: number, status: string) {
  const [row] = await db
    .update(contactMessages)
    .set({ status })
    .where(eq(contactMessages.id, id))
    .returning();
  return row!;
}
