import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { payouts } from '#server/modules/payouts/payouts.table.ts';

export const commissions = pgTable(
  'commissions',
  {
    ...baseColumns,
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    affiliateUserId: integer()
      .notNull()
      .references(() => users.id),
    sourceUserId: integer()
      .notNull()
      .references(() => users.id),
    level: integer().notNull(),
    baseAmountCents: integer().notNull(),
    rateBasisPoints: integer().notNull(),
    amountCents: integer().notNull(),
    /** 'pending' | 'paid' */
    status: text().notNull().default('pending'),
    payoutId: integer().references(() => payouts.id),
  },
  (t) => [
    // A paid mint books each level once, however often the payment signal arrives.
    uniqueIndex('commissions_order_level_uq').on(t.orderId, t.level),
    index('commissions_affiliate_idx').on(t.affiliateUserId, t.status),
    index('commissions_source_idx').on(t.sourceUserId),
    index('commissions_payout_idx').on(t.payoutId),
  ],
);
