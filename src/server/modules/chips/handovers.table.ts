import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { HANDOVER_FEE_PAYERS, HANDOVER_STATUSES } from '#shared/handovers.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from './chips.table.ts';

/**
 * A hand-over by tap (issue 15): the owner of a chip that is with them lets the next fresh authentic
 * tap claim it. Only handover-lifecycle.ts writes it; states in HANDOVER_STATUSES.
 */
export const chipHandovers = pgTable(
  'chip_handovers',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    status: text().$type<(typeof HANDOVER_STATUSES)[number]>().notNull(),
    feePaidBy: text().$type<(typeof HANDOVER_FEE_PAYERS)[number]>().notNull(),
    /** The tag (nfc_tags.id) and its accepted SDM read counter when the handover started: only a later tap claims. */
    tagId: integer().notNull(),
    startCounter: integer().notNull(),
    /** The owner's fee order (feePaidBy 'owner'). */
    feeOrderId: integer(),
    /** Who claimed it by tap, and (feePaidBy 'claimant') the order they pay the fee with, until claimUntil. */
    claimantId: integer().references(() => users.id),
    claimOrderId: integer(),
    claimUntil: tstz(),
    claimedAt: tstz(),
    cancelledAt: tstz(),
  },
  (t) => [
    checkOneOf('chip_handovers_status_ck', t.status, HANDOVER_STATUSES),
    checkOneOf('chip_handovers_fee_paid_by_ck', t.feePaidBy, HANDOVER_FEE_PAYERS),
    check(
      'chip_handovers_fee_order_ck',
      sql`${t.feePaidBy} = 'owner' or (${t.feeOrderId} is null and ${t.status} <> 'awaiting_fee')`,
    ),
    check(
      'chip_handovers_claim_ck',
      sql`${t.status} <> 'awaiting_payment' or (${t.claimantId} is not null and ${t.claimOrderId} is not null and ${t.claimUntil} is not null)`,
    ),
    check('chip_handovers_claimed_ck', sql`(${t.status} = 'claimed') = (${t.claimedAt} is not null)`),
    // One live handover per chip.
    uniqueIndex('chip_handovers_live_uq')
      .on(t.chipId)
      .where(sql`${t.status} in ('awaiting_fee', 'open', 'awaiting_payment')`),
    index('chip_handovers_chip_id_idx').on(t.chipId, t.createdAt),
    index('chip_handovers_owner_id_idx').on(t.ownerId),
    index('chip_handovers_claimant_id_idx').on(t.claimantId),
  ],
);

/**
 * A claim token handed to one fresh authentic tap of a chip being handed over. Stored as a hash; a
 * tap (handover, counter) gets at most one, and it claims at most once (usedAt).
 */
export const handoverClaims = pgTable(
  'handover_claims',
  {
    ...baseColumns,
    handoverId: integer()
      .notNull()
      .references(() => chipHandovers.id, { onDelete: 'cascade' }),
    counter: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    usedBy: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('handover_claims_token_hash_uq').on(t.tokenHash),
    uniqueIndex('handover_claims_tap_uq').on(t.handoverId, t.counter),
    index('handover_claims_used_by_idx').on(t.usedBy),
    check('handover_claims_used_ck', sql`(${t.usedAt} is null) = (${t.usedBy} is null)`),
  ],
);

/**
 * An owner's fresh authentic tap that may open a handover (decision 038): the tap answer gives the chip's
 * signed-in owner a token (stored as a hash) bound to that tap's tag and counter. Opening the handover uses
 * it once, before expiresAt, and records its counter as the handover's start, so only later taps claim.
 */
export const handoverOwnerTaps = pgTable(
  'handover_owner_taps',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    /** The tag (nfc_tags.id) and the SDM read counter of the tap. */
    tagId: integer().notNull(),
    counter: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    /** When it opened a handover (once). */
    usedAt: tstz(),
  },
  (t) => [
    uniqueIndex('handover_owner_taps_token_hash_uq').on(t.tokenHash),
    // One tap, one token.
    uniqueIndex('handover_owner_taps_tap_uq').on(t.tagId, t.counter),
    index('handover_owner_taps_chip_id_idx').on(t.chipId),
    index('handover_owner_taps_owner_id_idx').on(t.ownerId),
  ],
);
