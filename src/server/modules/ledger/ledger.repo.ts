import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ALLOCATION_KINDS,
  CASH_KINDS,
  SETTLEMENT_KINDS,
  type LedgerAccount,
  type LedgerKind,
} from '#shared/ledger.schemas.ts';
import { rowsOf, type Db } from '#server/db/client.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { ledgerHolds, ledgerLines } from './ledger.table.ts';

/**
 * When an order's money settled, as SQL over `orders`: kept in the vault (or nothing to ship), when
 * it was paid; shipped, when it was delivered (its 'delivered' step). Null while it has not, and
 * while the order has a hold not released (a buyer protection case: decision 070).
 */
const orderSettledAt = sql<Date | null>`case
  when exists (select 1 from ledger_holds h where h.order_id = ${orders.id} and h.released_at is null) then null
  when ${orders.shippingOption} = 'store' then ${orders.paidAt}
  else (select max(e.created_at) from order_events e where e.order_id = ${orders.id} and e.type = 'delivered')
end`;

/**
 * The fast-flip hold (decision 071): the resale `orders` row is a flip when its seller bought the chip
 * (a paid purchase) less than `flip.days` before this sale was paid. Its proceeds wait until that
 * purchase was paid at or before `flip.boughtBy` (now less flipHoldDays), and while that purchase has
 * a hold not released (a buyer protection case now; a card dispute when disputes land: their hold on
 * the purchase keeps this resale's proceeds back too). True while held.
 */
export type FlipHold = { boughtBy: Date; days: number };
function flipHeld(flip: FlipHold): SQL {
  return sql`exists (select 1 from orders p where p.chip_id = ${orders.chipId}
    and p.buyer_id = ${orders.sellerId} and p.order_type = 'purchase' and p.paid_at is not null
    and p.paid_at <= ${orders.paidAt} and ${orders.paidAt} - p.paid_at < make_interval(days => ${flip.days}::int)
    and (p.paid_at > ${flip.boughtBy}
      or exists (select 1 from ledger_holds ph where ph.order_id = p.id and ph.released_at is null)))`;
}

/**
 * When a flip's proceeds stop waiting for the purchase that brought the chip in (its paid time plus
 * `days`), as SQL over `orders`; null when this sale is no flip.
 */
function flipPayableAt(days: number): SQL<Date | string | null> {
  return sql<Date | string | null>`(select max(p.paid_at) + make_interval(days => ${days}::int) from orders p
    where p.chip_id = ${orders.chipId} and p.buyer_id = ${orders.sellerId} and p.order_type = 'purchase'
      and p.paid_at is not null and p.paid_at <= ${orders.paidAt}
      and ${orders.paidAt} - p.paid_at < make_interval(days => ${days}::int))`;
}

export type LedgerLineRow = typeof ledgerLines.$inferSelect;
export type NewLedgerLine = typeof ledgerLines.$inferInsert;

/** Appends lines; a line whose entryKey is already booked is skipped. Returns the lines booked now. */
export async function appendLines(tx: Db, lines: NewLedgerLine[]): Promise<LedgerLineRow[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(ledgerLines)
    .values(lines)
    .onConflictDoNothing({ target: ledgerLines.entryKey })
    .returning();
}

export async function listOrderLines(db: Db, orderId: number): Promise<LedgerLineRow[]> {
  return db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId)).orderBy(ledgerLines.id);
}

const inKinds = (kinds: readonly LedgerKind[]) => inArray(ledgerLines.kind, [...kinds]);

/**
 * A seller's or affiliate's money in the ledger: earned (allocation lines), paid out (settlement
 * lines, as a positive figure), and payable: the balance counting only orders settled at or before
 * `settledBy` (every settlement counts at once). Without settledBy everything earned is payable.
 */
