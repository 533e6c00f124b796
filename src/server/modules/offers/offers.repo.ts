import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { chipPictureUrl, chips } from '#server/modules/chips/index.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { users } from '#server/modules/users/users.table.ts';

export type OfferRow = typeof offers.$inferSelect;

/** Offers still waiting for an answer: to the owner (pending) or to the buyer (countered). */
const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const;

export async function insertOffer(tx: Db, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(offers).values(values).returning();
  return row!;
}

export async function findOfferRow(db: Db, id: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

export async function lockOfferRow(tx: Db, id: number): Promise<OfferRow | null> {
  const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateOfferRow(
  tx: Db,
  id: number,
  values: Partial<typeof offers.$inferInsert>,
): Promise<OfferRow> {
  const [row] = await tx.update(offers).set(values).where(eq(offers.id, id)).returning();
  return row!;
}

/** Declines the chip's open offers (all, or all but one); returns them for notifications. */
export async function declineOpenOffers(
  tx: Db,
  chipId: number,
  exceptOfferId: number | null,
): Promise<OfferRow[]> {
  return tx
    .update(offers)
    .set({ status: 'declined' })
    .where(
      and(
        eq(offers.chipId, chipId),
        inArray(offers.status, [...OPEN_OFFER_STATUSES, 'accepted']),
        exceptOfferId === null ? undefined : ne(offers.id, exceptOfferId),
      ),
    )
    .returning();
}

/** Open offers past their expiry, and accepted ones past their hold, become expired. */
export async function expireOffers(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(offers)
    .set({ status: 'expired' })
    .where(
      or(
        and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), lt(offers.expiresAt, now)),
        and(eq(offers.status, 'accepted'), lt(offers.acceptedUntil, now)),
      ),
    )
    .returning({ id: offers.id });
  return rows.length;
}

/** An open offer of this buyer on this chip, if any (one at a time). */
export async function findOpenOfferOfBuyer(
  tx: Db,
  chipId: number,
  buyerId: number,
  now: Date,
): Promise<OfferRow | null> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.chipId, chipId),
        eq(offers.buyerId, buyerId),
        or(
          and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), gt(offers.expiresAt, now)),
          and(eq(offers.status, 'accepted'), gt(offers.acceptedUntil, now)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

const buyer = alias(users, 'offer_buyer');
const owner = alias(users, 'offer_owner');
const creator = alias(users, 'offer_chip_creator');

function selectOffersWithNames(db: Db) {
  return db
    .select({
      offer: offers,
      chipTitle: chips.title,
      chipSlug: chips.slug,
      chipImageUrl: chipPictureUrl,
      chipPriceCents: chips.priceCents,
      chipHighestSaleCents: chips.highestPriceCents,
      creatorUsername: creator.username,
      buyerUsername: buyer.username,
      ownerUsername: owner.username,
    })
    .from(offers)
    .innerJoin(chips, eq(chips.id, offers.chipId))
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(owner, eq(owner.id, offers.ownerId));
}

export type OfferWithNames = Awaited<ReturnType<ReturnType<typeof selectOffersWithNames>['where']>>[number];

export async function findOfferWithNames(db: Db, id: number): Promise<OfferWithNames | null> {
  const [row] = await selectOffersWithNames(db).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

/** Offers where the user is the buyer ('sent') or the owner ('received'), newest first. */
export async function listOffersOf(db: Db, userId: number, side: 'sent' | 'received', limit = 200) {
  return selectOffersWithNames(db)
    .where(side === 'sent' ? eq(offers.buyerId, userId) : eq(offers.ownerId, userId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit);
}

/** Marks expired the user's offers that lapsed, so a read never shows a stale open offer. */
export async function expireOffersOf(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(offers)
    .set({ status: 'expired' })
    .where(
      and(
        or(eq(offers.buyerId, userId), eq(offers.ownerId, userId)),
        or(
          and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), lt(offers.expiresAt, now)),
          and(eq(offers.status, 'accepted'), lt(offers.acceptedUntil, now)),
        ),
      ),
    );
}

/**
 * How many offers wait for this user at `now`: received (on their chips, pending) and sent (their
 * own, countered, or accepted and holding the chip for their checkout). Lapsed offers never count.
 */
export async function countOffersAwaiting(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ received: number; sent: number }> {
  const [row] = await db
    .select({
      received: sql<number>`count(*) filter (where ${and(
        eq(offers.ownerId, userId),
        eq(offers.status, 'pending'),
        gt(offers.expiresAt, now),
      )})::int`,
      sent: sql<number>`count(*) filter (where ${and(
        eq(offers.buyerId, userId),
        or(
          and(eq(offers.status, 'countered'), gt(offers.expiresAt, now)),
          and(eq(offers.status, 'accepted'), gt(offers.acceptedUntil, now)),
        ),
      )})::int`,
    })
    .from(offers)
    .where(
      and(
        or(eq(offers.ownerId, userId), eq(offers.buyerId, userId)),
        inArray(offers.status, [...OPEN_OFFER_STATUSES, 'accepted']),
      ),
    );
  return { received: row?.received ?? 0, sent: row?.sent ?? 0 };
}
