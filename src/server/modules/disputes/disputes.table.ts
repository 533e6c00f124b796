import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISPUTE_PROVIDERS, DISPUTE_STATUSES } from '#shared/disputes.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';

/**
 * Card and PayPal disputes (decision 076), one row per provider dispute. Only dispute-lifecycle.ts
 * writes them; the states are DISPUTE_STATUSES and the database refuses any other, and any row whose
 * columns disagree with its state.
 */
export const disputes = pgTable(
  'disputes',
  {
    ...baseColumns,
    provider: text().$type<(typeof DISPUTE_PROVIDERS)[number]>().notNull(),
    /** Stripe's `dp_…`, PayPal's `PP-D-…`. */
    providerDisputeId: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    status: text().$type<(typeof DISPUTE_STATUSES)[number]>().notNull(),
    /** The provider's reason (fraudulent, product_not_received, …). */
    reason: text(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    evidenceDueBy: tstz(),
    evidenceSubmittedAt: tstz(),
    openedAt: tstz().notNull(),
    closedAt: tstz(),
    /** A lost dispute's chargeback, booked as a refund row of reason chargeback (null: nothing left to take back). */
    refundId: integer().references(() => refunds.id),
    /** A lost dispute's fee, booked to the platform. */
    feeCents: integer(),
  },
  (t) => [
    uniqueIndex('disputes_provider_id_uq').on(t.provider, t.providerDisputeId),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_open_idx')
      .on(t.openedAt)
      .where(sql`${t.closedAt} is null`),
    checkOneOf('disputes_provider_ck', t.provider, DISPUTE_PROVIDERS),
    checkOneOf('disputes_status_ck', t.status, DISPUTE_STATUSES),
    check('disputes_amount_ck', sql`${t.amountCents} > 0`),
    check('disputes_closed_ck', sql`(${t.closedAt} is not null) = (${t.status} in ('won', 'lost'))`),
    check('disputes_fee_ck', sql`${t.feeCents} is null or (${t.status} = 'lost' and ${t.feeCents} >= 0)`),
    check('disputes_refund_ck', sql`${t.refundId} is null or ${t.status} = 'lost'`),
  ],
);