export async function readAccountTotals(
  db: Db,
  userId: number,
  account: Extract<LedgerAccount, 'seller' | 'affiliate'>,
  settledBy?: Date,
  flip?: FlipHold,
): Promise<{ earnedCents: number; paidOutCents: number; payableCents: number }> {
  const payableFilter: SQL = settledBy
    ? sql`${ledgerLines.orderId} is null or ${inKinds(SETTLEMENT_KINDS)} or (${orderSettledAt} <= ${settledBy}${flip ? sql` and not ${flipHeld(flip)}` : sql``})`
    : sql`true`;
  const [row] = await db
    .select({
      earned: sql<number>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${inKinds(ALLOCATION_KINDS)}), 0)::int`,
      paidOut: sql<number>`coalesce(-sum(${ledgerLines.amountCents}) filter (where ${inKinds(SETTLEMENT_KINDS)}), 0)::int`,
      payable: sql<number>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${payableFilter}), 0)::int`,
    })
    .from(ledgerLines)
    .leftJoin(orders, eq(orders.id, ledgerLines.orderId))
    .where(and(eq(ledgerLines.userId, userId), eq(ledgerLines.account, account)));
  return {
    earnedCents: Number(row?.earned ?? 0),
    paidOutCents: Number(row?.paidOut ?? 0),
    payableCents: Number(row?.payable ?? 0),
  };
}

/**
 * When each of a seller's orders with unsettled or on-hold money settled (null: not yet), and with
 * `flipDays`, when a flip's proceeds stop waiting for the purchase that brought the chip in.
 */
export async function listSellerOrderSettlements(db: Db, userId: number, flipDays = 0) {
  return db
    .select({
      orderId: ledgerLines.orderId,
      amountCents: sql<number>`sum(${ledgerLines.amountCents})::int`,
      settledAt: sql<Date | string | null>`${orderSettledAt}`,
      flipPayableAt: flipDays > 0 ? flipPayableAt(flipDays) : sql<null>`null`,
    })
    .from(ledgerLines)
    .innerJoin(orders, eq(orders.id, ledgerLines.orderId))
    .where(and(eq(ledgerLines.userId, userId), eq(ledgerLines.account, 'seller'), inKinds(ALLOCATION_KINDS)))
    .groupBy(ledgerLines.orderId, orders.id);
}

/** Everyone with a positive payable balance on `account` (orders settled by `settledBy`). */
export async function listPayableAccounts(
  db: Db,
  account: Extract<LedgerAccount, 'seller' | 'affiliate'>,
  settledBy?: Date,
  flip?: FlipHold,
): Promise<{ userId: number; payableCents: number }[]> {
  const settled = settledBy
    ? or(
        isNull(ledgerLines.orderId),
        inKinds(SETTLEMENT_KINDS),
        sql`(${orderSettledAt} <= ${settledBy}${flip ? sql` and not ${flipHeld(flip)}` : sql``})`,
      )
    : undefined;
  const rows = await db
    .select({ userId: ledgerLines.userId, payableCents: sql<number>`sum(${ledgerLines.amountCents})::int` })
    .from(ledgerLines)
    .leftJoin(orders, eq(orders.id, ledgerLines.orderId))
    .where(and(eq(ledgerLines.account, account), settled))
    .groupBy(ledgerLines.userId)
    .having(sql`sum(${ledgerLines.amountCents}) > 0`);
  return rows.map((r) => ({ userId: r.userId!, payableCents: Number(r.payableCents) }));
}

/**
 * Seller proceeds per user for statistics: sales (orders whose proceeds stand) and their sum, and the
 * creator royalties standing (refunds reversed).
 */
export async function sumSellerEarnings(db: Db, userId: number) {
  const [row] = rowsOf<{ sold: number; earned: number; royalties: number }>(
    await db.execute(sql`select count(*) filter (where s > 0)::int as sold, coalesce(sum(s), 0)::int as earned,
        coalesce(sum(r), 0)::int as royalties
      from (select sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.kind} = 'seller_proceeds') as s,
          sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.kind} = 'creator_royalty') as r
        from ${ledgerLines}
        where ${ledgerLines.userId} = ${userId} and ${ledgerLines.account} = 'seller'
          and ${ledgerLines.kind} in ('seller_proceeds', 'creator_royalty')
        group by ${ledgerLines.orderId}) per_order`),
  );
  return {
    sold: Number(row?.sold ?? 0),
    earnedCents: Number(row?.earned ?? 0),
    royaltiesCents: Number(row?.royalties ?? 0),
  };
}

