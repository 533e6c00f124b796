import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';
import { orders } from '#server/features/orders/orders.table.ts';

/** Provider signals, stored with a unique key before they act, so each one counts once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    ...baseColumns,
    provider: text().notNull(),
    eventKey: text().notNull(),
    orderId: integer().references(() => orders.id),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    outcome: text(),
    processedAt: tstz(),
  },
  (t) => [
    uniqueIndex('payment_events_key_uq').on(t.provider, t.eventKey),
    index('payment_events_order_idx').on(t.orderId),
  ],
);
