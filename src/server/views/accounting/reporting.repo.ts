/**
 * Reporting thresholds (decision 077), read-only: each seller's sales of a calendar year, joined
 * across orders, the ledger and users. A sale is a purchase order of a chip with a seller, paid
 * (payment completed) in the year; its gross is its sale price (base price), scaled by the share of
 * the seller's proceeds still standing, so a partial refund lowers it and a full refund (or a lost
 * dispute, which reverses the proceeds) leaves the sale out. The demo catalogue never counts.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';

/** Integer text from SQL (bigint sums) → number, refusing anything JS cannot hold exactly. */
function safeInt(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return n;
}

export type SellerYearRow = {
  userId: number;
  username: string;
  email: string;
  name: string | null;
  salesCount: number;
  grossCents: number;
};

/** The sales of every seller paid in [from, to), one row per seller with at least one. */
export async function listSellerSales(db: Db, from: Date, to: Date): Promise<SellerYearRow[]> {
  const rows = rowsOf<{
    user_id: number;
    username: string;
    email: string;
    name: string | null;
    sales: string;
    gross: string;
  }>(
    await db.execute(sql`
      with sale as (
        select o.id, o.seller_id, o.base_price_cents,
          coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0)::bigint as booked,
          coalesce(sum(l.amount_cents), 0)::bigint as standing
        from orders o
        left join ledger_lines l on l.order_id = o.id and l.account = 'seller'
          and l.kind = 'seller_proceeds' and l.user_id = o.seller_id
        where o.order_type = 'purchase' and o.seller_id is not null
          and o.payment_status = 'completed'
          and o.paid_at >= ${from} and o.paid_at < ${to}
          and not exists (select 1 from chips c where c.id = o.chip_id and c.is_demo)
          and not exists (select 1 from users d where d.id = o.buyer_id and d.is_demo)
        group by o.id
      ), counted as (
        select seller_id,
          case when booked = 0 then base_price_cents::bigint
               else round(base_price_cents::numeric * standing / booked)::bigint end as gross
        from sale
        where booked = 0 or standing > 0
      )
      select u.id as user_id, u.username, u.email,
        nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name,
        count(*)::text as sales, sum(s.gross)::text as gross
      from counted s join users u on u.id = s.seller_id
      where not u.is_demo
      group by u.id`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    email: r.email,
    name: r.name,
    salesCount: safeInt(r.sales),
    grossCents: safeInt(r.gross),
  }));
}

/** The calendar years (UTC) in which any sale was paid. */
export async function listSaleYears(db: Db): Promise<number[]> {
  const rows = rowsOf<{ year: number }>(
    await db.execute(sql`
      select distinct extract(year from o.paid_at at time zone 'UTC')::int as year
      from orders o
      where o.order_type = 'purchase' and o.seller_id is not null and o.paid_at is not null
      order by 1 desc`),
  );
  return rows.map((r) => Number(r.year));
}
