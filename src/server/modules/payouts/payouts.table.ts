import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_KINDS, PAYOUT_METHODS, PAYOUT_STATUSES } from '#shared/payouts.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

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
    /** How it was paid: recorded by hand, a Stripe Connect transfer, or a PayPal payout. */
    method: text().$type<(typeof PAYOUT_METHODS)[number]>().notNull().default('manual'),
    /** paid; pending while the provider works on it; failed when the provider gave it back. */
    status: text().$type<(typeof PAYOUT_STATUSES)[number]>().notNull().default('paid'),
    failureMessage: text(),
  },
  (t) => [
    index('payouts_user_id_idx').on(t.userId),
    index('payouts_admin_id_idx').on(t.adminId),
    checkOneOf('payouts_kind_ck', t.kind, PAYOUT_KINDS),
    checkOneOf('payouts_method_ck', t.method, PAYOUT_METHODS),
    checkOneOf('payouts_status_ck', t.status, PAYOUT_STATUSES),
  ],
);

/**
 * How a seller or affiliate wants to be paid: by hand (the admin's bank or PayPal transfer), into
 * their Stripe Connect Express account once onboarded, or by PayPal Payouts to an e-mail.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().$type<(typeof PAYOUT_METHODS)[number]>().notNull().default('manual'),
    paypalEmail: text(),
    stripeAccountId: text(),
    /** Stripe says the account can receive transfers (onboarding finished). */
    stripeReady: boolean().notNull().default(false),
    /**
     * When where this account pays (its rail, PayPal e-mail or Stripe account) was last set (decision
     * 071); null: before that decision. A payout to it waits payoutDestinationHoldHours from then.
     */
    destinationSetAt: tstz(),
  },
  (t) => [
    uniqueIndex('payout_accounts_user_uq').on(t.userId),
    checkOneOf('payout_accounts_method_ck', t.method, PAYOUT_METHODS),
  ],
);
