import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { OFFER_STATUSES } from '#shared/offers.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';

/** Offers on listed chips; only offer-lifecycle.ts changes their status. */

export const offers = pgTable(
  'offers',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id),
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    amountCents: integer().notNull(),
    counterAmountCents: integer(),
    status: text().$type<(typeof OFFER_STATUSES)[number]>().notNull().default('pending'),
    message: text(),
    expiresAt: tstz().notNull(),
    acceptedUntil: tstz(),
    orderId: integer(),
  },
  (t) => [
    index('offers_chip_id_idx').on(t.chipId, t.status),
    index('offers_buyer_id_idx').on(t.buyerId),
    index('offers_owner_id_idx').on(t.ownerId),
    checkOneOf('offers_status_ck', t.status, OFFER_STATUSES),
  ],
);
