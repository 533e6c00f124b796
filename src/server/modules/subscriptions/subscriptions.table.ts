import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseColumns, tstz } from '#server/db/columns.ts';

export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    ...baseColumns,
    email: text().notNull(),
    /** 'not_confirmed' | 'confirmed' | 'unsubscribed' */
    status: text().notNull().default('not_confirmed'),
    /** sha256 of the confirmation token sent by e-mail. */
    confirmTokenHash: text(),
    /** Random token in the one-click unsubscribe link. */
    unsubscribeToken: text().notNull(),
    confirmedAt: tstz(),
    unsubscribedAt: tstz(),
  },
  (t) => [
    uniqueIndex('email_subscriptions_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('email_subscriptions_unsub_uq').on(t.unsubscribeToken),
    index('email_subscriptions_status_idx').on(t.status, t.id),
  ],
);
