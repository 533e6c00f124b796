import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CASE_KINDS, CASE_OUTCOMES, CASE_STATUSES } from '#shared/cases.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';

/**
 * Buyer protection cases (decision 070). Only case-lifecycle.ts writes them; the states are
 * CASE_STATUSES and the database refuses any other, and any row whose columns disagree with its state.
 */
export const buyerCases = pgTable(
  'buyer_cases',
  {
    ...baseColumns,
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    sellerId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().$type<(typeof CASE_KINDS)[number]>().notNull(),
    status: text().$type<(typeof CASE_STATUSES)[number]>().notNull(),
    description: text().notNull(),
    /** Up to 4 photos from the media pipeline, as the buyer added them. */
    photos: jsonb().$type<{ mediaId: number; url: string }[]>().notNull().default([]),
    sellerDueAt: tstz().notNull(),
    sellerAnswer: text(),
    sellerAnsweredAt: tstz(),
    outcome: text().$type<(typeof CASE_OUTCOMES)[number]>(),
    refundCents: integer(),
    decisionReason: text(),
    decidedBy: integer().references(() => users.id),
    decidedAt: tstz(),
    refundId: integer().references(() => refunds.id),
    closedAt: tstz(),
  },
  (t) => [
    checkOneOf('buyer_cases_kind_ck', t.kind, CASE_KINDS),
    checkOneOf('buyer_cases_status_ck', t.status, CASE_STATUSES),
    checkOneOf('buyer_cases_outcome_ck', t.outcome, CASE_OUTCOMES),
    // Undecided exactly while waiting for the seller or the admin; decided with a reason and a date.
    check(
      'buyer_cases_decided_ck',
      sql`(${t.status} in ('awaiting_seller', 'awaiting_decision')) = (${t.outcome} is null)
        and (${t.outcome} is null) = (${t.decidedAt} is null)
        and (${t.outcome} is null) = (${t.decisionReason} is null)`,
    ),
    check(
      'buyer_cases_answered_ck',
      sql`${t.status} <> 'awaiting_decision' or ${t.sellerAnsweredAt} is not null`,
    ),
    // A refund names its amount and its refund; a denial refunds nothing and closes at once.
    check(
      'buyer_cases_refund_ck',
      sql`(${t.outcome} in ('refund', 'partial_refund')) = (${t.refundCents} is not null and ${t.refundCents} > 0 and ${t.refundId} is not null)`,
    ),
    check('buyer_cases_deny_ck', sql`${t.outcome} is distinct from 'deny' or ${t.status} = 'closed'`),
    check('buyer_cases_closed_ck', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    // One open case per order.
    uniqueIndex('buyer_cases_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} <> 'closed'`),
    index('buyer_cases_order_idx').on(t.orderId),
    index('buyer_cases_buyer_idx').on(t.buyerId),
    index('buyer_cases_seller_idx').on(t.sellerId),
    index('buyer_cases_refund_idx').on(t.refundId),
    index('buyer_cases_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'closed'`),
  ],
);
