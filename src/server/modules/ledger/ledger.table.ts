import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '#shared/ledger.schemas.ts';
import { checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { payouts } from '#server/modules/payouts/payouts.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';

/**
 * The money ledger: one append-only line per movement (docs/decisions/011-ledger.md). A trigger in
 * the migration refuses UPDATE and DELETE; a correction is a new line. entryKey makes each booking
 * idempotent: the same movement booked twice is one line.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: tstz().notNull().defaultNow(),
    /** What this line books, once: `order:12:seller_proceeds`, `refund:3:platform_fee`, `payout:4`. */
    entryKey: text().notNull(),
    orderId: integer().references(() => orders.id),
    chipId: integer().references(() => chips.id),
    payoutId: integer().references(() => payouts.id),
    refundId: integer().references(() => refunds.id),
    account: text().$type<(typeof LEDGER_ACCOUNTS)[number]>().notNull(),
    kind: text().$type<(typeof LEDGER_KINDS)[number]>().notNull(),
    /** The seller, affiliate or buyer whose balance the line moves (null: the platform, shipping). */
    userId: integer().references(() => users.id),
    amountCents: integer().notNull(),
    reason: text().notNull(),
  },
  (t) => [
    uniqueIndex('ledger_lines_entry_key_uq').on(t.entryKey),
    index('ledger_lines_order_idx').on(t.orderId),
    index('ledger_lines_user_idx').on(t.userId, t.account),
    index('ledger_lines_payout_idx').on(t.payoutId),
    index('ledger_lines_refund_idx').on(t.refundId),
    index('ledger_lines_created_idx').on(t.createdAt),
    checkOneOf('ledger_lines_account_ck', t.account, LEDGER_ACCOUNTS),
    checkOneOf('ledger_lines_kind_ck', t.kind, LEDGER_KINDS),
    check(
      'ledger_lines_user_ck',
      sql`(${t.account} in ('seller', 'affiliate')) = (${t.userId} is not null) or ${t.account} = 'buyer'`,
    ),
  ],
);

/**
 * Proceeds held back from payout (decision 070): while an order has a hold not released, its money on
 * seller and affiliate accounts is not payable, whatever the payout hold says (ledger.repo
 * orderSettledAt). A buyer protection case holds its sale's proceeds under the key `case:<id>`.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: tstz().notNull().defaultNow(),
    key: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    reason: text().notNull(),
    releasedAt: tstz(),
  },
  (t) => [
    uniqueIndex('ledger_holds_key_uq').on(t.key),
    index('ledger_holds_open_order_idx')
      .on(t.orderId)
      .where(sql`${t.releasedAt} is null`),
  ],
);
