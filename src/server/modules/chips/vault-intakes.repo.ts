import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { LIVE_VAULT_INTAKE_STATUSES, type VaultIntakeStatus } from '#shared/vault-intakes.schemas.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chipPictureUrl, chips } from './chips.table.ts';
import { vaultIntakes } from './vault-intakes.table.ts';

export type VaultIntakeRow = typeof vaultIntakes.$inferSelect;
type NewVaultIntakeRow = typeof vaultIntakes.$inferInsert;

/** The chip's live inbound shipment (awaiting arrival or received), or null; `lock` takes it FOR UPDATE. */
export async function findLiveIntake(db: Db, chipId: number, lock = false): Promise<VaultIntakeRow | null> {
  const query = db
    .select()
    .from(vaultIntakes)
    .where(
      and(eq(vaultIntakes.chipId, chipId), inArray(vaultIntakes.status, [...LIVE_VAULT_INTAKE_STATUSES])),
    )
    .orderBy(desc(vaultIntakes.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The chip's latest inbound shipment in any state, or null. */
export async function findLatestIntake(db: Db, chipId: number): Promise<VaultIntakeRow | null> {
  const [row] = await db
    .select()
    .from(vaultIntakes)
    .where(eq(vaultIntakes.chipId, chipId))
    .orderBy(desc(vaultIntakes.id))
    .limit(1);
  return row ?? null;
}

export async function insertIntake(tx: Db, values: NewVaultIntakeRow): Promise<VaultIntakeRow> {
  const [row] = await tx.insert(vaultIntakes).values(values).returning();
  return row!;
}

export async function updateIntake(
  tx: Db,
  id: number,
  values: Partial<NewVaultIntakeRow>,
): Promise<VaultIntakeRow> {
  const [row] = await tx.update(vaultIntakes).set(values).where(eq(vaultIntakes.id, id)).returning();
  return row!;
}

/** The admin queue: shipments in `statuses`, oldest first, with their chip and owner. */
export async function listIntakesWithPeople(db: Db, statuses: readonly VaultIntakeStatus[], limit = 200) {
  return db
    .select({
      intake: vaultIntakes,
      chipTitle: chips.title,
      chipUnitId: chips.unitId,
      chipImageUrl: chipPictureUrl,
      ownerUsername: users.username,
      ownerEmail: users.email,
    })
    .from(vaultIntakes)
    .innerJoin(chips, eq(chips.id, vaultIntakes.chipId))
    .innerJoin(users, eq(users.id, vaultIntakes.ownerId))
    .where(inArray(vaultIntakes.status, [...statuses]))
    .orderBy(asc(vaultIntakes.createdAt), asc(vaultIntakes.id))
    .limit(limit);
}
