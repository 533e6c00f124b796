import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import { COMPANY_CREATOR_ID } from '#shared/chips.schemas.ts';

/** Integer text from SQL (bigint sums) → number, refusing anything JS cannot hold exactly. */
function safeInt(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return n;
}

/** The user with this id is not a demo account (users.is_demo: the demo catalogue's people). */
function realUser(userId: SQL): SQL {
  return sql`not exists (select 1 from users demo where demo.id = ${userId} and demo.is_demo)`;
}

/** The order is not a purchase of a demo catalogue chip (chips.is_demo). */
function realChipOrder(chipId: SQL): SQL {
  return sql`not exists (select 1 from chips dc where dc.id = ${chipId} and dc.is_demo)`;
}

/** The figures, each over every chip, order and account when `real` is false, else without the demo catalogue's. */
function figures(real: boolean): SQL {
  const keep = (condition: SQL) => (real ? sql`and ${condition}` : sql``);
  const realChip = sql`not c.is_demo ${keep(realUser(sql`c.creator_id`))}`;
  const chipFilter = real ? sql`and ${realChip}` : sql``;
  return sql`
        (select count(*) from chips c where c.status = 'active' ${chipFilter})::text as chips_listed,
        (select count(*) from chips c where true ${chipFilter})::text as chips_minted,
        (select count(distinct c.creator_id) from chips c
           where c.status not in ('pending', 'removed') ${chipFilter})::text as active_creators,
        (select coalesce(sum(o.total_cents), 0) from orders o
           where o.order_type = 'purchase' and o.payment_status = 'completed'
             ${keep(realUser(sql`o.buyer_id`))} ${keep(realChipOrder(sql`o.chip_id`))})::text as total_sales_cents,
        (select count(*) from (
           select o.buyer_id as user_id from orders o
             where o.order_type = 'purchase' and o.payment_status = 'completed'
           union
           select c.owner_id from chips c where c.owner_id is not null and c.owner_id <> c.creator_id
         ) collectors where true ${keep(realUser(sql`collectors.user_id`))})::text as collectors`;
}

function toFigures(row: Record<string, unknown> | undefined) {
  return {
    chipsListed: safeInt(row?.chips_listed),
    chipsMinted: safeInt(row?.chips_minted),
    activeCreators: safeInt(row?.active_creators),
    totalSalesCents: safeInt(row?.total_sales_cents),
    collectors: safeInt(row?.collectors),
  };
}

/**
 * Figures for the landing and marketplace stats, all from the database: the real ones leave the demo
 * catalogue out (not its chips, chips.is_demo, the company's seeded ones included; not its accounts,
 * users.is_demo, as creators, buyers or collectors; not the orders of its chips), and `demo` says how much
 * the demo catalogue adds, so a page shows either both, marked, or neither (decision 056).
 */
export async function readMarketplaceStats(db: Db) {
  const [real] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${figures(true)}`));
  const [all] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${figures(false)}`));
  const r = toFigures(real);
  const a = toFigures(all);
  return {
    ...r,
    demo: {
      chipsListed: a.chipsListed - r.chipsListed,
      chipsMinted: a.chipsMinted - r.chipsMinted,
      activeCreators: Math.max(0, a.activeCreators - r.activeCreators),
      totalSalesCents: a.totalSalesCents - r.totalSalesCents,
      collectors: Math.max(0, a.collectors - r.collectors),
    },
  };
}

export type TopMinterRow = {
  userId: number;
  username: string;
  profileImageUrl: string | null;
  createdAt: Date;
  totalMinted: number;
  affiliateCount: number;
  totalSalesCents: number;
};

/**
 * Top Minters: real creators (no demo account, not the company, no name made from an e-mail and not
 * picked yet: decision 060) ranked by their activated chips,
 * listed or sold (pending and inactive ones do not count); ties go to the earlier member. Sales leave
 * out orders bought by demo accounts, referrals leave out demo accounts (earnings: the ledger's).
 */
export async function listTopMinterRows(db: Db, limit = 10): Promise<TopMinterRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select u.id as user_id, u.username, u.profile_image_url, u.created_at::text as created_at,
        m.total_minted::text as total_minted,
        (select count(*) from users r where r.referred_by = u.id and not r.is_demo)::text as affiliate_count,
        (select coalesce(sum(o.total_cents), 0) from orders o
           where o.seller_id = u.id and o.order_type = 'purchase' and o.payment_status = 'completed'
             and ${realUser(sql`o.buyer_id`)} and ${realChipOrder(sql`o.chip_id`)})::text as total_sales
      from (select c.creator_id, count(*) as total_minted from chips c
            where c.status in ('active', 'sold') and not c.is_demo and c.creator_id <> ${COMPANY_CREATOR_ID}
              and ${realUser(sql`c.creator_id`)}
              and not exists (select 1 from users p where p.id = c.creator_id and p.username_is_private)
            group by c.creator_id
            order by count(*) desc, c.creator_id asc limit ${limit}) m
      join users u on u.id = m.creator_id
      order by m.total_minted desc, u.id asc
    `),
  );
  return rows.map((r) => ({
    userId: safeInt(r.user_id),
    username: String(r.username),
    profileImageUrl: (r.profile_image_url as string | null) ?? null,
    createdAt: new Date(String(r.created_at)),
    totalMinted: safeInt(r.total_minted),
    affiliateCount: safeInt(r.affiliate_count),
    totalSalesCents: safeInt(r.total_sales),
  }));
}
