import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { MAIL_STATES } from '#shared/admin.schemas.ts';
import { mailOutbox } from './mail.table.ts';

type PageArgs = {
  status?: (typeof MAIL_STATES)[number] | undefined;
  beforeId?: number | undefined;
  limit: number;
};

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
