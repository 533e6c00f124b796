import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contactMessages } from '#server/features/contact/contact.table.ts';
import { mailOutbox } from '#server/features/mail/mail.table.ts';

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

/** The mail log: recipient, subject, state, attempts and last error; never the bodies. */
export function listMail(db: Db, args: PageArgs) {
  const conditions: SQL[] = [];
  if (args.status) conditions.push(eq(mailOutbox.status, args.status));
  if (args.beforeId !== undefined) conditions.push(lt(mailOutbox.id, args.beforeId));
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(args.limit);
}
