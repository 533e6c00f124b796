import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';

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
    /** 'pending' | 'sending' | 'sent' | 'failed' */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull().defaultNow(),
    lastError: text(),
    sentAt: tstz(),
    messageId: text(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
