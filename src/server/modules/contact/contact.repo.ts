import type { Db } from '#server/db/client.ts';
import { contactMessages } from './contact.table.ts';

type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  tx: Db,
  row: { name: string; email: string; subject: string; message: string },
): Promise<ContactMessageRow> {
  const rows = await tx.insert(contactMessages).values(row).returning();
  return rows[0]!;
}
