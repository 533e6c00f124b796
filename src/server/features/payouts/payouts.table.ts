import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { PAYOUT_KINDS } from '#shared/payouts.schemas.ts';
import { baseColumns, checkOneOf } from '#server/db/columns.ts';
import { users } from '#server/features/users/users.table.ts';

/**
 * Money paid out to a seller (their settled proceeds) or an affiliate (their commissions), once each,
 * with the reference of the transfer. The entries it pays point back at it (payout_id).
 */
export const payouts = pgTable(
  'payouts',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().$type<(typeof PAYOUT_KINDS)[number]>().notNull().default('affiliate'),
    amountCents: integer().notNull(),
    /** The bank, PayPal or on-chain reference the admin entered, if any. */
    txReference: text(),
    adminId: integer().references(() => users.id),
  },
  (t) => [
    index('payouts_user_id_idx').on(t.userId),
    index('payouts_admin_id_idx').on(t.adminId),
    checkOneOf('payouts_kind_ck', t.kind, PAYOUT_KINDS),
  ],
);