/**
 * What these users earned, by user: sale proceeds and affiliate commissions standing (refunds
 * reversed), whatever has been paid out since.
 */
export async function sumEarningsByUser(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { sellerProceedsCents: number; commissionsCents: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: ledgerLines.userId,
      proceeds: sql<number>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.kind} = 'seller_proceeds'), 0)::bigint`,
      commissions: sql<number>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.kind} = 'affiliate_commission'), 0)::bigint`,
    })
    .from(ledgerLines)
    .where(
      and(inArray(ledgerLines.userId, [...userIds]), inArray(ledgerLines.account, ['seller', 'affiliate'])),
    )
    .groupBy(ledgerLines.userId);
  return new Map(
    rows.map((r) => [
      r.userId!,
      { sellerProceedsCents: Number(r.proceeds), commissionsCents: Number(r.commissions) },
    ]),
  );
}

/** Per order: cash booked and money allocated, for every order with lines. */
export async function listOrderSums(db: Db) {
  return rowsOf<{ order_id: number; cash: number; allocated: number }>(
    await db.execute(sql`select ${ledgerLines.orderId} as order_id,
        coalesce(sum(${ledgerLines.amountCents}) filter (where ${inKinds(CASH_KINDS)}), 0)::bigint as cash,
        coalesce(sum(${ledgerLines.amountCents}) filter (where ${inKinds(ALLOCATION_KINDS)}), 0)::bigint as allocated
      from ${ledgerLines} where ${ledgerLines.orderId} is not null group by 1`),
  ).map((r) => ({
    orderId: Number(r.order_id),
    cashCents: Number(r.cash),
    allocatedCents: Number(r.allocated),
  }));
}

/** Per person and account: what the ledger says was paid out (payout lines only). */
export async function listLedgerPayoutTotals(db: Db) {
  return rowsOf<{ user_id: number; account: 'seller' | 'affiliate'; paid: number }>(
    await db.execute(sql`select ${ledgerLines.userId} as user_id, ${ledgerLines.account} as account,
        -sum(${ledgerLines.amountCents})::bigint as paid
      from ${ledgerLines} where ${ledgerLines.kind} = 'payout' group by 1, 2`),
  ).map((r) => ({ userId: Number(r.user_id), account: r.account, paidCents: Number(r.paid) }));
}

