import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';

export const contactMessages = pgTable(
  'contact_messages',
  {
    ...baseColumns,
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    /** 'new' | 'read' | 'archived' */
    status: text().notNull().default('new'),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.id)],
);
