import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { VAULT_INTAKE_STATUSES } from '#shared/vault-intakes.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from './chips.table.ts';

/**
 * An inbound shipment: the owner of a chip they hold sends it back to the vault (issue 28). Only
 * vault-intake-lifecycle.ts writes it; states in VAULT_INTAKE_STATUSES.
 */
export const vaultIntakes = pgTable(
  'vault_intakes',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    status: text().$type<(typeof VAULT_INTAKE_STATUSES)[number]>().notNull(),
    /** What the owner writes on the parcel (unique), so the vault knows whose it is. */
    reference: text().notNull(),
    /** The vault's address as it was when the owner asked (the setting may change later). */
    vaultAddress: text().notNull(),
    refusalReason: text(),
    receivedAt: tstz(),
    checkedInAt: tstz(),
    refusedAt: tstz(),
    cancelledAt: tstz(),
    /** The admin who checked it in or refused it, and the tag counter of the tap that checked it in. */
    decidedBy: integer().references(() => users.id),
    tapCounter: integer(),
  },
  (t) => [
    checkOneOf('vault_intakes_status_ck', t.status, VAULT_INTAKE_STATUSES),
    check('vault_intakes_in_vault_ck', sql`(${t.status} = 'in_vault') = (${t.checkedInAt} is not null)`),
    check(
      'vault_intakes_refused_ck',
      sql`(${t.status} = 'refused') = (${t.refusedAt} is not null and ${t.refusalReason} is not null)`,
    ),
    check('vault_intakes_tap_ck', sql`${t.status} <> 'in_vault' or ${t.tapCounter} is not null`),
    // One live inbound shipment per chip.
    uniqueIndex('vault_intakes_live_uq')
      .on(t.chipId)
      .where(sql`${t.status} in ('awaiting_arrival', 'received')`),
    uniqueIndex('vault_intakes_reference_uq').on(t.reference),
    index('vault_intakes_chip_id_idx').on(t.chipId, t.createdAt),
    index('vault_intakes_live_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('awaiting_arrival', 'received')`),
  ],
);