/** Ledger-wide figures: money captured and refunded, and what is owed to each kind of account. */
export async function readLedgerTotals(db: Db) {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select count(*)::int as lines,
        coalesce(sum(amount_cents) filter (where kind = 'payment'), 0)::bigint as captured,
        coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0)::bigint as refunded,
        coalesce(sum(amount_cents) filter (where account = 'seller'), 0)::bigint as sellers,
        coalesce(sum(amount_cents) filter (where account = 'affiliate'), 0)::bigint as affiliates,
        coalesce(sum(amount_cents) filter (where account = 'buyer' and kind = 'refund_due'), 0)::bigint as buyers
      from ${ledgerLines}`),
  );
  return {
    lineCount: Number(row?.lines ?? 0),
    capturedCents: Number(row?.captured ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    owedToSellersCents: Number(row?.sellers ?? 0),
    owedToAffiliatesCents: Number(row?.affiliates ?? 0),
    owedToBuyersCents: Number(row?.buyers ?? 0),
  };
}

/**
 * Per day (UTC) and payment provider: money in, refunds and fees; and per day the payouts.
 * `from` inclusive, `to` exclusive.
 */
export async function listDailyAccounting(db: Db, from: Date, to: Date) {
  return rowsOf<{
    day: string;
    provider: string;
    money_in: number;
    refunds: number;
    fees: number;
    payouts: number;
  }>(
    await db.execute(sql`select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        coalesce(o.payment_provider, 'payouts') as provider,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payment'), 0)::bigint as money_in,
        coalesce(-sum(l.amount_cents) filter (where l.kind = 'refund'), 0)::bigint as refunds,
        coalesce(sum(l.amount_cents) filter (where l.account = 'platform'), 0)::bigint as fees,
        coalesce(-sum(l.amount_cents) filter (where l.kind = 'payout'), 0)::bigint as payouts
      from ${ledgerLines} l left join ${orders} o on o.id = l.order_id
      where l.created_at >= ${from} and l.created_at < ${to}
      group by 1, 2 order by 1, 2`),
  ).map((r) => ({
    day: r.day,
    provider: r.provider,
    moneyInCents: Number(r.money_in),
    refundsCents: Number(r.refunds),
    feesCents: Number(r.fees),
    payoutsCents: Number(r.payouts),
  }));
}

/**
 * The platform's income: every line on the platform account (sale fees, mint fees and transfer
 * fees, less the affiliate commissions paid from them, less what refunds gave back), so discounts and
 * PayPal markups land in it too. Not gross sales: sellers' proceeds and shipping are not income.
 * Orders placed by demo accounts (the demo catalogue's purchases) never count.
 */
export async function sumPlatformIncome(db: Db): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)::bigint` })
    .from(ledgerLines)
    .leftJoin(orders, eq(orders.id, ledgerLines.orderId))
    .leftJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(ledgerLines.account, 'platform'), sql`not coalesce(${users.isDemo}, false)`));
  const cents = Number(row?.cents ?? 0);
  if (!Number.isSafeInteger(cents)) throw new Error('Platform income is beyond a safe integer of cents');
  return cents;
}

/**
 * What sellers are owed and not yet paid, in cents (the Overview's pending payouts): each seller's
 * balance (proceeds less payouts, refunds and fees owed on sales paid to them directly), counting only
 * those owed something, so one seller's debt never hides what another is owed. Proceeds still in their
 * hold count (owed, not yet payable). The demo catalogue's accounts are never paid and never count.
 */
export async function sumOwedToSellers(db: Db): Promise<number> {
  const [row] = rowsOf<{ cents: string | number }>(
    await db.execute(sql`select coalesce(sum(balance), 0)::bigint as cents from (
        select sum(l.amount_cents) as balance from ${ledgerLines} l join ${users} u on u.id = l.user_id
        where l.account = 'seller' and not u.is_demo group by l.user_id) per_seller
      where balance > 0`),
  );
  const cents = Number(row?.cents ?? 0);
  if (!Number.isSafeInteger(cents)) throw new Error('Seller balances are beyond a safe integer of cents');
  return cents;
}

/**
 * Holds an order's proceeds back from payout under `key` (once: holding again changes nothing) until
 * releaseOrderProceeds. Decision 070: a buyer protection case holds its sale while it is open.
 */
export async function holdOrderProceeds(
  tx: Db,
  args: { key: string; orderId: number; reason: string; at: Date },
): Promise<void> {
  await tx
    .insert(ledgerHolds)
    .values({ key: args.key, orderId: args.orderId, reason: args.reason, createdAt: args.at })
    .onConflictDoNothing({ target: ledgerHolds.key });
}

/** Releases the hold under `key` (nothing when there is none or it was released already). */
export async function releaseOrderProceeds(tx: Db, args: { key: string; at: Date }): Promise<void> {
  await tx
    .update(ledgerHolds)
    .set({ releasedAt: args.at })
    .where(and(eq(ledgerHolds.key, args.key), isNull(ledgerHolds.releasedAt)));
}

/** The orders with a hold not released (an affiliate's commissions of them wait: decision 076). */
export async function listHeldOrderIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ orderId: ledgerHolds.orderId })
    .from(ledgerHolds)
    .where(isNull(ledgerHolds.releasedAt));
  return new Set(rows.map((r) => r.orderId));
}

/** Whether an order's proceeds are held now. */
export async function isOrderHeld(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerHolds.id })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.orderId, orderId), isNull(ledgerHolds.releasedAt)))
    .limit(1);
  return row !== undefined;
}
