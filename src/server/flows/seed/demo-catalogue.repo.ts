import { alias } from 'drizzle-orm/pg-core';
import { and, count, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { chips } from '#server/modules/chips/index.ts';
import { orders } from '#server/modules/orders/index.ts';
import { users } from '#server/modules/users/index.ts';
import { COMPANY_USERNAME } from './seed.service.ts';

const creator = alias(users, 'demo_creator');
const owner = alias(users, 'demo_owner');

const isCompany = (username: AnyColumn) => sql`lower(${username}) = ${COMPANY_USERNAME}`;

/**
 * A chip of the demo catalogue (chips.is_demo: the demo creators' and the company's seeded editions)
 * still held by the demo side: owned by a demo account or the company. A demo chip a real person
 * bought is theirs, and stays.
 */
const DEMO_CHIP: SQL = and(eq(chips.isDemo, true), or(eq(owner.isDemo, true), isCompany(owner.username)))!;

function demoChips(db: Db) {
  return db
    .select({ id: chips.id, status: chips.status })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .innerJoin(owner, eq(owner.id, sql`coalesce(${chips.ownerId}, ${chips.creatorId})`))
    .$dynamic();
}

/**
 * The demo chips visitors can still see (every status but removed), by id, locked for the rest of the
 * transaction so that none is sold to a real person between this read and their removal.
 */
export async function lockVisibleDemoChipIds(tx: Db): Promise<number[]> {
  const rows = await demoChips(tx)
    .where(and(DEMO_CHIP, sql`${chips.status} <> 'removed'`))
    .orderBy(chips.id)
    .for('update', { of: chips });
  return rows.map((r) => r.id);
}

/** How much of the demo catalogue there is: chips seen and hidden, accounts, and their paid purchases. */
export async function countDemoCatalogue(db: Db) {
  const [chipRows, [accounts], [purchases]] = await Promise.all([
    demoChips(db).where(DEMO_CHIP),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isDemo, true), sql`not ${isCompany(users.username)}`)),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(
        and(
          eq(users.isDemo, true),
          sql`not ${isCompany(users.username)}`,
          eq(orders.orderType, 'purchase'),
          eq(orders.paymentStatus, 'completed'),
        ),
      ),
  ]);
  const hidden = chipRows.filter((r) => r.status === 'removed').length;
  return {
    visibleChips: chipRows.length - hidden,
    hiddenChips: hidden,
    accounts: Number(accounts?.n ?? 0),
    purchases: Number(purchases?.n ?? 0),
  };
}
