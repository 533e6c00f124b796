import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';

/** History of token prices read from the price source; change_24h is computed from it. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    ...baseColumns,
    /** USD per token as a decimal string (never a float). */
    priceUsd: text().notNull(),
    source: text().notNull(),
  },
  (t) => [index('price_ticks_created_at_idx').on(t.createdAt)],
);
