import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';

/** Rate-limit windows shared by every server process (one row per route and client). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    ...baseColumns,
    key: text().notNull(),
    count: integer().notNull(),
    resetAt: tstz().notNull(),
  },
  (t) => [uniqueIndex('rate_limits_key_uq').on(t.key), index('rate_limits_reset_at_idx').on(t.resetAt)],
);
