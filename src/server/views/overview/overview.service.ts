import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import { sumPendingCommissions } from '#server/modules/affiliates/index.ts';
import { sumOwedToSellers, sumPlatformIncome } from '#server/modules/ledger/index.ts';
import { readOrderTotals } from '#server/modules/orders/index.ts';
import { countCustomers } from '#server/modules/users/index.ts';
import type { AdminStats } from '#shared/admin.schemas.ts';

/**
 * Every chip that exists, and those available (listed), each with how many of them are the demo
 * catalogue's (a demo chip, or a demo account's): the admin's Overview counts what is in the database (issue 27: it said 0 beside the
 * 12 demo chips its own Artchips tab listed), and says which part is demo.
 */
async function countAllChips(
  db: Db,
): Promise<{ total: number; available: number; demoTotal: number; demoAvailable: number }> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select
      count(*)::int as total,
      count(*) filter (where c.is_available)::int as available,
      count(*) filter (where d.demo)::int as demo_total,
      count(*) filter (where c.is_available and d.demo)::int as demo_available
      from chips c
      cross join lateral (select c.is_demo or exists (
        select 1 from users u where u.id = c.creator_id and u.is_demo) as demo) d`),
  );
  return {
    total: Number(row?.total ?? 0),
    available: Number(row?.available ?? 0),
    demoTotal: Number(row?.demo_total ?? 0),
    demoAvailable: Number(row?.demo_available ?? 0),
  };
}

/**
 * The Overview figures, a read model across chips, orders, affiliates and users: each owner answers
 * its own aggregate queries over indexed columns, and this only puts them side by side.
 */
export async function getAdminStats(db: Db, opts: { livePayments: boolean }): Promise<AdminStats> {
  const [chips, orders, revenueCents, sellersCents, affiliatesCents, totalCustomers] = await Promise.all([
    countAllChips(db),
    readOrderTotals(db),
    sumPlatformIncome(db),
    sumOwedToSellers(db),
    sumPendingCommissions(db),
    countCustomers(db),
  ]);
  return {
    totalChips: chips.total,
    availableChips: chips.available,
    demoChips: chips.demoTotal,
    demoAvailableChips: chips.demoAvailable,
    demoCatalogueNotForSale: opts.livePayments && chips.demoAvailable > 0,
    activeSurprizeOrders: orders.activeSurprize,
    ordersByStatus: orders.byStatus,
    revenueCents,
    pendingPayoutsCents: sellersCents + affiliatesCents,
    pendingSellerPayoutsCents: sellersCents,
    pendingAffiliatePayoutsCents: affiliatesCents,
    totalCustomers,
  };
}
