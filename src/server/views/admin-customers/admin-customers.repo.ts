import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { likePattern } from '#server/lib/sql.ts';
import { chipPictureUrl, chips } from '#server/modules/chips/index.ts';
import { orders } from '#server/modules/orders/index.ts';
import { shippingAddresses, users } from '../../modules/users/users.table.ts';

// Written out with explicit table names: Drizzle drops the table prefix from columns inside a
// single-table select, which would turn "users.id" into the subquery's own "id".
const totals = {
  totalMinted: sql<number>`(select count(*)::int from chips c where c.creator_id = "users"."id")`,
  totalPurchased: sql<number>`(select count(*)::int from orders o where o.buyer_id = "users"."id"
    and o.order_type = 'purchase' and o.payment_status = 'completed')`,
  totalSpentCents: sql<number>`(select coalesce(sum(o.total_cents), 0)::bigint from orders o
    where o.buyer_id = "users"."id" and o.payment_status = 'completed')`,
};

const customerColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
  ...totals,
};

/** Customers (role user), newest first, matching q on username, e-mail or name; keyset on id. */
export async function listCustomers(
  db: Db,
  args: { q?: string | undefined; beforeId?: number | undefined; limit: number },
) {
  const conditions: SQL[] = [eq(users.role, 'user')];
  if (args.q) {
    const p = likePattern(args.q);
    conditions.push(
      or(
        ilike(users.username, p),
        ilike(users.email, p),
        ilike(users.firstName, p),
        ilike(users.lastName, p),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, p),
      )!,
    );
  }
  if (args.beforeId !== undefined) conditions.push(lt(users.id, args.beforeId));
  return db
    .select(customerColumns)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.id))
    .limit(args.limit);
}

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      ...customerColumns,
      phone: users.phone,
      paypalEmail: users.paypalEmail,
      affiliateCode: users.affiliateCode,
      referredBy: users.referredBy,
      isEmailVerified: users.isEmailVerified,
      role: users.role,
      payoutsFrozenAt: users.payoutsFrozenAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export function listCustomerAddresses(db: Db, userId: number) {
  return db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(desc(shippingAddresses.isDefault), shippingAddresses.id);
}

const creators = alias(users, 'creators');
const chipColumns = {
  id: chips.id,
  title: chips.title,
  slug: chips.slug,
  imageUrl: chipPictureUrl,
  priceCents: chips.priceCents,
  status: chips.status,
  shippingOption: sql<string>`${chips.shippingOption}`,
  creatorUsername: creators.username,
};

/** Bounded: the detail shows the newest 100 of each collection. */
export function listMintedChips(db: Db, userId: number) {
  return db
    .select(chipColumns)
    .from(chips)
    .innerJoin(creators, eq(creators.id, chips.creatorId))
    .where(eq(chips.creatorId, userId))
    .orderBy(desc(chips.id))
    .limit(100);
}

export function listPurchasedChips(db: Db, userId: number) {
  return db
    .select(chipColumns)
    .from(chips)
    .innerJoin(creators, eq(creators.id, chips.creatorId))
    .where(
      inArray(
        chips.id,
        db
          .select({ id: sql<number>`${orders.chipId}` })
          .from(orders)
          .where(
            and(
              eq(orders.buyerId, userId),
              eq(orders.orderType, 'purchase'),
              eq(orders.paymentStatus, 'completed'),
            ),
          ),
      ),
    )
    .orderBy(desc(chips.id))
    .limit(100);
}
