import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REFUND_REASONS, REFUND_STATUSES } from '#shared/refunds.schemas.ts';
import { PAYMENT_PROVIDERS } from '#shared/orders.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';

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

/**
 * Money given back to a buyer through the payment's provider, once per captured payment (unique
 * order and paymentKey, the completion's eventKey). requested → succeeded | pending (the provider
 * reports later) | manual (the token: an admin sends it on-chain and records the signature) | failed
 * (retried by the refunds job until it succeeds).
 */
export const refunds = pgTable(
  'refunds',
  {
    ...baseColumns,
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    provider: text().$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    /** Which captured payment this gives back (its payment event key). */
    paymentKey: text().notNull(),
    amountCents: integer().notNull(),
    reason: text().$type<(typeof REFUND_REASONS)[number]>().notNull(),
    /** The admin's words, for an admin refund. */
    note: text(),
    status: text().$type<(typeof REFUND_STATUSES)[number]>().notNull().default('requested'),
    /** The provider's refund id, or the on-chain signature of a token refund. */
    providerReference: text(),
    failureMessage: text(),
    attempts: integer().notNull().default(0),
    requestedBy: integer().references(() => users.id),
    completedAt: tstz(),
  },
  (t) => [
    uniqueIndex('refunds_payment_uq').on(t.orderId, t.paymentKey),
    index('refunds_status_idx').on(t.status),
    checkOneOf('refunds_provider_ck', t.provider, PAYMENT_PROVIDERS),
    checkOneOf('refunds_reason_ck', t.reason, REFUND_REASONS),
    checkOneOf('refunds_status_ck', t.status, REFUND_STATUSES),
  ],
);
