import type { Db } from '#server/db/client.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { randomUnitId } from '#server/modules/chips/chips.service.ts';
import { insertUser } from './users.ts';

export type ChipOverrides = Partial<typeof chips.$inferInsert>;

let seq = 0;

/** Ready-made chip states to spread into overrides: `insertChip(db, { ...CHIP_STATES.pending })`. */
export const CHIP_STATES = {
  /** Live in the marketplace (the default). */
  listed: { status: 'active' as const },
  /** Made, not yet listed by its creator (a paid mint waiting for activation): public, not for sale. */
  pending: { status: 'pending' as const },
  /** Taken off the market by its owner or an admin. */
  inactive: { status: 'inactive' as const },
  /** Bought: off the market, still viewable on its page. */
  sold: { status: 'sold' as const },
  /** Taken down by an admin: hidden from all but its creator, owner and admins (decision 062). */
  removed: { status: 'removed' as const },
} satisfies Record<string, ChipOverrides>;

/** Plain data for a listed $25.00 round chip with a unique slug and unit ID. */
function buildChip(overrides: ChipOverrides & { creatorId: number }) {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return {
    title: `Artwork ${n}`,
    slug: `artwork-${n}`,
    description: 'A chip made for a test.',
    priceCents: 2500,
    highestPriceCents: overrides.priceCents ?? 2500,
    unitId: randomUnitId(),
    shape: 'round' as const,
    imageUrl: `/media/${'a'.repeat(64)}.webp`,
    originalImageUrl: `/media/${'b'.repeat(64)}.png`,
    ownerId: overrides.creatorId,
    ...CHIP_STATES.listed,
    ...overrides,
  };
}

/** Inserts a chip (creating a creator when `creatorId` is absent); listed and priced unless overridden. */
export async function insertChip(db: Db, overrides: ChipOverrides = {}) {
  const creatorId = overrides.creatorId ?? (await insertUser(db)).user.id;
  const [row] = await db
    .insert(chips)
    .values(buildChip({ ...overrides, creatorId }))
    .returning();
  return row!;
}

/** Inserts a provenance event for a chip. */
export async function insertChipEvent(
  db: Db,
  overrides: Partial<typeof chipEvents.$inferInsert> & { chipId: number },
) {
  const [row] = await db
    .insert(chipEvents)
    .values({ type: 'minted', data: {}, ...overrides })
    .returning();
  return row!;
}
