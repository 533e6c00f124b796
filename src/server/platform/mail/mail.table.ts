import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { MAIL_STATES } from '#shared/admin.schemas.ts';

/**
 * How soon a message goes out, lowest first: mail someone is waiting for (verification, password,
 * order confirmation) before notifications, and those before list mail.
 */
export const MAIL_PRIORITY = { transactional: 0, normal: 5, bulk: 9 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

/** Outgoing mail, written in the same transaction as the change it reports and sent after commit. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...baseColumns,
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Template name, for the admin mail log. */
    template: text().notNull(),
    status: text().$type<(typeof MAIL_STATES)[number]>().notNull().default('pending'),
    /** MAIL_PRIORITY: 0 goes first. */
    priority: integer().notNull().default(MAIL_PRIORITY.normal),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull().defaultNow(),
    lastError: text(),
    sentAt: tstz(),
    messageId: text(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    // The senders' queue: pending rows in the order they go out.
    index('mail_outbox_queue_idx')
      .on(t.priority, t.id)
      .where(sql`${t.status} = 'pending'`),
    checkOneOf('mail_outbox_status_ck', t.status, MAIL_STATES),
    check('mail_outbox_priority_ck', sql`${t.priority} between 0 and 9`),
  ],
);
